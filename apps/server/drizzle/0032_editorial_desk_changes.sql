-- What a process remembers of the editorial desk (features/editorial/editorial.service.ts, decision 0064): the
-- nine cards and the last-updated papers, and each card's first page, per journal, caller, scope and day. They are
-- read from papers (whose every change is announced already on author_dashboards with `creator:journal` pairs,
-- migration 0030), from desk_paper_counts (which follow papers in the same transaction, migration 0028), from the
-- names of the papers' specializations, and from whom the caller co-authors (paper_authors matched on the caller's
-- e-mail: never theirs to run). This channel announces the last three: the payload is the transaction's id, a
-- space, and the journal ids whose desks to read again joined by commas, or `*` (every desk) on a change of a
-- user's e-mail or a truncation. Statement-level, so a batch notifies once.
-- A paper whose creator was erased (decision 0053) has no creator: migration 0030 left it unannounced, so the desk
-- would not hear its changes. It is announced now with an empty creator (`:journal`), which names no author's
-- dashboard.
CREATE OR REPLACE FUNCTION notify_author_dashboards() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pairs text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT coalesce(creator_id::text, '') || ':' || journal_id::text) INTO pairs FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT coalesce(creator_id::text, '') || ':' || journal_id::text) INTO pairs FROM old_rows;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(DISTINCT pair) INTO pairs FROM (
      SELECT coalesce(creator_id::text, '') || ':' || journal_id::text AS pair FROM new_rows
      UNION ALL
      SELECT coalesce(creator_id::text, '') || ':' || journal_id::text FROM old_rows
    ) AS changed;
  END IF;
  IF TG_OP <> 'TRUNCATE' AND pairs IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('author_dashboards', pg_current_xact_id()::text || ' ' ||
    CASE WHEN pairs IS NULL OR cardinality(pairs) > 500 THEN '*' ELSE array_to_string(pairs, ',') END);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION notify_editorial_desks() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  journals text[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('editorial_desks', pg_current_xact_id()::text || ' *');
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'users' THEN
    IF EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE lower(o.email) IS DISTINCT FROM lower(n.email)) THEN
      PERFORM pg_notify('editorial_desks', pg_current_xact_id()::text || ' *');
    END IF;
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'specializations' THEN
    IF TG_OP = 'DELETE' THEN
      SELECT array_agg(DISTINCT journal_id::text) INTO journals FROM old_rows;
    ELSE
      SELECT array_agg(DISTINCT o.journal_id::text) INTO journals
        FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.name_en, o.name_ar, o.journal_id) IS DISTINCT FROM (n.name_en, n.name_ar, n.journal_id);
    END IF;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT p.journal_id::text) INTO journals FROM new_rows a JOIN papers p ON p.id = a.paper_id;
  ELSIF TG_OP = 'DELETE' THEN
    -- A paper's delete takes its authors with it: the paper is gone and its own trigger spoke, so no journal is
    -- found here then.
    SELECT array_agg(DISTINCT p.journal_id::text) INTO journals FROM old_rows a JOIN papers p ON p.id = a.paper_id;
  ELSE
    SELECT array_agg(DISTINCT p.journal_id::text) INTO journals FROM (
      SELECT paper_id FROM new_rows UNION SELECT paper_id FROM old_rows
    ) AS a JOIN papers p ON p.id = a.paper_id;
  END IF;
  IF journals IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('editorial_desks', pg_current_xact_id()::text || ' ' ||
    CASE WHEN cardinality(journals) > 500 THEN '*' ELSE array_to_string(journals, ',') END);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER paper_authors_desks_insert AFTER INSERT ON paper_authors REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_editorial_desks();
--> statement-breakpoint
CREATE TRIGGER paper_authors_desks_update AFTER UPDATE ON paper_authors REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_editorial_desks();
--> statement-breakpoint
CREATE TRIGGER paper_authors_desks_delete AFTER DELETE ON paper_authors REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_editorial_desks();
--> statement-breakpoint
CREATE TRIGGER paper_authors_desks_truncate AFTER TRUNCATE ON paper_authors
  FOR EACH STATEMENT EXECUTE FUNCTION notify_editorial_desks();
--> statement-breakpoint
CREATE TRIGGER specializations_desks_update AFTER UPDATE ON specializations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_editorial_desks();
--> statement-breakpoint
CREATE TRIGGER specializations_desks_delete AFTER DELETE ON specializations REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_editorial_desks();
--> statement-breakpoint
CREATE TRIGGER specializations_desks_truncate AFTER TRUNCATE ON specializations
  FOR EACH STATEMENT EXECUTE FUNCTION notify_editorial_desks();
--> statement-breakpoint
CREATE TRIGGER users_desks_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_editorial_desks();
--> statement-breakpoint
CREATE TRIGGER users_desks_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_editorial_desks();
