import { sql } from "drizzle-orm";
import type { CountedEvent } from "#common/visita/stats";
import type { AppContext } from "#server/context";
import { createCountBuffer } from "#server/platform/count-buffer";

// Visita's figures (decision 0097), counted with the shared buffer of server/platform/count-buffer.ts.

export type CountKey = {
  day: string;
  event: CountedEvent;
  productId: number | null;
  representativeId: number | null;
  promotionId: number | null;
  estadoId: number | null;
};

export const MAX_KEYS = 20_000;

const keyText = (key: CountKey) =>
  `${key.day}|${key.event}|${key.productId ?? ""}|${key.representativeId ?? ""}|${key.promotionId ?? ""}|${key.estadoId ?? ""}`;

/**
 * Keys naming an object that no longer exists are left out by the statement itself (a beacon's ids
 * are the visitor's word); a promotion's product and author are the promotion's, whatever the beacon said.
 */
const buffer = createCountBuffer<CountKey, Pick<AppContext, "db">>({ name: "visita", maxKeys: MAX_KEYS, keyText, write: upsert });

export const addCount = buffer.add;
export const flushCounts = buffer.flush;

async function upsert(ctx: Pick<AppContext, "db">, chunk: Array<{ key: CountKey; count: number }>) {
  const rows = sql.join(
    chunk.map(
      ({ key, count }) =>
        sql`(${key.day}::date, ${key.event}::varchar, ${key.productId}::int, ${key.representativeId}::int, ${key.promotionId}::int, ${key.estadoId}::int, ${count}::int)`,
    ),
    sql`, `,
  );
  await ctx.db.execute(sql`
    INSERT INTO visita_daily_counts (day, event, product_id, representative_id, promotion_id, estado_id, count)
    SELECT v.day, v.event, coalesce(pr.product_id, v.product_id), coalesce(pr.author_id, v.representative_id),
      v.promotion_id, v.estado_id, sum(v.count)::int
    FROM (VALUES ${rows}) AS v(day, event, product_id, representative_id, promotion_id, estado_id, count)
    LEFT JOIN promotions pr ON pr.id = v.promotion_id
    WHERE (v.promotion_id IS NULL OR pr.id IS NOT NULL)
      AND (v.product_id IS NULL OR EXISTS (SELECT 1 FROM products p WHERE p.id = v.product_id))
      AND (v.representative_id IS NULL OR EXISTS (SELECT 1 FROM users u WHERE u.id = v.representative_id AND u.deleted_at IS NULL))
      AND (v.estado_id IS NULL OR EXISTS (SELECT 1 FROM estados e WHERE e.id = v.estado_id))
    GROUP BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ON CONSTRAINT visita_daily_counts_key
    DO UPDATE SET count = visita_daily_counts.count + EXCLUDED.count`);
}
