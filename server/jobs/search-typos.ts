import { sql } from "drizzle-orm";
import type { AppContext } from "#server/context";

/**
 * Typo tolerance of the keyword search (issue 28, decision 0077). A search word the offers never
 * use ("vistador") is looked up in their vocabulary (`oferta_palabras`, pg_trgm's trigram index, as
 * the catalogue does in server/visita/search-words.ts) and stands for the known words one edit away
 * ("visitador": one letter missing, extra, changed or two swapped). Words the offers use are taken
 * as written, so a correct search finds exactly what it did. The expanded query ranks exact matches
 * first (rankOf in search.ts).
 */

const MIN_TYPO_LENGTH = 4;
const MAX_ALTERNATIVES = 8;
const MAX_WORDS = 8;

/** Lower case, accents off, split on anything but letters and digits (as the vocabulary is). */
export function foldedWords(q: string): string[] {
  return q
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Whether two words are at most one edit apart (insertion, deletion, substitution or adjacent swap). */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const restA = a.slice(i + 1);
  const restB = b.slice(i + 1);
  if (a.length === b.length) return restA === restB || (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2));
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** Search syntax (quotes, exclusions, OR) is taken as written: no guessing inside it. */
const SYNTAX = /["-]|\bor\b/i;

/**
 * The to_tsquery text of a search with its unknown words widened to their one-typo neighbours, or
 * undefined when every word is known (or none has a neighbour): the search then runs as written.
 */
export async function expandTypos(db: AppContext["db"], q: string): Promise<string | undefined> {
  if (SYNTAX.test(q)) return undefined;
  const words = [...new Set(foldedWords(q))].slice(0, MAX_WORDS);
  const candidates = words.filter((word) => word.length >= MIN_TYPO_LENGTH);
  if (!candidates.length) return undefined;
  const result = (await db.execute(sql`
    SELECT t.token, w.word, t.token = w.word AS exact
    FROM unnest(ARRAY[${sql.join(
      candidates.map((word) => sql`${word}`),
      sql`, `,
    )}]::text[]) AS t(token)
    JOIN oferta_palabras AS w ON w.word % t.token
    WHERE length(w.word) BETWEEN length(t.token) - 1 AND length(t.token) + 1`)) as unknown as {
    rows: Array<{ token: string; word: string; exact: boolean }>;
  };
  const known = new Set(result.rows.filter((row) => row.exact).map((row) => row.token));
  const alternatives = new Map<string, string[]>();
  for (const row of result.rows) {
    if (known.has(row.token) || row.exact || !oneEditApart(row.token, row.word)) continue;
    const list = alternatives.get(row.token) ?? [];
    if (list.length < MAX_ALTERNATIVES) list.push(row.word);
    alternatives.set(row.token, list);
  }
  if (!alternatives.size) return undefined;
  return words.map((word) => `(${[word, ...(alternatives.get(word) ?? [])].join(" | ")})`).join(" & ");
}
