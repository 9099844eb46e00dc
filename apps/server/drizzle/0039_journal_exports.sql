CREATE TABLE "journal_exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"journal_id" integer NOT NULL,
	"format" text NOT NULL,
	"state" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"papers" integer DEFAULT 0 NOT NULL,
	"papers_done" integer DEFAULT 0 NOT NULL,
	"file_key" text,
	"file_name" text,
	"bytes" bigint,
	"holder" text,
	"held_until" timestamp with time zone,
	"error_key" text
);
--> statement-breakpoint
ALTER TABLE "journal_exports" ADD CONSTRAINT "journal_exports_journal_id_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."journals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_exports" ADD CONSTRAINT "journal_exports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "journal_exports_journal_idx" ON "journal_exports" USING btree ("journal_id","id" DESC NULLS LAST);
