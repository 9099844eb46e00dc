-- What a process remembers of authors' dashboards (features/submissions/author-dashboard.service.ts) is read from papers
-- alone: its page, and its cards from author_paper_counts, which follow papers in the same transaction (migration
-- 0006). So any insert, update or delete of papers tells every listening connection, in the commit, whose
-- dashboards in which journal to read again (decision 0063). Statement-level, so a batch notifies once. The payload
-- is the transaction's id, a space, and the changed papers' `creator:journal` pairs joined by commas, or `*` (every
-- dashboard) when a statement touched more than 500 pairs, or on a truncation. An update names the pairs before and
-- after it, so a paper moved to another creator or journal by hand is forgotten on both sides.
CREATE FUNCTION notify_author_dashboards() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pairs text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT creator_id::text || ':' || journal_id::text) INTO pairs
      FROM new_rows WHERE creator_id IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT creator_id::text || ':' || journal_id::text) INTO pairs
      FROM old_rows WHERE creator_id IS NOT NULL;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(DISTINCT pair) INTO pairs FROM (
      SELECT creator_id::text || ':' || journal_id::text AS pair FROM new_rows WHERE creator_id IS NOT NULL
      UNION ALL
      SELECT creator_id::text || ':' || journal_id::text FROM old_rows WHERE creator_id IS NOT NULL
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
CREATE TRIGGER papers_dashboards_insert AFTER INSERT ON papers REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_author_dashboards();
--> statement-breakpoint
CREATE TRIGGER papers_dashboards_update AFTER UPDATE ON papers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_author_dashboards();
--> statement-breakpoint
CREATE TRIGGER papers_dashboards_delete AFTER DELETE ON papers REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_author_dashboards();
--> statement-breakpoint
CREATE TRIGGER papers_dashboards_truncate AFTER TRUNCATE ON papers
  FOR EACH STATEMENT EXECUTE FUNCTION notify_author_dashboards();
