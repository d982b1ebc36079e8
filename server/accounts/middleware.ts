import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import type { AppEnv } from "#server/env";
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
    : await resolveSession(ctx, getCookie(c, sessionCookieName(ctx.config)), "web");
  c.set("user", user);
  await next();
  // Whatever a signed-in request gets is personal: no shared or browser cache may keep it.
  if (user && !c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "private, no-store");
};
