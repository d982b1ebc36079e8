import { type SQL, sql } from "drizzle-orm";
import { DEFAULT_TIME_ZONE } from "#common/time-zone";
import { type StatsEvent, VERIFICATION_EVENTS } from "#common/visita/stats";
import type { AppContext } from "#server/context";

// One query for every table of a dashboard (decision 0098): the beacons' daily counts and the
// verifications (read from the verifications themselves) in one set, summed per product, per
// representative, per province, per promotion and per day with GROUPING SETS.

export type Scope = { laboratoryIds: number[] } | { representativeId: number };
export type FigureRow = {
  dimension: "producto" | "visitador" | "provincia" | "promocion" | "dia";
  key: number | string | null;
  event: StatsEvent;
  total: number;
};

const ids = (list: number[]) =>
  sql.join(
    list.map((id) => sql`${id}::int`),
    sql`, `,
  );

/** The scope as a condition on a row's product and representative columns. */
function scopeSql(scope: Scope, product: SQL, representative: SQL): SQL {
  if ("representativeId" in scope) return sql`${representative} = ${scope.representativeId}`;
  if (!scope.laboratoryIds.length) return sql`false`;
  return sql`${product} IN (SELECT id FROM products WHERE holder_laboratory_id IN (${ids(scope.laboratoryIds)})
    OR marketing_laboratory_id IN (${ids(scope.laboratoryIds)}))`;
}

export async function readFigures(ctx: Pick<AppContext, "db">, scope: Scope, desde: string, hasta: string): Promise<FigureRow[]> {
  const [requested, confirmed, declined] = VERIFICATION_EVENTS;
  const created = sql`(v.created_at AT TIME ZONE ${DEFAULT_TIME_ZONE})::date`;
  const decided = sql`(v.decided_at AT TIME ZONE ${DEFAULT_TIME_ZONE})::date`;
  const result = (await ctx.db.execute(sql`
    WITH f AS (
      SELECT c.day, c.event, c.product_id, c.representative_id, c.promotion_id, c.estado_id, c.count
      FROM visita_daily_counts c
      WHERE c.day BETWEEN ${desde}::date AND ${hasta}::date AND ${scopeSql(scope, sql`c.product_id`, sql`c.representative_id`)}
      UNION ALL
      SELECT ${created}, ${requested}::varchar, v.product_id, v.representative_id, NULL::int, v.estado_id, 1
      FROM visit_verifications v
      WHERE ${created} BETWEEN ${desde}::date AND ${hasta}::date AND ${scopeSql(scope, sql`v.product_id`, sql`v.representative_id`)}
      UNION ALL
      SELECT ${decided}, CASE v.status WHEN 'confirmada' THEN ${confirmed}::varchar ELSE ${declined}::varchar END,
        v.product_id, v.representative_id, NULL::int, v.estado_id, 1
      FROM visit_verifications v
      WHERE v.status IN ('confirmada', 'rechazada') AND ${decided} BETWEEN ${desde}::date AND ${hasta}::date
        AND ${scopeSql(scope, sql`v.product_id`, sql`v.representative_id`)}
    )
    SELECT event, product_id, representative_id, estado_id, promotion_id, to_char(day, 'YYYY-MM-DD') AS day,
      GROUPING(product_id, representative_id, estado_id, promotion_id, day) AS g, sum(count)::int AS total
    FROM f
    GROUP BY GROUPING SETS ((event, product_id), (event, representative_id), (event, estado_id), (event, promotion_id), (event, day))`)) as unknown as {
    rows: Array<{
      event: StatsEvent;
      product_id: number | null;
      representative_id: number | null;
      estado_id: number | null;
      promotion_id: number | null;
      day: string | null;
      g: number;
      total: number;
    }>;
  };
  // GROUPING() sets a bit for each column left out, the first argument being the highest bit.
  const dimensions: Array<[number, FigureRow["dimension"], (row: (typeof result.rows)[number]) => number | string | null]> = [
    [0b01111, "producto", (row) => row.product_id],
    [0b10111, "visitador", (row) => row.representative_id],
    [0b11011, "provincia", (row) => row.estado_id],
    [0b11101, "promocion", (row) => row.promotion_id],
    [0b11110, "dia", (row) => row.day],
  ];
  return result.rows.flatMap((row) => {
    const found = dimensions.find(([bits]) => bits === Number(row.g));
    if (!found) return [];
    const key = found[2](row);
    return [
      {
        dimension: found[1],
        key: typeof key === "number" || typeof key === "string" ? (found[1] === "dia" ? String(key) : Number(key)) : null,
        event: row.event,
        total: Number(row.total),
      },
    ];
  });
}
