-- Search reads Arabic words without their definite article (issue 21 §4, decision 0034): ال and the particles joined
-- to it (وال فال بال كال, and لل, ولل, فلل for ل + ال) are dropped at a word's start when two Arabic letters or more follow,
-- after the letters are folded as before. The pattern is core's SEARCH_ARTICLE (packages/core/src/search-text.ts),
-- character for character; a test runs both on one table of pairs.
CREATE OR REPLACE FUNCTION search_normalize(input text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT regexp_replace(translate(input,
    E'\u0623\u0625\u0622\u0671\u0649\u0629\u064B\u064C\u064D\u064E\u064F\u0650\u0651\u0652\u0653\u0654\u0655\u0656\u0657\u0658\u0659\u065A\u065B\u065C\u065D\u065E\u065F\u0670\u0640',
    E'\u0627\u0627\u0627\u0627\u064A\u0647'),
    '(^|[^\u0621-\u064A])(?:[\u0648\u0641\u0628\u0643]?\u0627\u0644|[\u0648\u0641]?\u0644\u0644)(?=[\u0621-\u064A]{2})', '\1', 'g') $$;--> statement-breakpoint
-- A stored column is computed when its row is written: the vectors are written again, with the new reading, by
-- adding the column anew (its index with it).
ALTER TABLE "archived_papers" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "archived_papers" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (archive_search_vector(
  "title_en", "title_ar", "subtitle", "keywords", "corresponding_author", "joint_authors", "abstract_en", "abstract_ar"
)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "archived_papers_search_idx" ON "archived_papers" USING gin ("journal_id", "search_vector") WHERE "published";
