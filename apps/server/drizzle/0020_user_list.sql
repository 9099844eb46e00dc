DROP INDEX "journal_roles_journal_idx";--> statement-breakpoint
CREATE INDEX "journal_roles_journal_user_idx" ON "journal_roles" USING btree ("journal_id","user_id");--> statement-breakpoint
CREATE INDEX "journal_roles_journal_role_user_idx" ON "journal_roles" USING btree ("journal_id","role","user_id");--> statement-breakpoint
CREATE INDEX "users_full_name_trgm_idx" ON "users" USING gin ("full_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops) WITH (fastupdate=false);