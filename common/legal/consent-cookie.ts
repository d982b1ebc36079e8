import { CONSENT_MAX_AGE_MONTHS, REGISTRY_FINGERPRINT } from "./registry-fingerprint";

/** The visitor's cookie choices (AEPD guide): analytics and advertising, with the month they were made. */
export type CookieChoice = { analytics: boolean; publicidad: boolean; month: string };

const monthOf = (date: Date) => `${date.getUTCFullYear()}${String(date.getUTCMonth() + 1).padStart(2, "0")}`;
const monthsBetween = (from: string, to: string) =>
  (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(4)) - Number(from.slice(4));

/**
 * The cookie's value: "<analytics>.<advertising>.<YYYYMM>.<registry fingerprint>". The month (not
 * the day) keeps the page cache's renderings few; it is enough to ask again after 13 months.
 */
export function serializeCookieChoice(choice: { analytics: boolean; publicidad: boolean }, now = new Date()): string {
  return `${choice.analytics ? 1 : 0}.${choice.publicidad ? 1 : 0}.${monthOf(now)}.${REGISTRY_FINGERPRINT}`;
}

/**
 * The choice a cookie holds, or null when it must be asked (again): no or a malformed value, a
 * choice older than 13 months, or one made when the registry of cookies was different.
 */
export function parseCookieChoice(raw: string | undefined, now = new Date()): CookieChoice | null {
  const match = /^([01])\.([01])\.(\d{6})\.([0-9a-z]{1,13})$/.exec(raw ?? "");
  if (!match) return null;
  const [, analytics, publicidad, month, fingerprint] = match as unknown as [string, string, string, string, string];
  const age = monthsBetween(month, monthOf(now));
  if (age < 0 || age >= CONSENT_MAX_AGE_MONTHS || fingerprint !== REGISTRY_FINGERPRINT) return null;
  return { analytics: analytics === "1", publicidad: publicidad === "1", month };
}
