import { parseCookies } from "#common/cookies";
import { DEFAULT_TIME_ZONE, TIME_ZONE_COOKIE, validTimeZone } from "#common/time-zone";

/**
 * The time zone of a request: the X-Timezone header (API calls, product-spec §7), else the cookie
 * the pages set from the browser, else Spain's. Invalid values are ignored, never an error.
 */
export function requestTimeZone(headers: Headers): string {
  return requestTimeZoneOf(headers.get("x-timezone"), headers.get("cookie"));
}

/** requestTimeZone from the X-Timezone and Cookie header values (the page cache reads them from Node's headers). */
export function requestTimeZoneOf(timeZoneHeader: string | null | undefined, cookieHeader: string | null | undefined): string {
  const fromHeader = validTimeZone(timeZoneHeader ?? null);
  if (fromHeader) return fromHeader;
  return validTimeZone(parseCookies(cookieHeader)[TIME_ZONE_COOKIE] ?? null) ?? DEFAULT_TIME_ZONE;
}
