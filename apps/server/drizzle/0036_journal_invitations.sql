CREATE TABLE "journal_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"journal_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"email" text NOT NULL,
	"full_name" text NOT NULL,
	"roles" jsonb NOT NULL,
	"new_account" boolean DEFAULT false NOT NULL,
	"token_hash" text,
	"invited_by" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journal_invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "journal_invitations" ADD CONSTRAINT "journal_invitations_journal_id_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."journals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_invitations" ADD CONSTRAINT "journal_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_invitations" ADD CONSTRAINT "journal_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "journal_invitations_journal_user_idx" ON "journal_invitations" USING btree ("journal_id","user_id");