import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Context } from "hono";
import { generateCookie } from "hono/cookie";
import { parseCookies } from "#common/cookies";
import type { AppContext } from "#server/context";
import type { AppEnv } from "#server/env";

/**
 * OWASP's device cookie (issue #8, item 2): a browser that has signed in to an account gets a
 * signed cookie naming that account. Its later login attempts are throttled per device, not by the
 * account-wide counter that anyone on the internet can fill, so strangers guessing passwords
 * cannot lock the owner out. Format: nonce.hmac(secret, "device|email|nonce"), base64url.
 */
export const DEVICE_COOKIE = "farmanexo_device";
const MAX_AGE_SECONDS = 365 * 86_400;

const signature = (secret: string, email: string, nonce: string) =>
  createHmac("sha256", secret).update(`device|${email}|${nonce}`).digest("base64url");

export function makeDeviceCookie(secret: string, email: string): string {
  const nonce = randomBytes(16).toString("base64url");
  return `${nonce}.${signature(secret, email, nonce)}`;
}

/** The device's nonce when the cookie was issued to this account by us, else null. */
export function trustedDevice(secret: string, email: string, value: string | undefined): string | null {
  if (!value || value.length > 200) return null;
  const [nonce, mac] = value.split(".");
  if (!nonce || !mac) return null;
  const expected = Buffer.from(signature(secret, email, nonce));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given) ? nonce : null;
}

export function readDeviceCookie(c: Context<AppEnv>): string | undefined {
  return deviceCookieOf(c.req.raw);
}

/**
 * The device cookie as a Set-Cookie line. Its path is "/" (decision 0095): the sign-in page posts
 * to /app/auth/login (or its .data URL once hydrated) and API clients to /api/login, and a path
 * cannot name all three. It is httpOnly and signed; it only ever names an account to our server.
 */
export function deviceCookieLine(ctx: Pick<AppContext, "config" | "secret">, email: string): string {
  return generateCookie(DEVICE_COOKIE, makeDeviceCookie(ctx.secret, email), {
    path: "/",
    httpOnly: true,
    sameSite: "Lax",
    secure: ctx.config.appUrl.startsWith("https://"),
    maxAge: MAX_AGE_SECONDS,
  });
}

export function issueDeviceCookie(c: Context<AppEnv>, email: string) {
  c.header("Set-Cookie", deviceCookieLine(c.get("app"), email), { append: true });
}

/** The device cookie of a page request (the sign-in form's POST). */
export function deviceCookieOf(request: Request): string | undefined {
  return parseCookies(request.headers.get("cookie"))[DEVICE_COOKIE];
}
