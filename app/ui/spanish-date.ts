/**
 * Dates as Spanish users type and read them: "dd/mm/aaaa". Values inside forms and payloads stay
 * ISO calendar dates ("1990-05-01").
 */
export const SPANISH_DATE_FORMAT = "DD/MM/YYYY";
export const SPANISH_DATE_PLACEHOLDER = "dd/mm/aaaa";

/** "1/5/1990", "01-05-1990" or "01.05.1990" → "1990-05-01"; anything else (or an impossible day) → null. */
export function parseSpanishDate(text: string): string | null {
  const match = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(text);
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const iso = `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(iso) ? iso : null;
}

/** "1990-05-01" → "01/05/1990". */
export function formatSpanishDate(iso: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? "");
  return match ? `${match[3]}/${match[2]}/${match[1]}` : "";
}
