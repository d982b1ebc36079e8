import type { Context } from "hono";
import { deleteCookie, generateCookie, setCookie } from "hono/cookie";
import type { AppContext } from "#server/context";
import type { AppEnv } from "#server/env";
import { ANONYMOUS_BINDING, csrfBindingOf } from "#server/platform/csrf";
import { usesSecureCookies } from "#server/platform/session-cookie";
import { csrfSetCookieLine, setCsrfCookie } from "./csrf-cookie";
import { createSession, endLogin, type IssuedSession, LOGGED_COOKIE, sessionCookieName, WEB_SESSION_DAYS } from "./session";

/** Who is asking, for the sessions list ("Chrome on Linux, 83.44.0.1"). */
export function requestMeta(c: Context<AppEnv>) {
  return { userAgent: c.req.header("user-agent") ?? null, ip: c.get("clientIp") || null };
}

function cookieOptions(c: Context<AppEnv>) {
  return configCookieOptions(c.get("app").config);
}

function configCookieOptions(config: AppContext["config"]) {
  return { path: "/", sameSite: "Lax" as const, secure: usesSecureCookies(config) };
}

/**
 * The Set-Cookie lines of a new web session: the httpOnly session cookie plus the readable
 * "logged=1" flag (product-spec §3), and a new XSRF-TOKEN tied to the new session (the token used
 * before signing in stops working). For API responses (setSessionCookies) and page actions alike.
 */
function sessionCookieLines(ctx: Pick<AppContext, "config" | "secret">, session: IssuedSession): string[] {
  const options = configCookieOptions(ctx.config);
  const maxAge = WEB_SESSION_DAYS * 86_400;
  return [
    generateCookie(sessionCookieName(ctx.config), session.token, { ...options, httpOnly: true, maxAge }),
    generateCookie(LOGGED_COOKIE, "1", { ...options, httpOnly: false, maxAge }),
    csrfSetCookieLine(ctx, csrfBindingOf({ sessionId: session.id, sessionKind: "web" })),
  ];
}

export function setSessionCookies(c: Context<AppEnv>, session: IssuedSession) {
  for (const line of sessionCookieLines(c.get("app"), session)) c.header("Set-Cookie", line, { append: true });
}

/** Signing out: the session cookie goes, and the XSRF-TOKEN of the ended session is replaced. */
export function clearSessionCookies(c: Context<AppEnv>) {
  deleteCookie(c, sessionCookieName(c.get("app").config), cookieOptions(c));
  setCookie(c, LOGGED_COOKIE, "0", { ...cookieOptions(c), httpOnly: false, maxAge: WEB_SESSION_DAYS * 86_400 });
  setCsrfCookie(c, ANONYMOUS_BINDING);
}

/** The same as clearSessionCookies but the XSRF-TOKEN, as Set-Cookie lines for a page action's response. */
export function clearedSessionCookieLines(config: AppContext["config"]): string[] {
  const options = configCookieOptions(config);
  return [
    generateCookie(sessionCookieName(config), "", { ...options, maxAge: 0, expires: new Date(0) }),
    generateCookie(LOGGED_COOKIE, "0", { ...options, httpOnly: false, maxAge: WEB_SESSION_DAYS * 86_400 }),
  ];
}

/**
 * Signs a user in on this response: a web session (cookie) and, for API clients, an access token
 * ("id|secret") tied to it, so ending the login ends both.
 */
export async function startLogin(c: Context<AppEnv>, userId: number): Promise<{ accessToken: string; webSessionId: number }> {
  const { db } = c.get("app");
  const meta = requestMeta(c);
  const web = await createSession(db, { userId, kind: "web", ...meta });
  const api = await createSession(db, { userId, kind: "api", ...meta, parentId: web.id });
  setSessionCookies(c, web);
  return { accessToken: api.token, webSessionId: web.id };
}

/**
 * Signs a user in from a page action (the e-mail verification page's form): a web session, and
 * the same cookies as setSessionCookies, as Set-Cookie lines for the action's response. The
 * browser's previous login, if any, ends first (no session fixation, no leftovers).
 */
export async function startPageLogin(
  ctx: Pick<AppContext, "db" | "config" | "secret">,
  userId: number,
  previous: { sessionId: number; parentSessionId?: number | null } | null,
  meta: { userAgent: string | null; ip: string | null },
): Promise<string[]> {
  if (previous) await endLogin(ctx.db, previous);
  return sessionCookieLines(ctx, await createSession(ctx.db, { userId, kind: "web", ...meta }));
}
