-- Search over the published papers (issue 21 §4, decision in docs/decisions): a weighted text-search vector every
-- row keeps itself (a STORED generated column, so no writer has to remember to index), Arabic read through the
-- same normalisation as core's `normalizeSearchText` (packages/core/src/search-text.ts; a test runs both on one
-- table), English stemmed. The column and its index are left out of the drizzle schema on purpose: `select()` of an
-- archived paper never carries the vector.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
-- Removes the harakat and Quranic marks (U+064B–U+065F), the superscript alef (U+0670) and tatweel (U+0640); reads
-- أ إ آ ٱ as ا, ى as ي and ة as ه. `translate` drops the characters of its second argument that have no counterpart
-- in the third.
CREATE OR REPLACE FUNCTION search_normalize(input text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT translate(input,
    E'\u0623\u0625\u0622\u0671\u0649\u0629\u064B\u064C\u064D\u064E\u064F\u0650\u0651\u0652\u0653\u0654\u0655\u0656\u0657\u0658\u0659\u065A\u065B\u065C\u065D\u065E\u065F\u0670\u0640',
    E'\u0627\u0627\u0627\u0627\u064A\u0647') $$;--> statement-breakpoint
-- The weighted vector of an archived paper: its titles and subtitle (A), keywords and authors (B), abstracts (C).
-- The `english` configuration stems English words and leaves Arabic words (already normalised) as they are. The
-- function it calls is named with its schema: a restore (pg_dump) computes the column with an empty search_path.
CREATE OR REPLACE FUNCTION archive_search_vector(
  title_en text, title_ar text, subtitle text, keywords text[], corresponding_author text, joint_authors text[],
  abstract_en text, abstract_ar text
) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT
    setweight(to_tsvector('english'::regconfig,
      public.search_normalize(coalesce(title_en, '') || ' ' || coalesce(title_ar, '') || ' ' || coalesce(subtitle, ''))), 'A')
    || setweight(to_tsvector('english'::regconfig, public.search_normalize(
      coalesce(array_to_string(keywords, ' '), '') || ' ' || coalesce(corresponding_author, '') || ' '
      || coalesce(array_to_string(joint_authors, ' '), ''))), 'B')
    || setweight(to_tsvector('english'::regconfig,
      public.search_normalize(coalesce(abstract_en, '') || ' ' || coalesce(abstract_ar, ''))), 'C') $$;--> statement-breakpoint
ALTER TABLE "archived_papers" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (archive_search_vector(
  "title_en", "title_ar", "subtitle", "keywords", "corresponding_author", "joint_authors", "abstract_en", "abstract_ar"
)) STORED NOT NULL;--> statement-breakpoint
-- One journal's published papers that hold the words: GIN intersects the journal's entries with each word's.
CREATE INDEX "archived_papers_search_idx" ON "archived_papers" USING gin ("journal_id", "search_vector") WHERE "published";
