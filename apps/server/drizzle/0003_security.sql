CREATE TABLE "login_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"throttle_key" text NOT NULL,
	"failed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "login_failures_key_idx" ON "login_failures" USING btree ("throttle_key","failed_at");--> statement-breakpoint
CREATE INDEX "login_failures_at_idx" ON "login_failures" USING btree ("failed_at");--> statement-breakpoint
-- An ORCID iD could be typed into a profile until now, and nothing tells a typed iD from one proven through ORCID:
-- none is trusted for sign-in any more; their holders connect ORCID again from the profile (decision 0012).
UPDATE "users" SET "orcid" = NULL;
