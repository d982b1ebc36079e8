import { DEFAULT_TIME_ZONE, isoDateIn } from "#common/time-zone";

// Dates and times of the chat, es-ES, 24-hour (product-spec §1), in Spain's time like the rest of
// the site: the server renders exactly what the browser hydrates (a browser's own zone would not).

const timeZone = DEFAULT_TIME_ZONE;
const time = new Intl.DateTimeFormat("es-ES", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone });
const dayLong = new Intl.DateTimeFormat("es-ES", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone });
const dayShort = new Intl.DateTimeFormat("es-ES", { day: "2-digit", month: "2-digit", year: "2-digit", timeZone });

const daysAgo = (date: Date, now: Date) =>
  Math.round((Date.parse(isoDateIn(now, timeZone)) - Date.parse(isoDateIn(date, timeZone))) / 86_400_000);

export function formatTime(iso: string): string {
  return time.format(new Date(iso));
}

/** The day separator: "Hoy", "Ayer", or "lunes, 23 de noviembre de 2026". */
export function formatDay(iso: string, now = new Date()): string {
  const date = new Date(iso);
  const ago = daysAgo(date, now);
  if (ago === 0) return "Hoy";
  if (ago === 1) return "Ayer";
  const text = dayLong.format(date);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function dayKey(iso: string): string {
  return isoDateIn(iso, timeZone);
}

/** The list's time column: the time today, "Ayer", or the date. */
export function formatListTime(iso: string, now = new Date()): string {
  const date = new Date(iso);
  const ago = daysAgo(date, now);
  if (ago === 0) return time.format(date);
  if (ago === 1) return "Ayer";
  return dayShort.format(date);
}
