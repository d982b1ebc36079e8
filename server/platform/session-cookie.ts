import { PROFESSIONAL_COOKIE } from "#common/constants";

/**
 * The name of the web session cookie. Over HTTPS (APP_URL decides) it takes the `__Host-` prefix:
 * browsers then accept it only with Secure, Path=/ and no Domain, so neither a sibling subdomain nor
 * a plain-HTTP response can plant or overwrite it. Plain HTTP (local development, tests) keeps the
 * plain name, which browsers would refuse with the prefix.
 */
export const SESSION_COOKIE = "farmanexo_session";
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

export const usesSecureCookies = (config: { appUrl: string }) => config.appUrl.startsWith("https://");

export const sessionCookieName = (config: { appUrl: string }) => (usesSecureCookies(config) ? SECURE_SESSION_COOKIE : SESSION_COOKIE);

const PRESENT = /(?:^|;\s*)(?:__Host-)?farmanexo_session=[^;\s]/;
// Any value, not only "1": when in doubt, the request is personal.
const PROFESSIONAL = new RegExp(`(?:^|;\\s*)${PROFESSIONAL_COOKIE}=[^;\\s]`);

/**
 * The Set-Cookie value that records (or forgets) the visitor's answer to the professional gate: a
 * session cookie (no expiry, so the answer lasts until the browser closes, as the brief asks). Set
 * by the accounts API and by the catalogue's gate page, read by the catalogue (server/visita).
 */
export function professionalSetCookie(value: boolean, secure: boolean): string {
  const attributes = `Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
  return value ? `${PROFESSIONAL_COOKIE}=1; ${attributes}` : `${PROFESSIONAL_COOKIE}=; Max-Age=0; ${attributes}`;
}

/** Whether a Cookie header carries a session cookie (under either name): a possibly signed-in browser. */
export const hasSessionCookie = (cookieHeader: string | undefined | null) => PRESENT.test(cookieHeader ?? "");

/**
 * Whether what a page shows may depend on who asks: a session (possibly signed in) or the
 * catalogue's professional answer (prescription-only detail). Such requests are never answered
 * from, nor stored in, the page cache, and their pages are never shared-cacheable.
 */
export const isPersonalisedRequest = (cookieHeader: string | undefined | null) =>
  hasSessionCookie(cookieHeader) || PROFESSIONAL.test(cookieHeader ?? "");
