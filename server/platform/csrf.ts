import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Sanctum-style CSRF protection without server state: the readable XSRF-TOKEN cookie holds a random
 * value and its HMAC; writes authenticated by cookie must echo it in X-XSRF-TOKEN. A forged request
 * from another site can neither read the cookie nor mint a token that verifies.
 *
 * The HMAC also covers the session the token was issued to (`binding`: the web session's id, or
 * "anonymous"), so a token is good for that session only: signing in or out issues a new one, and a
 * token planted or read before login is worthless afterwards.
 */
export const CSRF_HEADER = "x-xsrf-token";
export const ANONYMOUS_BINDING = "anonymous";

/** What a token is tied to: the signed-in web session, or nothing yet. */
export const csrfBindingOf = (user: { sessionId: number; sessionKind: "web" | "api" } | null | undefined): string =>
  user?.sessionKind === "web" ? `session:${user.sessionId}` : ANONYMOUS_BINDING;

export function createCsrfToken(secret: string, binding: string): string {
  const nonce = randomBytes(24).toString("base64url");
  return `${nonce}.${sign(secret, nonce, binding)}`;
}

export function isValidCsrfToken(secret: string, token: string | undefined, binding: string): boolean {
  if (!token) return false;
  const [nonce, signature, extra] = token.split(".");
  if (!nonce || !signature || extra !== undefined) return false;
  const expected = Buffer.from(sign(secret, nonce, binding));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The header must equal the cookie (double submit) and carry our signature for this session. */
export function csrfMatches(secret: string, cookieValue: string | undefined, headerValue: string | undefined, binding: string): boolean {
  if (!cookieValue || !headerValue) return false;
  let header = headerValue;
  try {
    header = decodeURIComponent(headerValue); // axios-style clients send the cookie value URL-encoded
  } catch {
    return false;
  }
  return header === cookieValue && isValidCsrfToken(secret, header, binding);
}

function sign(secret: string, nonce: string, binding: string): string {
  return createHmac("sha256", secret).update(`csrf:${binding}:${nonce}`).digest("base64url");
}
