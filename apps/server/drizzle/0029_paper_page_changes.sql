-- What a process remembers of paper pages (features/submissions/paper-view.service.ts, lib/heard-cache.ts) comes from
-- these tables: any change that could change a remembered page tells every listening connection, in the same
-- transaction's commit, which papers' pages to read again (decision 0062). Statement-level, so a batch notifies
-- once. The payload is the transaction's id, a space, and the papers' ids joined by commas, or `*` (every page)
-- when a statement changed more than 500 papers or a table every page reads from (issues, payment settings). A
-- paper's insert needs no announcement: nothing was remembered of a paper that did not exist.
CREATE FUNCTION notify_paper_pages() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  papers_changed int;
  ids text := '*';
BEGIN
  IF TG_NARGS > 0 AND TG_OP <> 'TRUNCATE' THEN
    EXECUTE format('SELECT count(DISTINCT %I) FROM changed', TG_ARGV[0]) INTO papers_changed;
    IF papers_changed = 0 THEN
      RETURN NULL;
    END IF;
    IF papers_changed <= 500 THEN
      EXECUTE format('SELECT string_agg(DISTINCT %1$I::text, '','') FROM changed WHERE %1$I IS NOT NULL', TG_ARGV[0])
        INTO ids;
    END IF;
  END IF;
  PERFORM pg_notify('paper_pages', pg_current_xact_id()::text || ' ' || coalesce(ids, '*'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER papers_pages_update AFTER UPDATE ON papers REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION notify_paper_pages('id');
--> statement-breakpoint
CREATE TRIGGER papers_pages_delete AFTER DELETE ON papers REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION notify_paper_pages('id');
--> statement-breakpoint
CREATE TRIGGER papers_pages_truncate AFTER TRUNCATE ON papers
  FOR EACH STATEMENT EXECUTE FUNCTION notify_paper_pages();
--> statement-breakpoint
CREATE TRIGGER paper_files_pages_insert AFTER INSERT ON paper_files REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION notify_paper_pages('paper_id');
--> statement-breakpoint
CREATE TRIGGER paper_files_pages_update AFTER UPDATE ON paper_files REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION notify_paper_pages('paper_id');
--> statement-breakpoint
CREATE TRIGGER paper_files_pages_delete AFTER DELETE ON paper_files REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION notify_paper_pages('paper_id');
--> statement-breakpoint
CREATE TRIGGER paper_files_pages_truncate AFTER TRUNCATE ON paper_files
  FOR EACH STATEMENT EXECUTE FUNCTION notify_paper_pages();
--> statement-breakpoint
CREATE TRIGGER paper_authors_pages_insert AFTER INSERT ON paper_authors REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION notify_paper_pages('paper_id');
--> statement-breakpoint
CREATE TRIGGER paper_authors_pages_update AFTER UPDATE ON paper_authors REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION notify_paper_pages('paper_id');
--> statement-breakpoint
CREATE TRIGGER paper_authors_pages_delete AFTER DELETE ON paper_authors REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION notify_paper_pages('paper_id');
--> statement-breakpoint
CREATE TRIGGER paper_authors_pages_truncate AFTER TRUNCATE ON paper_authors
  FOR EACH STATEMENT EXECUTE FUNCTION notify_paper_pages();
--> statement-breakpoint
CREATE TRIGGER paper_suggested_reviewers_pages_insert AFTER INSERT ON paper_suggested_reviewers
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notify_paper_pages('paper_id');
--> statement-breakpoint
CREATE TRIGGER paper_suggested_reviewers_pages_update AFTER UPDATE ON paper_suggested_reviewers
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notify_paper_pages('paper_id');
--> statement-breakpoint
CREATE TRIGGER paper_suggested_reviewers_pages_delete AFTER DELETE ON paper_suggested_reviewers
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notify_paper_pages('paper_id');
--> statement-breakpoint
CREATE TRIGGER paper_suggested_reviewers_pages_truncate AFTER TRUNCATE ON paper_suggested_reviewers
  FOR EACH STATEMENT EXECUTE FUNCTION notify_paper_pages();
--> statement-breakpoint
CREATE TRIGGER final_decisions_pages_insert AFTER INSERT ON final_decisions REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION notify_paper_pages('paper_id');
--> statement-breakpoint
CREATE TRIGGER final_decisions_pages_update AFTER UPDATE ON final_decisions REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION notify_paper_pages('paper_id');
--> statement-breakpoint
CREATE TRIGGER final_decisions_pages_delete AFTER DELETE ON final_decisions REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION notify_paper_pages('paper_id');
--> statement-breakpoint
CREATE TRIGGER final_decisions_pages_truncate AFTER TRUNCATE ON final_decisions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_paper_pages();
--> statement-breakpoint
CREATE TRIGGER issues_pages AFTER UPDATE OR DELETE OR TRUNCATE ON issues
  FOR EACH STATEMENT EXECUTE FUNCTION notify_paper_pages();
--> statement-breakpoint
CREATE TRIGGER journal_payment_settings_pages AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON journal_payment_settings
  FOR EACH STATEMENT EXECUTE FUNCTION notify_paper_pages();
