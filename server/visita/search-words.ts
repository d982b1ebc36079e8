import { type SQL, sql } from "drizzle-orm";
import type { AppContext } from "#server/context";
import { products } from "#server/db/schema";
import { OPEN_PRODUCT } from "./policy";

/**
 * The text part of a catalogue search (decisions 0037, 0044). Each search word is first matched
 * against the vocabulary of the catalogue's folded words (`search_words`, pg_trgm word similarity
 * `<%`, through its trigram index): that is where typos are forgiven, once per word of the search
 * rather than once per product. Products are then found by the vocabulary words they contain, and
 * ranked with numbers stored on the product, so no trigram similarity is computed per product.
 */

/**
 * A vocabulary word that a search word matches: its word similarity (6 decimals), shared trigrams
 * and, for a viewer who has not passed the professional gate, the laboratories whose name holds it.
 */
export type WordMatch = { word: string; score: string; shared: number; labs: number[] };

/**
 * Per search word, the vocabulary words it matches (best first); the trigrams of the whole query;
 * and whether prescription-only products may match on their name and holder laboratory only (the
 * viewer has not passed the gate: policy.ts).
 */
export type TextMatch = { words: WordMatch[][]; queryTrigrams: number; gated: boolean };

// Stored generated columns of products (migration 0020, not in the Drizzle schema, like search_words).
const WORD_LIST = sql`${products}.search_word_list`;
const NAME_WORDS = sql`${products}.name_words`;
const NAME_TRIGRAMS = sql`${products}.name_trigrams`;

const arrayOf = (values: Array<string | number>, type: "text" | "int") =>
  sql`ARRAY[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::${sql.raw(type)}[]`;
const textArray = (values: string[]) => arrayOf(values, "text");

/**
 * The laboratories whose folded name contains each matched word (split as search_text is), for a
 * gated search: from their stored words (laboratories.name_words, migration 0031), so no name is
 * folded per search; only the laboratories holding some matched word are unnested.
 */
const LABORATORY_WORDS = sql`, labs AS MATERIALIZED (
    SELECT w.word, array_agg(l.id ORDER BY l.id) AS ids
    FROM laboratories AS l, unnest(l.name_words) AS w(word)
    WHERE l.name_words && (SELECT array_agg(word) FROM m) AND w.word IN (SELECT word FROM m)
    GROUP BY w.word)`;

/** Looks the search words up in the vocabulary: one short query, served by the trigram index. */
export async function matchWords(db: AppContext["db"], tokens: string[], q: string, gated: boolean): Promise<TextMatch> {
  const result = (await db.execute(sql`
    WITH m AS MATERIALIZED (
      SELECT t.i::int AS i, f.word, f.score, f.shared
      FROM unnest(${textArray(tokens)}) WITH ORDINALITY AS t(token, i),
        LATERAL search_word_matches(f_unaccent(lower(t.token))) AS f)${gated ? LABORATORY_WORDS : sql``}
    SELECT m.i, m.word, m.score::text AS score, m.shared, ${gated ? sql`labs.ids` : sql`NULL::int[]`} AS labs,
      cardinality(show_trgm(f_unaccent(lower(${q}::text))))::int AS qt
    FROM m${gated ? sql` LEFT JOIN labs ON labs.word = m.word` : sql``}
    ORDER BY m.i, m.score DESC, m.word`)) as unknown as {
    rows: Array<{ i: number | string; word: string; score: string; shared: number | string; labs: number[] | null; qt: number | string }>;
  };
  const words: WordMatch[][] = tokens.map(() => []);
  for (const row of result.rows)
    words[Number(row.i) - 1]?.push({ word: row.word, score: row.score, shared: Number(row.shared), labs: (row.labs ?? []).map(Number) });
  return { words, queryTrigrams: Number(result.rows[0]?.qt ?? 0), gated };
}

