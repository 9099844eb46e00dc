CREATE TABLE "captcha_uses" (
	"signature" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custom_tabs" (
	"id" serial PRIMARY KEY NOT NULL,
	"journal_id" integer NOT NULL,
	"parent_id" integer,
	"slug" text NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"content_ar" text DEFAULT '' NOT NULL,
	"content_en" text DEFAULT '' NOT NULL,
	"order" smallint DEFAULT 10 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issues" (
	"id" serial PRIMARY KEY NOT NULL,
	"journal_id" integer NOT NULL,
	"issue" text NOT NULL,
	"volume" integer NOT NULL,
	"publish_month" text NOT NULL,
	"publish_date" date,
	"is_allow" boolean DEFAULT true NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journal_payment_settings" (
	"journal_id" integer PRIMARY KEY NOT NULL,
	"merchant_id" text DEFAULT '' NOT NULL,
	"security_key" text DEFAULT '' NOT NULL,
	"merchant_name" text DEFAULT '' NOT NULL,
	"at_register" boolean DEFAULT false NOT NULL,
	"at_register_price" numeric(8, 2),
	"at_upload" boolean DEFAULT false NOT NULL,
	"at_upload_price" numeric(8, 2),
	"at_publish" boolean DEFAULT false NOT NULL,
	"at_publish_price" numeric(8, 2),
	"at_download" boolean DEFAULT false NOT NULL,
	"at_download_price" numeric(8, 2),
	"membership_type" smallint
);
--> statement-breakpoint
CREATE TABLE "journal_roles" (
	"user_id" integer NOT NULL,
	"journal_id" integer NOT NULL,
	"role" text NOT NULL,
	"editor_type" smallint,
	"external_reviewer" boolean DEFAULT false NOT NULL,
	CONSTRAINT "journal_roles_user_id_journal_id_role_pk" PRIMARY KEY("user_id","journal_id","role")
);
--> statement-breakpoint
CREATE TABLE "journals" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title_ar" text NOT NULL,
	"title_en" text NOT NULL,
	"foundation_name_ar" text DEFAULT '' NOT NULL,
	"foundation_name_en" text DEFAULT '' NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"facebook" text,
	"linkedin" text,
	"twitter" text,
	"mail_password" text DEFAULT '' NOT NULL,
	"impact_factor" real DEFAULT 0 NOT NULL,
	"code_prefix" text,
	"cross_mark" boolean DEFAULT false NOT NULL,
	"welcome_msg_ar" text DEFAULT '' NOT NULL,
	"welcome_msg_en" text DEFAULT '' NOT NULL,
	"editorial_board_ar" text DEFAULT '' NOT NULL,
	"editorial_board_en" text DEFAULT '' NOT NULL,
	"about_us_ar" text DEFAULT '' NOT NULL,
	"about_us_en" text DEFAULT '' NOT NULL,
	"contact_us_ar" text DEFAULT '' NOT NULL,
	"contact_us_en" text DEFAULT '' NOT NULL,
	"publish_policy_ar" text DEFAULT '' NOT NULL,
	"publish_policy_en" text DEFAULT '' NOT NULL,
	"terms_and_conditions_ar" text DEFAULT '' NOT NULL,
	"terms_and_conditions_en" text DEFAULT '' NOT NULL,
	"reports_terms_and_conditions_en" text DEFAULT '' NOT NULL,
	"aims_and_scopes_ar" text DEFAULT '' NOT NULL,
	"aims_and_scopes_en" text DEFAULT '' NOT NULL,
	"issue_frequency" smallint DEFAULT 0 NOT NULL,
	"default_language" text DEFAULT 'en' NOT NULL,
	"multi_language" boolean DEFAULT true NOT NULL,
	"logo_key" text,
	"cover_ar_key" text,
	"cover_en_key" text,
	"ethics_questionnaire" boolean DEFAULT false NOT NULL,
	"extra_paper_types" boolean DEFAULT false NOT NULL,
	"suggested_reviewers_min" smallint DEFAULT 0 NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journals_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"journal_id" integer,
	"to_address" text NOT NULL,
	"reply_to" text,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"kind" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "paper_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"journal_id" integer NOT NULL,
	"paper_id" integer NOT NULL,
	"action" text NOT NULL,
	"actor_id" integer,
	"paper_status" smallint NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "papers" (
	"id" serial PRIMARY KEY NOT NULL,
	"journal_id" integer NOT NULL,
	"parent_paper_id" integer,
	"code" text,
	"status" smallint DEFAULT 0 NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"title_ar" text DEFAULT '' NOT NULL,
	"creator_id" integer,
	"issue_id" integer,
	"views" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_specializations" (
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"specialization_id" integer NOT NULL,
	CONSTRAINT "role_specializations_user_id_role_specialization_id_pk" PRIMARY KEY("user_id","role","specialization_id")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "slides" (
	"id" serial PRIMARY KEY NOT NULL,
	"journal_id" integer NOT NULL,
	"image_key" text NOT NULL,
	"caption_ar" text NOT NULL,
	"caption_en" text NOT NULL,
	"color" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"order" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "specializations" (
	"id" serial PRIMARY KEY NOT NULL,
	"journal_id" integer NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_specializations" (
	"user_id" integer NOT NULL,
	"specialization_id" integer NOT NULL,
	CONSTRAINT "user_specializations_user_id_specialization_id_pk" PRIMARY KEY("user_id","specialization_id")
);
--> statement-breakpoint
CREATE TABLE "user_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"full_name" text NOT NULL,
	"name_on_paper" text DEFAULT '' NOT NULL,
	"phone" text,
	"job_title" text DEFAULT '' NOT NULL,
	"work_place" text DEFAULT '' NOT NULL,
	"orcid" text,
	"personal_keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"available_as_reviewer" boolean DEFAULT false NOT NULL,
	"email_confirmed" boolean DEFAULT false NOT NULL,
	"banned" boolean DEFAULT false NOT NULL,
	"is_platform_admin" boolean DEFAULT false NOT NULL,
	"registration_paid" boolean DEFAULT true NOT NULL,
	"membership_until" date,
	"language" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_orcid_unique" UNIQUE("orcid")
);
--> statement-breakpoint
ALTER TABLE "custom_tabs" ADD CONSTRAINT "custom_tabs_journal_id_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."journals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_journal_id_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."journals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_payment_settings" ADD CONSTRAINT "journal_payment_settings_journal_id_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."journals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_roles" ADD CONSTRAINT "journal_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_roles" ADD CONSTRAINT "journal_roles_journal_id_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."journals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_journal_id_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."journals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_logs" ADD CONSTRAINT "paper_logs_journal_id_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."journals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_logs" ADD CONSTRAINT "paper_logs_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_logs" ADD CONSTRAINT "paper_logs_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "papers" ADD CONSTRAINT "papers_journal_id_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."journals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "papers" ADD CONSTRAINT "papers_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "papers" ADD CONSTRAINT "papers_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_specializations" ADD CONSTRAINT "role_specializations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_specializations" ADD CONSTRAINT "role_specializations_specialization_id_specializations_id_fk" FOREIGN KEY ("specialization_id") REFERENCES "public"."specializations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slides" ADD CONSTRAINT "slides_journal_id_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."journals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specializations" ADD CONSTRAINT "specializations_journal_id_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."journals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_specializations" ADD CONSTRAINT "user_specializations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_specializations" ADD CONSTRAINT "user_specializations_specialization_id_specializations_id_fk" FOREIGN KEY ("specialization_id") REFERENCES "public"."specializations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tokens" ADD CONSTRAINT "user_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "custom_tabs_slug_idx" ON "custom_tabs" USING btree ("journal_id","slug");--> statement-breakpoint
CREATE INDEX "journal_roles_journal_idx" ON "journal_roles" USING btree ("journal_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_state_idx" ON "mail_outbox" USING btree ("state");--> statement-breakpoint
CREATE INDEX "paper_logs_journal_idx" ON "paper_logs" USING btree ("journal_id","created_at");--> statement-breakpoint
CREATE INDEX "papers_journal_status_idx" ON "papers" USING btree ("journal_id","status");--> statement-breakpoint
CREATE INDEX "specializations_journal_idx" ON "specializations" USING btree ("journal_id");