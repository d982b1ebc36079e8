import type { Context } from "hono";
import { generateCookie, setCookie } from "hono/cookie";
import { XSRF_COOKIE } from "#common/constants";
import type { AppContext } from "#server/context";
import type { AppEnv } from "#server/env";
import { createCsrfToken, csrfBindingOf } from "#server/platform/csrf";
import { usesSecureCookies } from "#server/platform/session-cookie";

const csrfCookieOptions = (config: AppContext["config"]) => ({
  path: "/",
  sameSite: "Lax" as const,
  secure: usesSecureCookies(config),
  httpOnly: false,
  maxAge: 2 * 60 * 60,
});

/**
 * Sets the readable XSRF-TOKEN cookie that browser clients echo in X-XSRF-TOKEN, tied to the
 * request's web session (or to none): GET /sanctum/csrf-cookie, and again at every login and logout.
 */
export function setCsrfCookie(c: Context<AppEnv>, binding = csrfBindingOf(c.get("user"))): string {
  const { config, secret } = c.get("app");
  const token = createCsrfToken(secret, binding);
  setCookie(c, XSRF_COOKIE, token, csrfCookieOptions(config));
  return token;
}

/** The same cookie as a Set-Cookie line, for a page action's response (no Hono context there). */
export function csrfSetCookieLine(ctx: Pick<AppContext, "config" | "secret">, binding: string): string {
  return generateCookie(XSRF_COOKIE, createCsrfToken(ctx.secret, binding), csrfCookieOptions(ctx.config));
}
