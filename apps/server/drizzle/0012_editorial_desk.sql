ALTER TABLE "papers" ADD COLUMN "review_open_deadline" date;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "review_refused_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "papers_desk_cards_idx" ON "papers" USING btree ("journal_id","status","specialization_id","review_open_deadline","review_refused_only") WHERE "papers"."status" <> 0 and not "papers"."superseded";--> statement-breakpoint
CREATE INDEX "papers_desk_list_idx" ON "papers" USING btree ("journal_id","status","status_date" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "papers"."status" <> 0 and not "papers"."superseded";--> statement-breakpoint
CREATE INDEX "papers_desk_recent_idx" ON "papers" USING btree ("journal_id","status_date" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "papers"."status" <> 0 and not "papers"."superseded";--> statement-breakpoint
CREATE INDEX "papers_desk_report_idx" ON "papers" USING btree ("journal_id","status","submitted_at") WHERE "papers"."status" <> 0 and not "papers"."superseded";--> statement-breakpoint
-- papers.review_open_deadline and review_refused_only follow every change of review_invitations: a statement-level
-- trigger per event (a trigger with transition tables takes one event) hands the papers the statement touched to
-- refresh_review_state, which recomputes them and writes only the papers whose state changed.
CREATE FUNCTION refresh_review_state(paper_ids integer[]) RETURNS void LANGUAGE sql AS $$
  WITH state AS (
    SELECT t.paper_id,
      (SELECT min(i.deadline) FROM review_invitations i
        WHERE i.paper_id = t.paper_id AND i.removed_at IS NULL AND i.status IN (1, 2)) AS open_deadline,
      (EXISTS (SELECT 1 FROM review_invitations i
          WHERE i.paper_id = t.paper_id AND i.removed_at IS NULL AND i.status = 4)
        AND NOT EXISTS (SELECT 1 FROM review_invitations i
          WHERE i.paper_id = t.paper_id AND i.removed_at IS NULL AND i.status IN (1, 2, 3))) AS refused_only
    FROM (SELECT DISTINCT unnest(paper_ids) AS paper_id) t
  )
  UPDATE papers p SET review_open_deadline = s.open_deadline, review_refused_only = s.refused_only
  FROM state s
  WHERE p.id = s.paper_id
    AND (p.review_open_deadline IS DISTINCT FROM s.open_deadline OR p.review_refused_only <> s.refused_only);
$$;
--> statement-breakpoint
CREATE FUNCTION review_state_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_review_state(ARRAY(SELECT paper_id FROM new_rows));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION review_state_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_review_state(ARRAY(SELECT paper_id FROM new_rows UNION SELECT paper_id FROM old_rows));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION review_state_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_review_state(ARRAY(SELECT paper_id FROM old_rows));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER review_invitations_state_insert AFTER INSERT ON review_invitations REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION review_state_after_insert();
--> statement-breakpoint
CREATE TRIGGER review_invitations_state_update AFTER UPDATE ON review_invitations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION review_state_after_update();
--> statement-breakpoint
CREATE TRIGGER review_invitations_state_delete AFTER DELETE ON review_invitations REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION review_state_after_delete();
--> statement-breakpoint
SELECT refresh_review_state(ARRAY(SELECT DISTINCT paper_id FROM review_invitations));
