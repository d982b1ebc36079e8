import type { IncomingMessage } from "node:http";
import { and, eq, gt, inArray } from "drizzle-orm";
import { parse } from "hono/utils/cookie";
import type { AppContext } from "#server/context";
import { sessions } from "#server/db/schema";
import { isAllowedOrigin } from "#server/platform/origin";
import { resolveSession, sessionCookieName } from "./session";

/**
 * WebSocket upgrades are authenticated by the same session cookie as pages. Browsers send cookies
 * on cross-site WebSocket handshakes too, so the Origin must be ours (cross-site WebSocket hijacking).
 */
export function authenticateUpgrade(ctx: AppContext) {
  return async (request: IncomingMessage) => {
    const origin = request.headers.origin;
    const host = request.headers.host ?? "localhost";
    const requestUrl = new Request(`http://${host}${request.url ?? "/"}`);
    if (origin && !isAllowedOrigin(origin, requestUrl, ctx.config.appUrl)) return null;
    const cookies = parse(request.headers.cookie ?? "");
    const user = await resolveSession(ctx, cookies[sessionCookieName(ctx.config)], "web");
    return user ? { userId: user.id, sessionId: user.sessionId } : null;
  };
}

/** Which of these web sessions still exist and have not expired (the hub's periodic check). */
export function validWebSessions(ctx: AppContext) {
  return async (sessionIds: number[]): Promise<Set<number>> => {
    const rows = await ctx.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(inArray(sessions.id, sessionIds), eq(sessions.kind, "web"), gt(sessions.expiresAt, new Date())));
    return new Set(rows.map((row) => row.id));
  };
}
