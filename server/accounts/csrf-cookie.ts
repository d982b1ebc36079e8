import type { Context } from "hono";
import { setCookie } from "hono/cookie";
import type { AppEnv } from "#server/env";
import { CSRF_COOKIE, createCsrfToken } from "#server/platform/csrf";

/** Sets the readable XSRF-TOKEN cookie that browser clients echo in X-XSRF-TOKEN. */
export function setCsrfCookie(c: Context<AppEnv>): string {
  const { config, secret } = c.get("app");
  const token = createCsrfToken(secret);
  setCookie(c, CSRF_COOKIE, token, {
    path: "/",
    sameSite: "Lax",
    secure: config.appUrl.startsWith("https://"),
    httpOnly: false,
    maxAge: 2 * 60 * 60,
  });
  return token;
}
