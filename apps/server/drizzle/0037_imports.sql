CREATE TABLE "imported_papers" (
	"journal_id" integer NOT NULL,
	"source_id" text NOT NULL,
	"paper_id" integer NOT NULL,
	CONSTRAINT "imported_papers_journal_id_source_id_pk" PRIMARY KEY("journal_id","source_id")
);
--> statement-breakpoint
CREATE TABLE "journal_import_lines" (
	"import_id" integer NOT NULL,
	"position" integer NOT NULL,
	"place" text NOT NULL,
	"kind" text NOT NULL,
	"action" text NOT NULL,
	"source_id" text,
	"title" text DEFAULT '' NOT NULL,
	"reason_key" text,
	"reason_values" jsonb,
	"paper_id" integer,
	"issue_id" integer,
	"user_id" integer,
	"created_issue" smallint DEFAULT 0 NOT NULL,
	"replaced" jsonb,
	"made_at" timestamp with time zone,
	CONSTRAINT "journal_import_lines_import_id_position_pk" PRIMARY KEY("import_id","position")
);
--> statement-breakpoint
CREATE TABLE "journal_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"journal_id" integer NOT NULL,
	"source" text NOT NULL,
	"state" text NOT NULL,
	"file_name" text,
	"file_key" text,
	"url" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"on_refusal" text,
	"create_count" integer DEFAULT 0 NOT NULL,
	"update_count" integer DEFAULT 0 NOT NULL,
	"skip_count" integer DEFAULT 0 NOT NULL,
	"refuse_count" integer DEFAULT 0 NOT NULL,
	"records" integer DEFAULT 0 NOT NULL,
	"records_done" integer DEFAULT 0 NOT NULL,
	"files" integer DEFAULT 0 NOT NULL,
	"files_done" integer DEFAULT 0 NOT NULL,
	"pace_from" timestamp with time zone,
	"pace_records" integer DEFAULT 0 NOT NULL,
	"holder" text,
	"held_until" timestamp with time zone,
	"error_key" text,
	"error_values" jsonb
);
--> statement-breakpoint
ALTER TABLE "imported_papers" ADD CONSTRAINT "imported_papers_journal_id_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."journals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imported_papers" ADD CONSTRAINT "imported_papers_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_import_lines" ADD CONSTRAINT "journal_import_lines_import_id_journal_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."journal_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_import_lines" ADD CONSTRAINT "journal_import_lines_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_import_lines" ADD CONSTRAINT "journal_import_lines_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_import_lines" ADD CONSTRAINT "journal_import_lines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_imports" ADD CONSTRAINT "journal_imports_journal_id_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."journals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_imports" ADD CONSTRAINT "journal_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "imported_papers_paper_idx" ON "imported_papers" USING btree ("paper_id");--> statement-breakpoint
CREATE INDEX "journal_import_lines_action_idx" ON "journal_import_lines" USING btree ("import_id","action","position");--> statement-breakpoint
CREATE INDEX "journal_imports_journal_idx" ON "journal_imports" USING btree ("journal_id","id" DESC NULLS LAST);