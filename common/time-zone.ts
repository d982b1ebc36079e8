/**
 * The user's time zone: what the browser reports (the X-Timezone header of API calls, product-spec
 * §7, or the cookie the pages set), Spain's when unknown. Calendar dates a user picks ("admite
 * candidaturas hasta el 23 dic") mean the end of that day where the user is, and are shown there.
 */
export const DEFAULT_TIME_ZONE = "Europe/Madrid";
export const TIME_ZONE_COOKIE = "farmanexo_tz";

const CHECKED_ZONES_MAX = 1000;
const checkedZones = new Map<string, string | null>();

/** An IANA zone name Intl knows, else null (never throws on client input). */
export function validTimeZone(value: string | null | undefined): string | null {
  if (!value || value.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(value)) return null;
  // Building a DateTimeFormat costs tens of microseconds, and the server asks on every request that
  // carries the zone cookie: remember the answers (a few hundred zones exist; the memo is bounded).
  const known = checkedZones.get(value);
  if (known !== undefined) return known;
  let zone: string | null;
  try {
    zone = new Intl.DateTimeFormat("en-US", { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    zone = null;
  }
  if (checkedZones.size >= CHECKED_ZONES_MAX) checkedZones.clear();
  checkedZones.set(value, zone);
  return zone;
}

const partsFormats = new Map<string, Intl.DateTimeFormat>();
function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    partsFormats.set(timeZone, format);
  }
  return format;
}

/** The wall-clock fields of an instant in a zone. */
function wallClock(instant: number, timeZone: string) {
  const parts = Object.fromEntries(
    partsFormat(timeZone)
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant a zone's wall clock shows `wall` (wall-clock fields written as if they were UTC). */
function instantOfWallClock(wall: number, timeZone: string): Date {
  let instant = wall - offsetAt(wall, timeZone);
  // A daylight-saving change between the guess and the answer moves the offset once more.
  instant = wall - offsetAt(instant, timeZone);
  return new Date(instant);
}

/** The last millisecond of a calendar day ("2026-12-23") in a zone: 2026-12-23T22:59:59.999Z in Madrid. */
export function endOfDayIn(isoDate: string, timeZone: string): Date {
  const [year, month, day] = isoDate.split("-").map(Number) as [number, number, number];
  return instantOfWallClock(Date.UTC(year, month - 1, day, 23, 59, 59, 999), timeZone);
}

/**
 * A datetime-local value ("2026-11-23T14:30") read as wall-clock time in a zone; a value with its
 * own offset or Z is taken as is. Null when it is not a date.
 */
export function parseLocalDateTime(value: string, timeZone = DEFAULT_TIME_ZONE): Date | null {
  if (!value) return null;
  if (/[zZ]|[+-]\d\d:?\d\d$/.test(value)) {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  const match = /^(\d{4})-(\d\d)-(\d\d)[T ](\d\d):(\d\d)(?::(\d\d))?$/.exec(value);
  if (!match) return null;
  const [, year, month, day, hour, minute, second] = match.map(Number) as number[];
  return instantOfWallClock(Date.UTC(year as number, (month as number) - 1, day, hour, minute, second || 0), timeZone);
}

/** The datetime-local value ("YYYY-MM-DDTHH:mm") of an instant in a zone. */
export function toLocalDateTime(date: Date, timeZone = DEFAULT_TIME_ZONE): string {
  const shifted = new Date(date.getTime() + offsetAt(date.getTime(), timeZone));
  return shifted.toISOString().slice(0, 16);
}

/** The calendar day of an instant in a zone ("2026-12-23"). */
export function isoDateIn(instant: Date | string | number, timeZone: string): string {
  const w = wallClock(new Date(instant).getTime(), timeZone);
  return `${w.year}-${String(w.month).padStart(2, "0")}-${String(w.day).padStart(2, "0")}`;
}
