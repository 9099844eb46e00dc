ALTER TABLE "users" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_banned_idx" ON "users" USING btree ("id" DESC NULLS LAST) WHERE "users"."banned";