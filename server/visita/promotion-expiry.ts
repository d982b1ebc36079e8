import { sql } from "drizzle-orm";
import type { AppContext } from "#server/context";
import { logBackgroundFailure } from "#server/platform/db-errors";
import { VISITA_CACHE_TAG } from "./cache-tag";

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

type Scheduler = { stop(): Promise<void> };
const schedulers = new WeakMap<AppContext, Scheduler>();

/** Every minute on an unref'd timer; stopVisitaScheduler waits for a pass in progress. */
export function startVisitaScheduler(ctx: AppContext): void {
  if (schedulers.has(ctx)) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const tick = () => {
    running = expireDuePromotions(ctx)
      .then((ids) => {
        if (ids.length) ctx.logger.info({ expired: ids.length }, "promotions expired");
      })
      .catch((error) => logBackgroundFailure(ctx.logger, error, "expiring promotions failed"))
      .finally(() => {
        running = undefined;
        schedule(INTERVAL_MS);
      });
  };
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(tick, ms);
    timer.unref();
  };
  schedule(INTERVAL_MS);
  schedulers.set(ctx, {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  });
}

export async function stopVisitaScheduler(ctx: AppContext): Promise<void> {
  const scheduler = schedulers.get(ctx);
  schedulers.delete(ctx);
  await scheduler?.stop();
}
