/**
 * Readable browser cookies (product-spec §3 "logged" flag, consent choices). The session itself is
 * an httpOnly cookie set by the server and never touched here.
 */
import { parseCookies } from "#common/cookies";

/** A date, a number of days, or a string of day/hour/minute/second units ("1d 3h 20m 5s", "2h"). */
export type CookieExpiry = Date | number | string;

export type CookieOptions = {
  expires?: CookieExpiry;
  path?: string;
  sameSite?: "Lax" | "Strict" | "None";
  secure?: boolean;
};

const UNIT_SECONDS: Record<string, number> = { d: 86_400, h: 3_600, m: 60, s: 1 };
const DURATION = /^\s*(?:\d+\s*[dhms]\s*)+$/i;
const PART = /(\d+)\s*([dhms])/gi;

/** Seconds in a duration string, or throws for anything that is not day/hour/minute/second units. */
export function parseDuration(text: string): number {
  if (!DURATION.test(text)) throw new Error(`Duración no válida: "${text}"`);
  let seconds = 0;
  const seen = new Set<string>();
  for (const [, amount, unit] of text.matchAll(PART)) {
    const key = (unit as string).toLowerCase();
    if (seen.has(key)) throw new Error(`Duración no válida: "${text}" (unidad repetida)`);
    seen.add(key);
    seconds += Number(amount) * (UNIT_SECONDS[key] as number);
  }
  return seconds;
}

/** The absolute expiry date of an expiry value, measured from `now`. */
export function expiryDate(expires: CookieExpiry, now: Date = new Date()): Date {
  if (expires instanceof Date) {
    if (Number.isNaN(expires.getTime())) throw new Error("Fecha de caducidad no válida");
    return expires;
  }
  if (typeof expires === "number") {
    if (!Number.isFinite(expires)) throw new Error("Número de días no válido");
    return new Date(now.getTime() + expires * 86_400_000);
  }
  return new Date(now.getTime() + parseDuration(expires) * 1000);
}

/** The Set-Cookie-style string document.cookie expects. */
export function serializeCookie(name: string, value: string, options: CookieOptions = {}, now: Date = new Date()): string {
  const parts = [`${encodeURIComponent(name)}=${encodeURIComponent(value)}`, `path=${options.path ?? "/"}`];
  if (options.expires !== undefined) parts.push(`expires=${expiryDate(options.expires, now).toUTCString()}`);
  parts.push(`SameSite=${options.sameSite ?? "Lax"}`);
  if (options.secure ?? (typeof location !== "undefined" && location.protocol === "https:")) parts.push("Secure");
  return parts.join("; ");
}

const hasDocument = () => typeof document !== "undefined";

export function getCookie(name: string): string | undefined {
  if (!hasDocument()) return undefined;
  return parseCookies(document.cookie)[name];
}

export function setCookie(name: string, value: string, options: CookieOptions = {}): void {
  if (!hasDocument()) return;
  // biome-ignore lint/suspicious/noDocumentCookie: this module is the one place that writes cookies.
  document.cookie = serializeCookie(name, value, options);
}

export function removeCookie(name: string, options: Omit<CookieOptions, "expires"> = {}): void {
  if (!hasDocument()) return;
  // biome-ignore lint/suspicious/noDocumentCookie: this module is the one place that writes cookies.
  document.cookie = serializeCookie(name, "", { ...options, expires: new Date(0) });
}
