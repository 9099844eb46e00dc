CREATE TABLE "mail_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"journal_id" integer NOT NULL,
	"message_type" text NOT NULL,
	"english_title" text NOT NULL,
	"arabic_title" text NOT NULL,
	"english_message" text NOT NULL,
	"arabic_message" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"journal_id" integer NOT NULL,
	"paper_id" integer NOT NULL,
	"reviewer_id" integer NOT NULL,
	"invited_by" integer,
	"status" smallint DEFAULT 1 NOT NULL,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline" date NOT NULL,
	"old_deadline" date,
	"deadline_changed" boolean DEFAULT false NOT NULL,
	"answered_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"refusal_category" text,
	"refusal_reason" text DEFAULT '' NOT NULL,
	"suggested_reviewer" text DEFAULT '' NOT NULL,
	"recommendation" smallint DEFAULT 0 NOT NULL,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"comment_for_author" text DEFAULT '' NOT NULL,
	"comment_for_editor" text DEFAULT '' NOT NULL,
	"draft" jsonb,
	"draft_saved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "review_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"journal_id" integer NOT NULL,
	"group_en" text DEFAULT '' NOT NULL,
	"group_ar" text DEFAULT '' NOT NULL,
	"text_en" text NOT NULL,
	"text_ar" text NOT NULL,
	"type" smallint NOT NULL,
	"order" smallint DEFAULT 0 NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "paper_files" ADD COLUMN "invitation_id" integer;--> statement-breakpoint
ALTER TABLE "mail_templates" ADD CONSTRAINT "mail_templates_journal_id_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."journals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_invitations" ADD CONSTRAINT "review_invitations_journal_id_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."journals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_invitations" ADD CONSTRAINT "review_invitations_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_invitations" ADD CONSTRAINT "review_invitations_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_invitations" ADD CONSTRAINT "review_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_questions" ADD CONSTRAINT "review_questions_journal_id_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."journals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_templates_type_idx" ON "mail_templates" USING btree ("journal_id","message_type");--> statement-breakpoint
CREATE INDEX "review_invitations_paper_idx" ON "review_invitations" USING btree ("paper_id");--> statement-breakpoint
CREATE INDEX "review_invitations_reviewer_idx" ON "review_invitations" USING btree ("reviewer_id","journal_id","invited_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "review_invitations_once_idx" ON "review_invitations" USING btree ("paper_id","reviewer_id") WHERE "review_invitations"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "review_questions_journal_idx" ON "review_questions" USING btree ("journal_id","order");--> statement-breakpoint
ALTER TABLE "paper_files" ADD CONSTRAINT "paper_files_invitation_id_review_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."review_invitations"("id") ON DELETE cascade ON UPDATE no action;