/** Whether every search word matched some vocabulary word (otherwise nothing can match). */
export const everyWordMatched = (match: TextMatch) => match.words.every((words) => words.length > 0);

/**
 * Where a prescription-only product may hold a vocabulary word for a gated viewer: its name, or
 * its holder laboratory's name (what the gate shows); not its ingredients, ATC code or marketer.
 */
function inPublicWords(words: WordMatch[]): SQL {
  const labs = [...new Set(words.flatMap((w) => w.labs))];
  const inName = sql`${NAME_WORDS} && ${textArray(words.map((w) => w.word))}`;
  return labs.length ? sql`(${inName} OR ${products.holderLaboratoryId} = ANY(${arrayOf(labs, "int")}))` : inName;
}

/**
 * Per search word: the product contains one of its vocabulary words (GIN on search_word_list); for
 * a gated viewer, a prescription-only product must hold it in its name or holder laboratory.
 */
export const wordConditions = (match: TextMatch): SQL[] =>
  match.words.map((words) => {
    const anywhere = sql`${WORD_LIST} && ${textArray(words.map((w) => w.word))}`;
    // A CASE, not an OR: the planner estimates an OR of these as ~10 % of the candidates (they
    // are mostly all of them: the word is usually in the name) and then joins row by row.
    return match.gated ? sql`(${anywhere} AND (CASE WHEN ${OPEN_PRODUCT} THEN true ELSE ${inPublicWords(words)} END))` : anywhere;
  });

/** The first value whose condition holds, else 0 (`matches` best first). */
function bestOf(matches: Array<{ when: SQL; value: SQL }>): SQL {
  if (matches.length === 0) return sql`0`;
  const branches = matches.map(({ when, value }) => sql`WHEN ${when} THEN ${value}`);
  return sql`(CASE ${sql.join(branches, sql` `)} ELSE 0 END)`;
}

const holds = (column: SQL, word: string) => sql`${word}::text = ANY(${column})`;

/** Per search word, the similarity of the best vocabulary word the product holds (gated: where it may hold it). */
function similarityOf(words: WordMatch[], gated: boolean): SQL {
  const score = (w: WordMatch) => sql`${w.score}::numeric`;
  const anywhere = bestOf(words.map((w) => ({ when: holds(WORD_LIST, w.word), value: score(w) })));
  if (!gated) return anywhere;
  const inPublic = bestOf(words.map((w) => ({ when: inPublicWords([w]), value: score(w) })));
  return sql`(CASE WHEN ${OPEN_PRODUCT} THEN ${anywhere} ELSE ${inPublic} END)`;
}

/**
 * The rank, as decision 0016 defines it, from stored numbers: per search word the word similarity
 * of the best vocabulary word the product contains (its mean over the words), plus half the
 * trigram similarity of the whole query to the product's name, |Q ∩ N| / (|Q| + |N| − |Q ∩ N|),
 * with |N| stored per product and |Q ∩ N| summed over the matched words that are in the name.
 * Rounded so the value in a cursor compares exactly on both drivers. For a gated viewer a
 * prescription-only product ranks by the words it may match on (name, holder laboratory).
 */
export function rankSql(match: TextMatch): SQL {
  const similarity = match.words.map((words) => similarityOf(words, match.gated));
  const sharedWithName = match.words.map((words) =>
    bestOf([...words].sort((a, b) => b.shared - a.shared).map((w) => ({ when: holds(NAME_WORDS, w.word), value: sql`${w.shared}::int` }))),
  );
  const q = match.queryTrigrams;
  const common = sql`least(${sql.join(sharedWithName, sql` + `)}, ${q}::int, ${NAME_TRIGRAMS})`;
  const nameSimilarity = sql`${common}::numeric / greatest(${q}::int + ${NAME_TRIGRAMS} - ${common}, 1)`;
  return sql`round((${sql.join(similarity, sql` + `)}) / ${match.words.length}::int + 0.5 * ${nameSimilarity}, 6)`;
}
