CREATE TABLE "desk_paper_counts" (
	"journal_id" integer NOT NULL,
	"specialization_id" integer,
	"status" smallint NOT NULL,
	"review_open_deadline" date,
	"review_refused_only" boolean NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "desk_paper_counts_journal_idx" ON "desk_paper_counts" USING btree ("journal_id","specialization_id");--> statement-breakpoint
-- The desk's counts follow every change of papers in the same transaction (decision 0060): one statement-level
-- trigger per event, as the author counts of migration 0006, but as signed rows appended, never updated in place,
-- so that two transactions moving papers of one journal between the same cards never wait for one another (nor
-- deadlock). A paper counts when it is submitted (status <> 0) and the newest version (not superseded); its class is
-- the columns the cards read. An update that moves no paper between classes (a view count, a title) nets to zero
-- and writes nothing.
CREATE FUNCTION count_desk_papers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO desk_paper_counts (journal_id, specialization_id, status, review_open_deadline, review_refused_only, n)
      SELECT journal_id, specialization_id, status, review_open_deadline, review_refused_only, count(*)::int
      FROM new_rows WHERE status <> 0 AND NOT superseded GROUP BY 1, 2, 3, 4, 5;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO desk_paper_counts (journal_id, specialization_id, status, review_open_deadline, review_refused_only, n)
      SELECT journal_id, specialization_id, status, review_open_deadline, review_refused_only, -count(*)::int
      FROM old_rows WHERE status <> 0 AND NOT superseded GROUP BY 1, 2, 3, 4, 5;
  ELSE
    INSERT INTO desk_paper_counts (journal_id, specialization_id, status, review_open_deadline, review_refused_only, n)
      SELECT journal_id, specialization_id, status, review_open_deadline, review_refused_only, sum(d)::int FROM (
        SELECT journal_id, specialization_id, status, review_open_deadline, review_refused_only, 1 AS d
          FROM new_rows WHERE status <> 0 AND NOT superseded
        UNION ALL
        SELECT journal_id, specialization_id, status, review_open_deadline, review_refused_only, -1 AS d
          FROM old_rows WHERE status <> 0 AND NOT superseded
      ) AS changed
      GROUP BY 1, 2, 3, 4, 5 HAVING sum(d) <> 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER papers_desk_count_insert AFTER INSERT ON papers REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_desk_papers();
--> statement-breakpoint
CREATE TRIGGER papers_desk_count_update AFTER UPDATE ON papers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_desk_papers();
--> statement-breakpoint
CREATE TRIGGER papers_desk_count_delete AFTER DELETE ON papers REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_desk_papers();
--> statement-breakpoint
-- Folds the rows into one per class and drops the classes that net to zero, in one statement (housekeeping runs
-- it): a change committed meanwhile is a row this statement did not see, and stays. Open deadlines more than two
-- days past fold into one class ('-infinity'): a card only asks whether a deadline is before today, and every such
-- date already is. Answers how many rows went.
CREATE FUNCTION compact_desk_paper_counts() RETURNS integer LANGUAGE sql AS $$
  WITH gone AS (DELETE FROM desk_paper_counts RETURNING *),
  kept AS (
    INSERT INTO desk_paper_counts (journal_id, specialization_id, status, review_open_deadline, review_refused_only, n)
      SELECT journal_id, specialization_id, status,
        CASE WHEN review_open_deadline < current_date - 2 THEN '-infinity'::date ELSE review_open_deadline END,
        review_refused_only, sum(n)::int
      FROM gone GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0
      -- A journal's rows side by side, so that the desk reads a page or two, not one row on each of forty.
      ORDER BY 1, 2, 3, 4, 5
      RETURNING 1
  )
  SELECT ((SELECT count(*) FROM gone) - (SELECT count(*) FROM kept))::int;
$$;
--> statement-breakpoint
INSERT INTO desk_paper_counts (journal_id, specialization_id, status, review_open_deadline, review_refused_only, n)
  SELECT journal_id, specialization_id, status, review_open_deadline, review_refused_only, count(*)::int
  FROM papers WHERE status <> 0 AND NOT superseded GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
SELECT compact_desk_paper_counts();
