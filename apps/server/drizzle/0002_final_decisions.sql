CREATE TABLE "final_decisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"paper_id" integer NOT NULL,
	"decision" smallint NOT NULL,
	"comments" text NOT NULL,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "final_decisions_paper_id_unique" UNIQUE("paper_id")
);
--> statement-breakpoint
ALTER TABLE "final_decisions" ADD CONSTRAINT "final_decisions_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "final_decisions" ADD CONSTRAINT "final_decisions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;