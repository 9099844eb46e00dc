-- What a process remembers of the editorial desk now includes each card's paper report (decision 0068): besides what
-- the desk reads (migration 0032), a report reads the papers' reviewers (review_invitations: who, the name an
-- invitation was sent to, its state, its order, whether it was removed), the reviewers' full names, and the date of
-- each paper's final decision. Their changes are announced on `editorial_desks` too: review_invitations and
-- final_decisions by the journals of their papers (inserts and deletes by the function's paper_id branches, as for
-- paper_authors; updates only when a column the report shows changed), and a user's changed full name as `*` (a
-- reviewer may review for any journal), as an e-mail change already is.
CREATE OR REPLACE FUNCTION notify_editorial_desks() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  journals text[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('editorial_desks', pg_current_xact_id()::text || ' *');
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'users' THEN
    IF EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE lower(o.email) IS DISTINCT FROM lower(n.email) OR o.full_name IS DISTINCT FROM n.full_name) THEN
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
  ELSIF TG_OP = 'UPDATE' AND TG_TABLE_NAME = 'review_invitations' THEN
    -- Only what the report shows of an invitation (whose name, the order, whether removed): a reviewer's draft is
    -- saved every few seconds while they write, and a reminder, a deadline or a comment leaves the report as it is.
    SELECT array_agg(DISTINCT p.journal_id::text) INTO journals
      FROM old_rows o JOIN new_rows n ON n.id = o.id JOIN papers p ON p.id IN (o.paper_id, n.paper_id)
      WHERE (o.paper_id, o.reviewer_id, o.invited_name, o.status, o.invited_at, o.removed_at)
        IS DISTINCT FROM (n.paper_id, n.reviewer_id, n.invited_name, n.status, n.invited_at, n.removed_at);
  ELSIF TG_OP = 'UPDATE' AND TG_TABLE_NAME = 'final_decisions' THEN
    -- Only the date the report shows (the paper's status follows the decision, and is announced with the paper).
    SELECT array_agg(DISTINCT p.journal_id::text) INTO journals
      FROM old_rows o JOIN new_rows n ON n.id = o.id JOIN papers p ON p.id IN (o.paper_id, n.paper_id)
      WHERE (o.paper_id, o.decided_at) IS DISTINCT FROM (n.paper_id, n.decided_at);
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT p.journal_id::text) INTO journals FROM new_rows a JOIN papers p ON p.id = a.paper_id;
  ELSIF TG_OP = 'DELETE' THEN
    -- A paper's delete takes its authors, invitations and decision with it: the paper is gone and its own trigger
    -- spoke, so no journal is found here then.
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
CREATE TRIGGER review_invitations_desks_insert AFTER INSERT ON review_invitations REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_editorial_desks();
--> statement-breakpoint
CREATE TRIGGER review_invitations_desks_update AFTER UPDATE ON review_invitations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_editorial_desks();
--> statement-breakpoint
CREATE TRIGGER review_invitations_desks_delete AFTER DELETE ON review_invitations REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_editorial_desks();
--> statement-breakpoint
CREATE TRIGGER review_invitations_desks_truncate AFTER TRUNCATE ON review_invitations
  FOR EACH STATEMENT EXECUTE FUNCTION notify_editorial_desks();
--> statement-breakpoint
CREATE TRIGGER final_decisions_desks_insert AFTER INSERT ON final_decisions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_editorial_desks();
--> statement-breakpoint
CREATE TRIGGER final_decisions_desks_update AFTER UPDATE ON final_decisions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_editorial_desks();
--> statement-breakpoint
CREATE TRIGGER final_decisions_desks_delete AFTER DELETE ON final_decisions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_editorial_desks();
--> statement-breakpoint
CREATE TRIGGER final_decisions_desks_truncate AFTER TRUNCATE ON final_decisions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_editorial_desks();
