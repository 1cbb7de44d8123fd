-- Change notifications for the session cache (ADR 031). A statement that changes or removes a session, or changes
-- or removes a user, sends NOTIFY session_users with the user's id; each app node LISTENs and forgets that
-- user's cached sessions. TRUNCATE sends '*' (forget every session). New sessions and new users send nothing:
-- nothing cached can be stale about them. Row-level, so the payload names the user; PostgreSQL delivers the
-- notifications at commit and folds duplicates within a transaction.
CREATE OR REPLACE FUNCTION "session_user_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('session_users', '*');
  ELSIF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('session_users', OLD.user_id::text);
    IF TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id THEN
      PERFORM pg_notify('session_users', NEW.user_id::text);
    END IF;
  ELSE
    PERFORM pg_notify('session_users', OLD.id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_session_users" AFTER UPDATE OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "session_user_changed"();
--> statement-breakpoint
CREATE TRIGGER "sessions_session_users_truncate" AFTER TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "session_user_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_session_users" AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "session_user_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_session_users_truncate" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "session_user_changed"();
