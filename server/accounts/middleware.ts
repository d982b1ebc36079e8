import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import type { AppEnv } from "#server/env";
import { resolveSession, SESSION_COOKIE } from "./session";

/**
 * Puts the signed-in user (or null) on the request: from "Authorization: Bearer id|secret" for API
 * clients, otherwise from the httpOnly session cookie.
 */
export const sessionMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  const ctx = c.get("app");
  const authorization = c.req.header("authorization");
  const bearer = authorization?.toLowerCase().startsWith("bearer ") ? authorization.slice(7).trim() : undefined;
  const user = bearer ? await resolveSession(ctx, bearer, "api") : await resolveSession(ctx, getCookie(c, SESSION_COOKIE), "web");
  c.set("user", user);
  await next();
};
