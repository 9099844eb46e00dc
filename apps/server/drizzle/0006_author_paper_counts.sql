CREATE TABLE "author_paper_counts" (
	"journal_id" integer NOT NULL,
	"creator_id" integer NOT NULL,
	"status" smallint NOT NULL,
	"superseded" boolean NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "author_paper_counts_journal_id_creator_id_status_superseded_pk" PRIMARY KEY("journal_id","creator_id","status","superseded")
);
--> statement-breakpoint
-- The counts follow every change of papers: one statement-level trigger per event (a trigger with transition tables
-- takes one event); an update that changes none of the four keys (a view count) nets to zero and writes nothing.
CREATE FUNCTION count_author_papers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO author_paper_counts AS c (journal_id, creator_id, status, superseded, n)
      SELECT journal_id, creator_id, status, superseded, count(*)::int FROM new_rows
      WHERE creator_id IS NOT NULL GROUP BY 1, 2, 3, 4
      ON CONFLICT (journal_id, creator_id, status, superseded) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO author_paper_counts AS c (journal_id, creator_id, status, superseded, n)
      SELECT journal_id, creator_id, status, superseded, -count(*)::int FROM old_rows
      WHERE creator_id IS NOT NULL GROUP BY 1, 2, 3, 4
      ON CONFLICT (journal_id, creator_id, status, superseded) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO author_paper_counts AS c (journal_id, creator_id, status, superseded, n)
      SELECT journal_id, creator_id, status, superseded, sum(d)::int FROM (
        SELECT journal_id, creator_id, status, superseded, 1 AS d FROM new_rows
        UNION ALL
        SELECT journal_id, creator_id, status, superseded, -1 AS d FROM old_rows
      ) AS changed
      WHERE creator_id IS NOT NULL GROUP BY 1, 2, 3, 4 HAVING sum(d) <> 0
      ON CONFLICT (journal_id, creator_id, status, superseded) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER papers_count_insert AFTER INSERT ON papers REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_author_papers();
--> statement-breakpoint
CREATE TRIGGER papers_count_update AFTER UPDATE ON papers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_author_papers();
--> statement-breakpoint
CREATE TRIGGER papers_count_delete AFTER DELETE ON papers REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_author_papers();
--> statement-breakpoint
INSERT INTO author_paper_counts (journal_id, creator_id, status, superseded, n)
  SELECT journal_id, creator_id, status, superseded, count(*)::int FROM papers
  WHERE creator_id IS NOT NULL GROUP BY 1, 2, 3, 4;
