-- What a process caches of a session (plugins/context.ts, lib/session-cache.ts) comes from these tables: any change
-- to them that could change a cached answer tells every listening connection, in the same transaction's commit, to
-- forget what it has cached (decision 0019). Statement-level, so a batch notifies once; the payload is the
-- transaction's id, so a NOTIFY repeated in one transaction is delivered once, and a process that hears it on two
-- connections acts once.
CREATE FUNCTION notify_session_cache() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_cache', pg_current_xact_id()::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_session_cache AFTER UPDATE OR DELETE OR TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_cache();
--> statement-breakpoint
CREATE TRIGGER users_session_cache AFTER UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_cache();
--> statement-breakpoint
CREATE TRIGGER journals_session_cache AFTER UPDATE OF id, slug OR DELETE OR TRUNCATE ON journals
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_cache();
--> statement-breakpoint
CREATE TRIGGER journal_roles_session_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON journal_roles
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_cache();
--> statement-breakpoint
CREATE TRIGGER role_specializations_session_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON role_specializations
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_cache();
