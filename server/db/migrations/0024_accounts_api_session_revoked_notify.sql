-- Issue 24 #8: API clients (Authorization: Bearer) may open WebSockets too, so ending an API
-- session (POST /api/logout, the user area) must close its sockets at once, like a web session's.
DROP TRIGGER IF EXISTS sessions_web_revoked ON sessions;
--> statement-breakpoint
CREATE TRIGGER sessions_revoked AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_web_session_revoked();
