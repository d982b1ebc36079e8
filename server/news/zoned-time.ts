/** The offset (ms) of a time zone from UTC at an instant, from Intl (no time-zone library). */
function offsetAt(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * "2026-11-23T14:30" typed in a datetime-local field means 14:30 in Spain. A value with its own
 * offset or Z is taken as is. Null when it is not a date.
 */
export function parseLocalDateTime(value: string, timeZone = "Europe/Madrid"): Date | null {
  if (!value) return null;
  if (/[zZ]|[+-]\d\d:?\d\d$/.test(value)) {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  const match = /^(\d{4})-(\d\d)-(\d\d)[T ](\d\d):(\d\d)(?::(\d\d))?$/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  const naive = Date.UTC(y as number, (mo as number) - 1, d, h, mi, s || 0);
  // Two passes settle the offset across a daylight-saving change.
  let utc = naive - offsetAt(new Date(naive), timeZone);
  utc = naive - offsetAt(new Date(utc), timeZone);
  return new Date(utc);
}

/** The datetime-local value ("YYYY-MM-DDTHH:mm") of an instant in Spain. */
export function toLocalDateTime(date: Date, timeZone = "Europe/Madrid"): string {
  const shifted = new Date(date.getTime() + offsetAt(date, timeZone));
  return shifted.toISOString().slice(0, 16);
}
