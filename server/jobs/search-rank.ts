import { eq, type SQL, sql } from "drizzle-orm";
import type { AppContext } from "#server/context";
import { empresas, ofertas } from "#server/db/schema";
import { type SummaryRow, summaryColumns } from "./queries";

/** The relevance order of the keyword search (decisions 0009, 0077, 0131, 0136). */

export const tsQuery = (q: string) => sql`websearch_to_tsquery('es_unaccent', ${q})`;
export const tolerantQuery = (text: string) => sql`to_tsquery('es_unaccent', ${text})`;

/**
 * Whether the offer matches the search as written. Asked of the GIN index once per query (the
 * matches of the words as written, few when a word needed a typo) instead of each offer's `search`,
 * whose description part is TOASTed and costs a dozen buffer reads per offer to check (decision 0131).
 */
const matchesAsWrittenSql = (q: string) =>
  sql`${ofertas.id} IN (SELECT written.id FROM ${ofertas} AS written WHERE written.search @@ ${tsQuery(q)})`;

// Ranks are rounded so that the value in a cursor compares exactly on both drivers. They read
// `search_head` (title and job title, company, place; no description: decision 0131), so offers
// that match only in their description tie at 0 and follow newest first (the id order).
// With typo tolerance, an offer that matches the words as written ranks above every typo match.
export const rankSql = (c: { q: string; qTolerant?: string }) =>
  c.qTolerant
    ? sql`round((ts_rank(${ofertas.searchHead}, ${tolerantQuery(c.qTolerant)}) + CASE WHEN ${matchesAsWrittenSql(c.q)} THEN 10 ELSE 0 END)::numeric, 6)`
    : sql`round(ts_rank(${ofertas.searchHead}, ${tsQuery(c.q)})::numeric, 6)`;

/**
 * The rank as the selected key `k` (numeric, a string on both drivers), and the order by that output
 * column: ordering by the expression again would rank every match twice (its query parameters differ,
 * so PostgreSQL does not see it is the selected one).
 */
export const rankKeySql = (rank: SQL) => sql<string>`${rank}`.as("k");
export const rankOrder = [sql`"k" DESC`, sql`${ofertas.id} DESC`];

/** One group of the counts: grouping flags, its job title or sub-division, and its three counts. */
type CountTuple = [
  gc: number,
  ge: number,
  cargoId: number | null,
  estadoId: number | null,
  forCargos: number,
  forEstados: number,
  n: number,
];
export type CountRow = { id: number | null; n: number };
export type RankedCounts = { totalRows: CountRow[]; cargoRows: CountRow[]; estadoRows: CountRow[] };
export type KeyedRow = SummaryRow & { k: string };

export type RankedPageQuery = {
  /** The search's conditions without its job-title and sub-division filters (the facets' own scan). */
  broad: SQL[];
  /** The job-title and sub-division filters, when set. */
  cargoId?: number;
  estadoId?: number;
  rank: SQL;
  cursor?: { k: string; i: number };
  /** Rows to read (the page and one more to know whether a next page exists). */
  rows: number;
};

/**
 * A page by relevance and the three counts of the search (total, job titles, sub-divisions) in ONE
 * statement (decision 0136): the matches are read once (the GIN lookup and their heap rows), ranked
 * once each, and kept in a CTE that both the GROUPING SETS and the page's top-N read. With a job-title
 * or sub-division filter the CTE holds the matches without those filters (what the facets count,
 * each leaving its own filter out) and ranks only the offers within both. Only the page's offers are
 * then joined to their columns and company: the wide row (excerpt, company) is built for 20 offers,
 * not for every match. The keyset condition compares the stored key, so a cursor page does not rank
 * again.
 */
export async function rankedPageWithCounts(ctx: AppContext, query: RankedPageQuery) {
  const { broad, cargoId, estadoId, rank, cursor, rows } = query;
  // The filters on the CTE's own columns (cargo_id, estado_id).
  const cargoOk = cargoId === undefined ? sql`true` : sql`cargo_id = ${cargoId}::int`;
  const estadoOk = estadoId === undefined ? sql`true` : sql`estado_id = ${estadoId}::int`;
  // Only the offers within both filters are ranked (the page's); the others are only counted.
  const within = [
    ...(cargoId === undefined ? [] : [sql`${ofertas.cargoId} = ${cargoId}::int`]),
    ...(estadoId === undefined ? [] : [sql`${ofertas.estadoId} = ${estadoId}::int`]),
  ];
  const key = within.length ? sql`CASE WHEN ${sql.join(within, sql` AND `)} THEN ${rank} END` : rank;
  // OFFSET 0 keeps the CTE one unit even where PostgreSQL would inline it: each key is computed once.
  const matched = ctx.db.$with("matched", { id: sql<number>`id`, k: sql<string>`k` }).as(
    sql`SELECT * FROM (SELECT ${ofertas.id} AS id, ${ofertas.cargoId} AS cargo_id, ${ofertas.estadoId} AS estado_id,
        ${key} AS k FROM ${ofertas} WHERE ${sql.join(broad, sql` AND `)} OFFSET 0) AS candidates`,
  );
  const keyed = cursor ? sql`AND (k, id) < (${cursor.k}::numeric, ${cursor.i}::int)` : sql``;
  const rowsRead = (await ctx.db
    .with(matched)
    .select({ ...summaryColumns, k: sql<string | null>`"page_keys"."k"`, counts: sql<string>`"facet_counts"."counts"` })
    .from(
      sql`(SELECT json_agg(json_build_array(gc, ge, cargo_id, estado_id, for_cargos, for_estados, n))::text AS counts FROM (
          SELECT grouping(cargo_id) AS gc, grouping(estado_id) AS ge, cargo_id, estado_id,
            count(*) FILTER (WHERE ${estadoOk}) AS for_cargos,
            count(*) FILTER (WHERE ${cargoOk}) AS for_estados,
            count(k) AS n
          FROM "matched" GROUP BY GROUPING SETS ((cargo_id), (estado_id), ())) AS grouped) AS "facet_counts"`,
    )
    .leftJoin(
      sql`(SELECT id, k FROM "matched" WHERE k IS NOT NULL ${keyed} ORDER BY k DESC, id DESC LIMIT ${rows}) AS "page_keys"`,
      sql`true`,
    )
    .leftJoin(ofertas, eq(ofertas.id, sql`"page_keys"."id"`))
    .leftJoin(empresas, eq(empresas.id, ofertas.empresaId))
    .orderBy(sql`"page_keys"."k" DESC`, sql`"page_keys"."id" DESC`)) as unknown as Array<KeyedRow & { k: string | null; counts: string }>;
  const tuples = JSON.parse(rowsRead[0]?.counts ?? "[]") as CountTuple[];
  const counts: RankedCounts = { totalRows: [], cargoRows: [], estadoRows: [] };
  for (const [gc, ge, cargo, estado, forCargos, forEstados, n] of tuples) {
    // A facet lists only groups with offers (a group may count none once the other filter applies).
    if (gc === 0 && forCargos > 0) counts.cargoRows.push({ id: cargo, n: forCargos });
    else if (gc === 1 && ge === 0 && forEstados > 0) counts.estadoRows.push({ id: estado, n: forEstados });
    else if (gc === 1 && ge === 1) counts.totalRows.push({ id: null, n });
  }
  const page = rowsRead.filter((row) => row.id !== null && row.k !== null).map(({ counts: _, ...row }) => row as KeyedRow);
  return { page, counts };
}
