import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Sanctum-style CSRF protection without server state: the readable XSRF-TOKEN cookie holds a random
 * value and its HMAC; writes authenticated by cookie must echo it in X-XSRF-TOKEN. A forged request
 * from another site can neither read the cookie nor mint a token that verifies.
 */
export const CSRF_COOKIE = "XSRF-TOKEN";
export const CSRF_HEADER = "x-xsrf-token";

export function createCsrfToken(secret: string): string {
  const nonce = randomBytes(24).toString("base64url");
  return `${nonce}.${sign(secret, nonce)}`;
}

export function isValidCsrfToken(secret: string, token: string | undefined): boolean {
  if (!token) return false;
  const [nonce, signature, extra] = token.split(".");
  if (!nonce || !signature || extra !== undefined) return false;
  const expected = Buffer.from(sign(secret, nonce));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The header must equal the cookie (double submit) and carry our signature. */
export function csrfMatches(secret: string, cookieValue: string | undefined, headerValue: string | undefined): boolean {
  if (!cookieValue || !headerValue) return false;
  let header = headerValue;
  try {
    header = decodeURIComponent(headerValue); // axios-style clients send the cookie value URL-encoded
  } catch {
    return false;
  }
  return header === cookieValue && isValidCsrfToken(secret, header);
}

function sign(secret: string, value: string): string {
  return createHmac("sha256", secret).update(`csrf:${value}`).digest("base64url");
}
