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

/**
 * "hoy", "ayer", "hace 3 días", "hace 2 semanas", "hace 5 meses". `now` comes from the loader so
 * the server and the browser print the same words.
 */
export function relativeDate(value: string | Date, now: string | number | Date): string {
  const diff = new Date(now).getTime() - new Date(value).getTime();
  const days = Math.floor(diff / DAY);
  if (days <= 0) return "hoy";
  if (days === 1) return "ayer";
  if (days < 14) return `hace ${days} días`;
  if (days < 60) return `hace ${Math.floor(days / 7)} semanas`;
  if (days < 365) return `hace ${Math.floor(days / 30)} meses`;
  const years = Math.floor(days / 365);
  return years === 1 ? "hace 1 año" : `hace ${years} años`;
}

const moneyFormats = new Map<string, Intl.NumberFormat>();
function money(currency: string): Intl.NumberFormat {
  let format = moneyFormats.get(currency);
  if (!format) {
    try {
      format = new Intl.NumberFormat("es-ES", { style: "currency", currency, maximumFractionDigits: 0 });
    } catch {
      format = new Intl.NumberFormat("es-ES", { maximumFractionDigits: 0 });
    }
    moneyFormats.set(currency, format);
  }
  return format;
}

export function formatMoney(amount: number, currency: string): string {
  return money(currency).format(amount);
}

const countFormat = new Intl.NumberFormat("es-ES");
const pluralRules = new Intl.PluralRules("es-ES");

/** "1 finalista", "3 finalistas", "1.200 candidaturas" (Spanish plural rules, grouped digits). */
export function plural(count: number, one: string, other: string): string {
  return `${countFormat.format(count)} ${pluralRules.select(count) === "one" ? one : other}`;
}
