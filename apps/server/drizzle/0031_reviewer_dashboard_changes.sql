-- What a process remembers of reviewers' dashboards (features/reviewing/reviewer-dashboard.service.ts) is read from
-- review_invitations and from the code, title and status of the papers invited to. Any change to either tells every
-- listening connection, in the commit, whose dashboards in which journal to read again (decision 0063). The payload
-- is the transaction's id, a space, and `reviewer:journal` pairs joined by commas, or `*` (every dashboard) past 500
-- pairs or on a truncation. An invitation's change names its reviewer before and after it; a paper's update names
-- the reviewers invited to it, only when its code, title or status changed (a paper's delete takes its invitations
-- with it, and their own trigger speaks).
CREATE FUNCTION notify_reviewer_dashboards() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pairs text[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('reviewer_dashboards', pg_current_xact_id()::text || ' *');
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'papers' THEN
    SELECT array_agg(DISTINCT i.reviewer_id::text || ':' || i.journal_id::text) INTO pairs
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      JOIN review_invitations i ON i.paper_id = n.id
      WHERE (o.code, o.title, o.status) IS DISTINCT FROM (n.code, n.title, n.status);
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT reviewer_id::text || ':' || journal_id::text) INTO pairs FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT reviewer_id::text || ':' || journal_id::text) INTO pairs FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT pair) INTO pairs FROM (
      SELECT reviewer_id::text || ':' || journal_id::text AS pair FROM new_rows
      UNION ALL
      SELECT reviewer_id::text || ':' || journal_id::text FROM old_rows
    ) AS changed;
  END IF;
  IF pairs IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('reviewer_dashboards', pg_current_xact_id()::text || ' ' ||
    CASE WHEN cardinality(pairs) > 500 THEN '*' ELSE array_to_string(pairs, ',') END);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER review_invitations_dashboards_insert AFTER INSERT ON review_invitations REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_reviewer_dashboards();
--> statement-breakpoint
CREATE TRIGGER review_invitations_dashboards_update AFTER UPDATE ON review_invitations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_reviewer_dashboards();
--> statement-breakpoint
CREATE TRIGGER review_invitations_dashboards_delete AFTER DELETE ON review_invitations REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_reviewer_dashboards();
--> statement-breakpoint
CREATE TRIGGER review_invitations_dashboards_truncate AFTER TRUNCATE ON review_invitations
  FOR EACH STATEMENT EXECUTE FUNCTION notify_reviewer_dashboards();
--> statement-breakpoint
CREATE TRIGGER papers_reviewer_dashboards_update AFTER UPDATE ON papers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_reviewer_dashboards();
--> statement-breakpoint
CREATE TRIGGER papers_reviewer_dashboards_truncate AFTER TRUNCATE ON papers
  FOR EACH STATEMENT EXECUTE FUNCTION notify_reviewer_dashboards();
