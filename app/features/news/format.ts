const LONG = new Intl.DateTimeFormat("es-ES", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/Madrid" });
const LONG_TIME = new Intl.DateTimeFormat("es-ES", {
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "Europe/Madrid",
});

/** "23 de noviembre de 2026", in Spain's time on the server and in the browser alike. */
export function formatNewsDate(iso: string): string {
  return LONG.format(new Date(iso));
}

/** "23 de noviembre de 2026, 11:05". */
export function formatNewsDateTime(iso: string): string {
  return LONG_TIME.format(new Date(iso));
}
