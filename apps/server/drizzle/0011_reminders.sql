CREATE TABLE "reminders_sent" (
	"kind" text NOT NULL,
	"subject_id" integer NOT NULL,
	"milestone" text NOT NULL,
	"journal_id" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminders_sent_kind_subject_id_milestone_pk" PRIMARY KEY("kind","subject_id","milestone")
);
--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "reminder_days" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "reminders_sent" ADD CONSTRAINT "reminders_sent_journal_id_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."journals"("id") ON DELETE cascade ON UPDATE no action;