CREATE TABLE "paper_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"journal_id" integer NOT NULL,
	"paper_id" integer NOT NULL,
	"kind" text NOT NULL,
	"text_en" text DEFAULT '' NOT NULL,
	"text_ar" text DEFAULT '' NOT NULL,
	"notice_date" date NOT NULL,
	"doi" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "paper_notices" ADD CONSTRAINT "paper_notices_journal_id_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."journals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_notices" ADD CONSTRAINT "paper_notices_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_notices" ADD CONSTRAINT "paper_notices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "paper_notices_paper_idx" ON "paper_notices" USING btree ("paper_id","notice_date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "paper_notices_doi_idx" ON "paper_notices" USING btree (lower("doi")) WHERE "paper_notices"."doi" is not null;