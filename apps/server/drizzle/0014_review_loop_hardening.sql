ALTER TABLE "journals" ADD COLUMN "open_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "extension_max_days" smallint DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "extension_max_count" smallint DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "review_invitations" ADD COLUMN "extension_count" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "review_invitations" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "review_invitations" ADD COLUMN "invited_name" text;--> statement-breakpoint
ALTER TABLE "review_invitations" ADD COLUMN "specialization_id" integer;--> statement-breakpoint
ALTER TABLE "review_invitations" ADD CONSTRAINT "review_invitations_specialization_id_specializations_id_fk" FOREIGN KEY ("specialization_id") REFERENCES "public"."specializations"("id") ON DELETE set null ON UPDATE no action;