const DATE_TIME = new Intl.DateTimeFormat("es-ES", {
  dateStyle: "medium",
  timeStyle: "short",
  hourCycle: "h23",
  timeZone: "Europe/Madrid",
});

/** "23 nov 2026, 11:05" in Spain's time, the same on the server and in the browser. */
export function formatDateTime(iso: string | Date): string {
  return DATE_TIME.format(new Date(iso));
}
