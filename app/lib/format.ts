import { DEFAULT_TIME_ZONE } from "#common/time-zone";

/**
 * es-ES formats for the jobs pages, in the visitor's time zone (the root loader's `timeZone`, see
 * app/lib/time-zone.ts), so the server's HTML and the browser's first render agree.
 */
const formats = new Map<string, Intl.DateTimeFormat>();
function formatFor(timeZone: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${timeZone}|${withTime}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("es-ES", {
      day: "numeric",
      month: "short",
      year: "numeric",
      ...(withTime ? { hour: "2-digit", minute: "2-digit", hourCycle: "h23" } : {}),
      timeZone,
    });
    formats.set(key, format);
  }
  return format;
}

/** "22 nov 2026" (Intl writes "sept" for September; short months are what Spanish sites show). */
export function formatDate(value: string | Date | null | undefined, timeZone = DEFAULT_TIME_ZONE): string {
  if (!value) return "";
  return formatFor(timeZone, false).format(new Date(value)).replace(/\.$/, "");
}

/** "22 nov 2026, 14:05" (24-hour clock). */
export function formatDateTime(value: string | Date | null | undefined, timeZone = DEFAULT_TIME_ZONE): string {
  if (!value) return "";
  return formatFor(timeZone, true).format(new Date(value));
}

const DAY = 86_400_000;

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** The calendar day of an instant where the user is, as a day number (days since 1970-01-01). */
function dayNumber(value: string | number | Date, timeZone: string): number {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", timeZone });
    dayFormats.set(timeZone, format);
  }
  const [year, month, day] = format.format(new Date(value)).split("-").map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day) / DAY;
}

/**
 * "hoy", "ayer", "hace 3 días", "hace 2 semanas", "hace 5 meses". Days are calendar days in the
 * user's zone ("hoy" is today there, not the last 24 hours). `now` comes from the loader so the
 * server and the browser print the same words.
 */
export function relativeDate(value: string | Date, now: string | number | Date, timeZone = DEFAULT_TIME_ZONE): string {
  const days = dayNumber(now, timeZone) - dayNumber(value, timeZone);
  if (days <= 0) return "hoy";
  if (days === 1) return "ayer";
  if (days < 14) return `hace ${days} días`;
  if (days < 60) return `hace ${Math.floor(days / 7)} semanas`;
  if (days < 365) return `hace ${Math.floor(days / 30)} meses`;
  const years = Math.floor(days / 365);
  return years === 1 ? "hace 1 año" : `hace ${years} años`;
}

/**
 * Each currency in the number format of the country that uses it (grouping and decimal marks):
 * "20.000 €" in Spain, "$4,000 MXN" in Mexico. es-ES alone leaves four digits ungrouped ("4000
 * MXN"), which read wrong beside the other markets' figures.
 */
const CURRENCY_LOCALES: Record<string, string> = {
  EUR: "es-ES",
  MXN: "es-MX",
  COP: "es-CO",
  ARS: "es-AR",
  CLP: "es-CL",
  PEN: "es-PE",
  USD: "es-US",
};

const moneyFormats = new Map<string, (amount: number) => string>();
function money(currency: string): (amount: number) => string {
  let format = moneyFormats.get(currency);
  if (!format) {
    const locale = CURRENCY_LOCALES[currency] ?? "es-ES";
    try {
      const number = new Intl.NumberFormat(locale, { style: "currency", currency, maximumFractionDigits: 0 });
      // A bare "$" is several currencies on a Spanish-speaking site: say which one.
      const bareDollar = number.formatToParts(1).some((part) => part.type === "currency" && part.value.trim() === "$");
      format = bareDollar ? (amount) => `${number.format(amount)} ${currency}` : (amount) => number.format(amount);
    } catch {
      const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
      format = (amount) => `${number.format(amount)} ${currency}`;
    }
    moneyFormats.set(currency, format);
  }
  return format;
}

/** An amount in its currency's own number format (see CURRENCY_LOCALES). */
export function formatMoney(amount: number, currency: string): string {
  return money(currency)(amount);
}

const countFormat = new Intl.NumberFormat("es-ES");
const pluralRules = new Intl.PluralRules("es-ES");

/** "1 finalista", "3 finalistas", "1.200 candidaturas" (Spanish plural rules, grouped digits). */
export function plural(count: number, one: string, other: string): string {
  return `${countFormat.format(count)} ${pluralRules.select(count) === "one" ? one : other}`;
}
