import type { MiddlewareHandler } from "hono";
import { parseCookies } from "#common/cookies";
import type { AppEnv } from "#server/env";
import { requestTimeZone } from "#server/platform/time-zone";
import { resolveSession, sessionCookieName } from "./session";

/**
 * Puts the signed-in user (or null) on the request: from "Authorization: Bearer id|secret" for API
 * clients, otherwise from the httpOnly session cookie.
 */
export const sessionMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  const ctx = c.get("app");
  const authorization = c.req.header("authorization");
  const bearer = authorization?.toLowerCase().startsWith("bearer ") ? authorization.slice(7).trim() : undefined;
  const user = bearer
    ? await resolveSession(ctx, bearer, "api")
    : await resolveSession(ctx, parseCookies(c.req.header("cookie"))[sessionCookieName(ctx.config)], "web");
  // Calendar dates the user picks or reads are in their zone (offers\' closing dates).
  c.set("user", user ? { ...user, timeZone: requestTimeZone(c.req.raw.headers) } : null);
  await next();
  // Whatever a signed-in request gets is personal: no shared or browser cache may keep it.
  if (user && !c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "private, no-store");
};
