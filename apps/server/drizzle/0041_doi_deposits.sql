CREATE TABLE "doi_deposits" (
	"paper_id" integer PRIMARY KEY NOT NULL,
	"journal_id" integer NOT NULL,
	"doi" text NOT NULL,
	"state" text NOT NULL,
	"system" text NOT NULL,
	"batch_id" text,
	"message" text DEFAULT '' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"polls" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"holder" text,
	"held_until" timestamp with time zone,
	"deposited_at" timestamp with time zone,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journal_doi_settings" (
	"journal_id" integer PRIMARY KEY NOT NULL,
	"suffix_pattern" text NOT NULL,
	"system" text DEFAULT 'off' NOT NULL,
	"login" text DEFAULT '' NOT NULL,
	"password" text DEFAULT '' NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "doi_deposits" ADD CONSTRAINT "doi_deposits_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doi_deposits" ADD CONSTRAINT "doi_deposits_journal_id_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."journals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_doi_settings" ADD CONSTRAINT "journal_doi_settings_journal_id_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."journals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "doi_deposits_due_idx" ON "doi_deposits" USING btree ("next_attempt_at") WHERE "doi_deposits"."state" in ('waiting', 'submitted');--> statement-breakpoint
CREATE INDEX "doi_deposits_journal_idx" ON "doi_deposits" USING btree ("journal_id","state");