import { sql } from "drizzle-orm";
import type { CountedEvent } from "#common/visita/stats";
import type { AppContext } from "#server/context";

// Counting off the request path (decision 0097): a beacon adds one to a key in memory; every few
// seconds the buffer is swapped for an empty one and written with one upsert per chunk. When the
// buffer holds MAX_KEYS distinct keys, new keys are dropped (and counted as dropped): under a flood
// the figures lose precision, the pages never slow down and the memory stays bounded.

export type CountKey = {
  day: string;
  event: CountedEvent;
  productId: number | null;
  representativeId: number | null;
  promotionId: number | null;
  estadoId: number | null;
};

export const MAX_KEYS = 20_000;
const CHUNK = 1_000;

type Buffer = { counts: Map<string, { key: CountKey; count: number }>; dropped: number };
const buffers = new WeakMap<object, Buffer>();

function bufferOf(ctx: object): Buffer {
  let buffer = buffers.get(ctx);
  if (!buffer) {
    buffer = { counts: new Map(), dropped: 0 };
    buffers.set(ctx, buffer);
  }
  return buffer;
}

const keyText = (key: CountKey) =>
  `${key.day}|${key.event}|${key.productId ?? ""}|${key.representativeId ?? ""}|${key.promotionId ?? ""}|${key.estadoId ?? ""}`;

/** Adds one to the key; false when the buffer is full and the key is new (dropped by design). */
export function addCount(ctx: object, key: CountKey): boolean {
  const buffer = bufferOf(ctx);
  const text = keyText(key);
  const found = buffer.counts.get(text);
  if (found) {
    found.count++;
    return true;
  }
  if (buffer.counts.size >= MAX_KEYS) {
    buffer.dropped++;
    return false;
  }
  buffer.counts.set(text, { key, count: 1 });
  return true;
}

/**
 * Writes what the buffer holds and empties it. Keys naming an object that no longer exists are
 * left out by the statement itself (a beacon's ids are the visitor's word); a promotion's product
 * and author are the promotion's, whatever the beacon said. A failed write loses its chunk: the
 * figures are approximate by design and a retry could count twice.
 */
export async function flushCounts(ctx: Pick<AppContext, "db" | "logger">): Promise<{ written: number; dropped: number }> {
  const buffer = bufferOf(ctx);
  const entries = [...buffer.counts.values()];
  const dropped = buffer.dropped;
  buffers.set(ctx, { counts: new Map(), dropped: 0 });
  let written = 0;
  for (let start = 0; start < entries.length; start += CHUNK) {
    const chunk = entries.slice(start, start + CHUNK);
    try {
      await upsert(ctx, chunk);
      written += chunk.length;
    } catch (error) {
      ctx.logger.warn({ err: error, keys: chunk.length }, "visita figures lost: the write failed");
    }
  }
  if (dropped) ctx.logger.warn({ dropped }, "visita figures dropped: the buffer was full");
  return { written, dropped };
}

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
