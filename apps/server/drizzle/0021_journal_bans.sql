CREATE TABLE "journal_bans" (
	"journal_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"banned_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journal_bans_journal_id_user_id_pk" PRIMARY KEY("journal_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "journal_bans" ADD CONSTRAINT "journal_bans_journal_id_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."journals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_bans" ADD CONSTRAINT "journal_bans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_bans" ADD CONSTRAINT "journal_bans_banned_by_users_id_fk" FOREIGN KEY ("banned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- A ban or an unban changes what a cached session reads in that journal (plugins/context.ts, decision 0019): every
-- process forgets its cached sessions at the commit.
CREATE TRIGGER journal_bans_session_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON journal_bans
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_cache();
