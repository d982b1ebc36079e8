import { sql } from "drizzle-orm";
import type { AppContext } from "#server/context";
import { startBackgroundLoop, stopBackgroundLoop } from "#server/platform/background-loop";
import { VISITA_CACHE_TAG } from "./cache-tag";
import { startCatalogueSchedule, stopCatalogueSchedule } from "./register/schedule";

const INTERVAL_MS = 60_000;

/**
 * Writes caducada on active promotions past their end. Queries already treat them as expired, so
 * this keeps the stored state honest and tells cached public pages: each row is claimed with
 * FOR UPDATE SKIP LOCKED, so instances running it at once never fight over the same rows.
 */
export async function expireDuePromotions(ctx: Pick<AppContext, "db" | "pageCache">, now = new Date()): Promise<number[]> {
  const result = (await ctx.db.execute(sql`
    UPDATE promotions SET status = 'caducada', updated_at = now()
    WHERE id IN (
      SELECT id FROM promotions
      WHERE status = 'activa' AND ends_at <= ${now.toISOString()}::timestamptz
      ORDER BY ends_at LIMIT 500
      FOR UPDATE SKIP LOCKED
    ) AND status = 'activa'
    RETURNING id`)) as unknown as { rows: Array<{ id: number }> };
  const ids = result.rows.map((row) => Number(row.id));
  if (ids.length) await ctx.pageCache.invalidate(VISITA_CACHE_TAG);
  return ids;
}

/** Every minute (and the daily register sync when configured); stopVisitaScheduler waits for a pass in progress. */
export function startVisitaScheduler(ctx: AppContext): void {
  startCatalogueSchedule(ctx);
  startBackgroundLoop(ctx, "visita", { intervalMs: INTERVAL_MS, failure: "expiring promotions failed" }, async () => {
    const ids = await expireDuePromotions(ctx);
    if (ids.length) ctx.logger.info({ expired: ids.length }, "promotions expired");
  });
}

export async function stopVisitaScheduler(ctx: AppContext): Promise<void> {
  await stopCatalogueSchedule(ctx);
  await stopBackgroundLoop(ctx, "visita");
}
