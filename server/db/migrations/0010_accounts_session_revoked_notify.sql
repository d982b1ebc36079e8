-- Issue 8 #8: an open WebSocket must close when its web session ends, whatever ended it (logout,
-- password reset or change, a session ended from the user area, account deletion by cascade).
-- The notification goes out only if the deleting transaction commits, on the channel the realtime
-- hub already listens to (server/platform/realtime/hub.ts), so every instance closes its sockets.
CREATE OR REPLACE FUNCTION notify_web_session_revoked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('realtime_events', json_build_object('revoked', json_build_array(OLD.id))::text);
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_web_revoked AFTER DELETE ON sessions
  FOR EACH ROW WHEN (OLD.kind = 'web') EXECUTE FUNCTION notify_web_session_revoked();
