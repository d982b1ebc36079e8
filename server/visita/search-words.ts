import { type SQL, sql } from "drizzle-orm";
import type { AppContext } from "#server/context";
import { products } from "#server/db/schema";

/**
 * The text part of a catalogue search (decisions 0037, 0044). Each search word is first matched
 * against the vocabulary of the catalogue's folded words (`search_words`, pg_trgm word similarity
 * `<%`, through its trigram index): that is where typos are forgiven, once per word of the search
 * rather than once per product. Products are then found by the vocabulary words they contain, and
 * ranked with numbers stored on the product, so no trigram similarity is computed per product.
 */

/** A vocabulary word that a search word matches: its word similarity (6 decimals) and shared trigrams. */
export type WordMatch = { word: string; score: string; shared: number };

/** Per search word, the vocabulary words it matches (best first); and the trigrams of the whole query. */
export type TextMatch = { words: WordMatch[][]; queryTrigrams: number };

// Stored generated columns of products (migration 0020, not in the Drizzle schema, like search_words).
const WORD_LIST = sql`${products}.search_word_list`;
const NAME_WORDS = sql`${products}.name_words`;
const NAME_TRIGRAMS = sql`${products}.name_trigrams`;

const textArray = (values: string[]) =>
  sql`ARRAY[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;

/** Looks the search words up in the vocabulary: one short query, served by the trigram index. */
export async function matchWords(db: AppContext["db"], tokens: string[], q: string): Promise<TextMatch> {
  const result = (await db.execute(sql`
    SELECT t.i::int AS i, m.word, m.score::text AS score, m.shared, cardinality(show_trgm(f_unaccent(lower(${q}::text))))::int AS qt
    FROM unnest(${textArray(tokens)}) WITH ORDINALITY AS t(token, i),
      LATERAL search_word_matches(f_unaccent(lower(t.token))) AS m
    ORDER BY t.i, m.score DESC, m.word`)) as unknown as {
    rows: Array<{ i: number | string; word: string; score: string; shared: number | string; qt: number | string }>;
  };
  const words: WordMatch[][] = tokens.map(() => []);
  for (const row of result.rows) words[Number(row.i) - 1]?.push({ word: row.word, score: row.score, shared: Number(row.shared) });
  return { words, queryTrigrams: Number(result.rows[0]?.qt ?? 0) };
}

/** Whether every search word matched some vocabulary word (otherwise nothing can match). */
export const everyWordMatched = (match: TextMatch) => match.words.every((words) => words.length > 0);

/** Per search word: the product contains one of its vocabulary words (GIN on search_word_list). */
export const wordConditions = (match: TextMatch): SQL[] =>
  match.words.map((words) => sql`${WORD_LIST} && ${textArray(words.map((w) => w.word))}`);

/** The first value whose vocabulary word the product's array holds, else 0 (`matches` best first). */
function bestOf(column: SQL, matches: Array<{ word: string; value: SQL }>): SQL {
  if (matches.length === 0) return sql`0`;
  const branches = matches.map(({ word, value }) => sql`WHEN ${word}::text = ANY(${column}) THEN ${value}`);
  return sql`(CASE ${sql.join(branches, sql` `)} ELSE 0 END)`;
}

/**
 * The rank, as decision 0016 defines it, from stored numbers: per search word the word similarity
 * of the best vocabulary word the product contains (its mean over the words), plus half the
 * trigram similarity of the whole query to the product's name, |Q ∩ N| / (|Q| + |N| − |Q ∩ N|),
 * with |N| stored per product and |Q ∩ N| summed over the matched words that are in the name.
 * Rounded so the value in a cursor compares exactly on both drivers.
 */
export function rankSql(match: TextMatch): SQL {
  const similarity = match.words.map((words) =>
    bestOf(
      WORD_LIST,
      words.map((w) => ({ word: w.word, value: sql`${w.score}::numeric` })),
    ),
  );
  const sharedWithName = match.words.map((words) =>
    bestOf(
      NAME_WORDS,
      [...words].sort((a, b) => b.shared - a.shared).map((w) => ({ word: w.word, value: sql`${w.shared}::int` })),
    ),
  );
  const q = match.queryTrigrams;
  const common = sql`least(${sql.join(sharedWithName, sql` + `)}, ${q}::int, ${NAME_TRIGRAMS})`;
  const nameSimilarity = sql`${common}::numeric / greatest(${q}::int + ${NAME_TRIGRAMS} - ${common}, 1)`;
  return sql`round((${sql.join(similarity, sql` + `)}) / ${match.words.length}::int + 0.5 * ${nameSimilarity}, 6)`;
}
