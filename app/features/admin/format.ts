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

/** The block confirmation's clause about sessions, agreeing with the number ("sus 1 sesiones" read wrong). */
export function openSessionsClause(count: number): string {
  if (count === 0) return " (no tiene sesiones abiertas)";
  if (count === 1) return " y su sesión abierta se cerrará ahora";
  return ` y sus ${count} sesiones abiertas se cerrarán ahora`;
}
