CREATE TABLE "paper_authors" (
	"id" serial PRIMARY KEY NOT NULL,
	"paper_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"work_place" text NOT NULL,
	"is_main" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paper_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"paper_id" integer NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "paper_files_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "paper_suggested_reviewers" (
	"id" serial PRIMARY KEY NOT NULL,
	"paper_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"work_place" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"journal_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"paper_id" integer,
	"amount" numeric(8, 2) NOT NULL,
	"currency" text DEFAULT 'EGP' NOT NULL,
	"provider" text DEFAULT 'sandbox' NOT NULL,
	"reference" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"provider_transaction_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "payments_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "version" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "superseded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "status_of_applicant" smallint;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "medical_school" smallint;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "paper_type" smallint;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "kind" smallint;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "study_type" smallint;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "descriptive_type" smallint;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "analytic_type" smallint;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "experimental_type" smallint;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "blinding_type" smallint;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "funding_source" smallint;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "financial_disclosure" smallint;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "department" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "original_proposal_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "specialization_id" integer;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "keywords" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "abstract" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "answers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "revision_deadline" date;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "upload_paid" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "publish_paid" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "status_date" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "paper_authors" ADD CONSTRAINT "paper_authors_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_files" ADD CONSTRAINT "paper_files_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_suggested_reviewers" ADD CONSTRAINT "paper_suggested_reviewers_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_journal_id_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."journals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "paper_authors_paper_idx" ON "paper_authors" USING btree ("paper_id");--> statement-breakpoint
CREATE INDEX "paper_files_paper_idx" ON "paper_files" USING btree ("paper_id","kind");--> statement-breakpoint
CREATE INDEX "paper_suggested_reviewers_paper_idx" ON "paper_suggested_reviewers" USING btree ("paper_id");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "papers" ADD CONSTRAINT "papers_specialization_id_specializations_id_fk" FOREIGN KEY ("specialization_id") REFERENCES "public"."specializations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "papers_creator_idx" ON "papers" USING btree ("creator_id");--> statement-breakpoint
CREATE INDEX "papers_parent_idx" ON "papers" USING btree ("parent_paper_id");