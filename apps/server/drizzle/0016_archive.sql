CREATE TABLE "archive_visits" (
	"paper_id" integer NOT NULL,
	"day" date NOT NULL,
	"visitor" text NOT NULL,
	"kind" text NOT NULL,
	CONSTRAINT "archive_visits_paper_id_day_visitor_kind_pk" PRIMARY KEY("paper_id","day","visitor","kind")
);
--> statement-breakpoint
CREATE TABLE "archived_papers" (
	"paper_id" integer PRIMARY KEY NOT NULL,
	"journal_id" integer NOT NULL,
	"issue_id" integer NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"publish_date" date,
	"order_in_issue" smallint NOT NULL,
	"from_page" integer,
	"to_page" integer,
	"doi" text,
	"paper_type" smallint,
	"title_en" text DEFAULT '' NOT NULL,
	"title_ar" text DEFAULT '' NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"abstract_en" text DEFAULT '' NOT NULL,
	"abstract_ar" text DEFAULT '' NOT NULL,
	"corresponding_author" text DEFAULT '' NOT NULL,
	"joint_authors" text[] DEFAULT '{}'::text[] NOT NULL,
	"keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"specialization_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"final_file_id" integer,
	"views" integer DEFAULT 0 NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journal_memberships" (
	"journal_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"until" date NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journal_memberships_journal_id_user_id_pk" PRIMARY KEY("journal_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "modified_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "print_issn" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "online_issn" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "publisher_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "publisher_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "doi_prefix" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "depositor_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "depositor_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "license_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "archived_papers" ADD CONSTRAINT "archived_papers_journal_id_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."journals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archived_papers" ADD CONSTRAINT "archived_papers_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_memberships" ADD CONSTRAINT "journal_memberships_journal_id_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."journals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archive_visits" ADD CONSTRAINT "archive_visits_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archived_papers" ADD CONSTRAINT "archived_papers_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archived_papers" ADD CONSTRAINT "archived_papers_final_file_id_paper_files_id_fk" FOREIGN KEY ("final_file_id") REFERENCES "public"."paper_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_memberships" ADD CONSTRAINT "journal_memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "archive_visits_day_idx" ON "archive_visits" USING btree ("day");--> statement-breakpoint
CREATE INDEX "archived_papers_issue_order_idx" ON "archived_papers" USING btree ("issue_id","order_in_issue");--> statement-breakpoint
CREATE INDEX "archived_papers_most_read_idx" ON "archived_papers" USING btree ("journal_id","views" DESC NULLS LAST) WHERE "archived_papers"."published";--> statement-breakpoint
CREATE UNIQUE INDEX "issues_journal_volume_issue_idx" ON "issues" USING btree ("journal_id","volume","issue");--> statement-breakpoint
CREATE INDEX "issues_journal_published_idx" ON "issues" USING btree ("journal_id","status","volume" DESC NULLS LAST,"id" DESC NULLS LAST);