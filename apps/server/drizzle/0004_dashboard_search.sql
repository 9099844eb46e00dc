-- pg_trgm is a trusted extension (PostgreSQL 13+): a database owner may create it. PGlite loads it when it opens.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "papers_author_dashboard_idx" ON "papers" USING btree ("journal_id","creator_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"status") WHERE "papers"."status" <> 0 and not "papers"."superseded";--> statement-breakpoint
CREATE INDEX "papers_title_trgm_idx" ON "papers" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "papers_code_trgm_idx" ON "papers" USING gin ("code" gin_trgm_ops);