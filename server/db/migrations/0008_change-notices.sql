-- Changes to users and sessions are announced (pg_notify, delivered on commit), so a process
-- that keeps signed-in users in memory forgets them the moment they change, whoever changed
-- them and however (an API call, the admin, a script). The payload is the row's key.
CREATE FUNCTION littleloop_announce_user_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('littleloop_users', OLD.id::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_announce_change AFTER UPDATE OR DELETE ON users
FOR EACH ROW EXECUTE FUNCTION littleloop_announce_user_change();--> statement-breakpoint
CREATE FUNCTION littleloop_announce_session_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('littleloop_sessions', OLD.sid);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER sessions_announce_change AFTER UPDATE OR DELETE ON sessions
FOR EACH ROW EXECUTE FUNCTION littleloop_announce_session_change();
