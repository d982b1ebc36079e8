/**
 * The ISO week of a moment in Spain ("2026-W48"), when its newsletter may go out (Monday 08:00,
 * Europe/Madrid) and a Spanish label for the subject ("semana del 23 de noviembre").
 */
export function weekOf(now: Date, timeZone = "Europe/Madrid"): { key: string; due: boolean; label: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", hourCycle: "h23" })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  const local = new Date(Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day)));
  const dayOfWeek = (local.getUTCDay() + 6) % 7; // Monday = 0
  const monday = new Date(local.getTime() - dayOfWeek * 86_400_000);
  const thursday = new Date(monday.getTime() + 3 * 86_400_000);
  const yearStart = new Date(Date.UTC(thursday.getUTCFullYear(), 0, 1));
  const weekNo = Math.floor((thursday.getTime() - yearStart.getTime()) / 86_400_000 / 7) + 1;
  // Monday 08:00 in Spain is 06:00 or 07:00 UTC (summer or winter): compare local hours instead.
  const due = dayOfWeek * 24 + Number(parts.hour) >= 8;
  const label = `semana del ${new Intl.DateTimeFormat("es-ES", { day: "numeric", month: "long", timeZone: "UTC" }).format(monday)}`;
  return { key: `${thursday.getUTCFullYear()}-W${String(weekNo).padStart(2, "0")}`, due, label };
}
