import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client";

/** Query plans of the hot queries on PostgreSQL: which indexes they use and how long they take. */
export const OPEN = sql.raw(`status = 'publicada' AND (expires_at IS NULL OR expires_at > now())`);
export const OFFER_QUERIES: Array<{ name: string; query: ReturnType<typeof sql> }> = [
  {
    name: "country list (newest first)",
    query: sql`SELECT id FROM ofertas WHERE pais_id = 28 AND ${OPEN} ORDER BY published_at DESC NULLS LAST, id DESC NULLS LAST LIMIT 21`,
  },
  {
    name: "country + job title list",
    query: sql`SELECT id FROM ofertas WHERE pais_id = 28 AND cargo_id = 53 AND ${OPEN} ORDER BY published_at DESC NULLS LAST, id DESC NULLS LAST LIMIT 21`,
  },
  {
    // Ranked by the small stored head vector, as the service does (decision 0131), not the whole TOASTed `search`.
    name: "keyword search (ranked)",
    query: sql`SELECT id, round(ts_rank(search_head, websearch_to_tsquery('es_unaccent', 'visitador médico madrid'))::numeric, 6) AS r FROM ofertas
      WHERE pais_id = 28 AND ${OPEN} AND search @@ websearch_to_tsquery('es_unaccent', 'visitador médico madrid')
      ORDER BY r DESC, id DESC LIMIT 21`,
  },
  {
    name: "keyword search facet (per job title)",
    query: sql`SELECT cargo_id, count(*) FROM ofertas WHERE pais_id = 28 AND ${OPEN}
      AND search @@ websearch_to_tsquery('es_unaccent', 'visitador medico madrid') GROUP BY cargo_id`,
  },
  { name: "offer by id", query: sql`SELECT * FROM ofertas WHERE id = 4242` },
  // The catalogue search is timed and explained by product-search.ts (its SQL depends on the vocabulary).
];

export type PlanSummary = { name: string; indexes: string[]; executionMs: number; plan: string };

export async function explainHotQueries(db: Db): Promise<PlanSummary[]> {
  const out: PlanSummary[] = [];
  for (const { name, query } of OFFER_QUERIES) {
    const result = (await db.execute(sql`EXPLAIN (ANALYZE, BUFFERS) ${query}`)) as unknown as { rows: Array<{ "QUERY PLAN": string }> };
    const plan = result.rows.map((row) => row["QUERY PLAN"]).join("\n");
    const indexes = [...plan.matchAll(/(?:Index Scan|Index Only Scan|Bitmap Index Scan)(?: Backward)? (?:using|on) (\w+)/g)].map(
      (m) => m[1] as string,
    );
    const executionMs = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? Number.NaN);
    out.push({ name, indexes: [...new Set(indexes)], executionMs, plan });
  }
  return out;
}
