DROP INDEX "paper_logs_journal_idx";--> statement-breakpoint
CREATE INDEX "paper_logs_journal_status_idx" ON "paper_logs" USING btree ("journal_id","paper_status","created_at","id");--> statement-breakpoint
CREATE INDEX "paper_logs_paper_idx" ON "paper_logs" USING btree ("paper_id","created_at","id");--> statement-breakpoint
CREATE INDEX "paper_logs_journal_idx" ON "paper_logs" USING btree ("journal_id","created_at","id");