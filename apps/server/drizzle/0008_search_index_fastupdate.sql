-- The trigram search indexes take new entries at once instead of in a pending list (decision 0020): a GIN pending
-- list is read whole by every search until a vacuum merges it, and PGlite runs no autovacuum, so 500 new papers
-- made the author's title search two and a half times slower. The list built up so far is merged now.
ALTER INDEX "papers_title_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "papers_code_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('papers_title_trgm_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('papers_code_trgm_idx'::regclass);
