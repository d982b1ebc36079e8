import type { IncomingMessage } from "node:http";
import { and, gt, inArray } from "drizzle-orm";
import { parseCookies } from "#common/cookies";
import type { AppContext } from "#server/context";
import { sessions } from "#server/db/schema";
import { isAllowedOrigin } from "#server/platform/origin";
import { resolveSession, sessionCookieName } from "./session";

/**
 * WebSocket upgrades are authenticated like HTTP requests: "Authorization: Bearer id|secret" for API
 * clients, otherwise the session cookie. Browsers send cookies on cross-site WebSocket handshakes
 * too, and always send an Origin, so a cookie is accepted only with an Origin of ours (cross-site
 * WebSocket hijacking); a bearer token is never sent by a browser on its own, so it needs none.
 */
export function authenticateUpgrade(ctx: AppContext) {
  return async (request: IncomingMessage) => {
    const authorization = request.headers.authorization;
    if (authorization !== undefined) {
      const bearer = authorization.toLowerCase().startsWith("bearer ") ? authorization.slice(7).trim() : undefined;
      const user = await resolveSession(ctx, bearer, "api");
      return user ? { userId: user.id, sessionId: user.sessionId } : null;
    }
    const origin = request.headers.origin;
    const host = request.headers.host ?? "localhost";
    if (!origin || !isAllowedOrigin(origin, requestTo(host), ctx.config.appUrl)) return null;
    const cookies = parseCookies(request.headers.cookie);
    const user = await resolveSession(ctx, cookies[sessionCookieName(ctx.config)], "web");
    return user ? { userId: user.id, sessionId: user.sessionId } : null;
  };
}

/** The address the upgrade came to. A Host header that names no host (the client's to send) counts for nothing: only APP_URL's origin is then allowed. */
function requestTo(host: string): Request {
  try {
    return new Request(`http://${host}/`);
  } catch {
    return new Request("http://invalid.invalid/");
  }
}

/** Which of these sessions (web or API) still exist and have not expired (the hub's periodic check). */
export function validSessions(ctx: AppContext) {
  return async (sessionIds: number[]): Promise<Set<number>> => {
    const rows = await ctx.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(inArray(sessions.id, sessionIds), gt(sessions.expiresAt, new Date())));
    return new Set(rows.map((row) => row.id));
  };
}
