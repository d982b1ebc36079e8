import { sql } from "drizzle-orm";
import type { CountedEvent } from "#common/visita/stats";
import type { AppContext } from "#server/context";
import { createCountBuffer } from "#server/platform/count-buffer";

// Visita's figures (decisions 0097, 0125), counted with the shared buffer of server/platform/count-buffer.ts.

export type CountKey = {
  day: string;
  event: CountedEvent;
  productId: number | null;
  representativeId: number | null;
  promotionId: number | null;
  /**
   * The signed-in visitor, in memory only until the flush: the statement leaves out a
   * representative's own objects and reads the visitor's province (when `province`), then groups
   * the visitors away. Never written.
   */
  viewerId: number | null;
  province: boolean;
};

export const MAX_KEYS = 20_000;

const keyText = (key: CountKey) =>
  `${key.day}|${key.event}|${key.productId ?? ""}|${key.representativeId ?? ""}|${key.promotionId ?? ""}|${key.viewerId ?? ""}|${key.province ? 1 : 0}`;

const buffer = createCountBuffer<CountKey, Pick<AppContext, "db">>({ name: "visita", maxKeys: MAX_KEYS, keyText, write: upsert });

export const addCount = buffer.add;
export const flushCounts = buffer.flush;

/**
 * One statement per chunk checks what the beacons said (decision 0113's rules, now at the flush,
 * decision 0125): a product view needs the product; a profile view a public, not deleted profile; a
 * portfolio view, or a contact from a product, the portfolio entry of that representative and
 * product; a contact from a profile a public profile; a promotion's view or click, or a contact
 * or chat from it, a promotion that is not a draft (by that representative) (its product and author are the promotion's, whatever the beacon said). A
 * representative's own views are left out. Chats started are counted by the server, already checked.
 */
async function upsert(ctx: Pick<AppContext, "db">, chunk: Array<{ key: CountKey; count: number }>) {
  const rows = sql.join(
    chunk.map(
      ({ key, count }) =>
        sql`(${key.day}::date, ${key.event}::varchar, ${key.productId}::int, ${key.representativeId}::int, ${key.promotionId}::int, ${key.viewerId}::int, ${key.province}::boolean, ${count}::int)`,
    ),
    sql`, `,
  );
  await ctx.db.execute(sql`
    INSERT INTO visita_daily_counts (day, event, product_id, representative_id, promotion_id, estado_id, count)
    SELECT v.day, v.event, coalesce(pr.product_id, v.product_id), coalesce(pr.author_id, v.representative_id),
      v.promotion_id, CASE WHEN v.province THEN viewer.estado_id END, sum(v.count)::int
    FROM (VALUES ${rows}) AS v(day, event, product_id, representative_id, promotion_id, viewer_id, province, count)
    LEFT JOIN promotions pr ON pr.id = v.promotion_id
    LEFT JOIN users viewer ON viewer.id = v.viewer_id
    WHERE (v.viewer_id IS NULL OR v.viewer_id IS DISTINCT FROM coalesce(pr.author_id, v.representative_id))
      AND (v.representative_id IS NULL OR EXISTS (SELECT 1 FROM users u WHERE u.id = v.representative_id AND u.deleted_at IS NULL))
      AND CASE
        WHEN v.promotion_id IS NOT NULL THEN pr.id IS NOT NULL AND pr.status <> 'borrador'
          AND (v.representative_id IS NULL OR v.representative_id = pr.author_id)
        WHEN v.event = 'vista_producto' THEN EXISTS (SELECT 1 FROM products p WHERE p.id = v.product_id)
        WHEN v.event = 'vista_perfil' OR (v.event = 'contacto' AND v.product_id IS NULL) THEN
          EXISTS (SELECT 1 FROM representative_profiles rp WHERE rp.user_id = v.representative_id AND rp.public)
        WHEN v.event IN ('vista_cartera', 'contacto') THEN
          EXISTS (SELECT 1 FROM portfolio_entries e WHERE e.user_id = v.representative_id AND e.product_id = v.product_id)
        ELSE v.product_id IS NULL OR EXISTS (SELECT 1 FROM products p WHERE p.id = v.product_id)
      END
    GROUP BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ON CONSTRAINT visita_daily_counts_key
    DO UPDATE SET count = visita_daily_counts.count + EXCLUDED.count`);
}
