import { sql } from "drizzle-orm";
import { pathTo } from "#common/route-names";
import type { AppContext } from "#server/context";
import { notify } from "#server/notifications";
import { startBackgroundLoop, stopBackgroundLoop } from "#server/platform/background-loop";
import { VISITA_CACHE_TAG } from "./cache-tag";
import { startCatalogueSchedule, stopCatalogueSchedule } from "./register/schedule";
import { flushCounts } from "./stats-buffer";
import { runWeeklySummaries } from "./stats-summary";

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

const WARN_BEFORE_MS = 3 * 24 * 3600_000;

/**
 * Tells each author, once per end date, that an active promotion ends within 3 days. The
 * notification's dedupe key (promotion and end date) makes a second pass or instance a no-op, and
 * an extended promotion is warned again about its new end.
 */
export async function warnExpiringPromotions(ctx: Pick<AppContext, "db" | "realtime">, now = new Date()): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const result = (await tx.execute(sql`
      SELECT p.id, p.author_id AS "authorId", p.title, p.ends_at AS "endsAt",
        'promotion_expiring:' || p.id || ':' || floor(extract(epoch from p.ends_at))::bigint AS "key"
      FROM promotions p
      WHERE p.status = 'activa' AND p.ends_at > ${now.toISOString()}::timestamptz
        AND p.ends_at <= ${new Date(now.getTime() + WARN_BEFORE_MS).toISOString()}::timestamptz
        AND NOT EXISTS (SELECT 1 FROM notifications n WHERE n.user_id = p.author_id
          AND n.dedupe_key = 'promotion_expiring:' || p.id || ':' || floor(extract(epoch from p.ends_at))::bigint)
      ORDER BY p.ends_at LIMIT 200`)) as unknown as {
      rows: Array<{ id: number; authorId: number; title: string; endsAt: string | Date; key: string }>;
    };
    let written = 0;
    for (const row of result.rows) {
      const days = Math.max(1, Math.ceil((new Date(row.endsAt).getTime() - now.getTime()) / (24 * 3600_000)));
      const { written: done } = await notify(ctx, tx, {
        userId: Number(row.authorId),
        kind: "promotion_expiring",
        text: days === 1 ? `Tu promoción «${row.title}» caduca mañana.` : `Tu promoción «${row.title}» caduca en ${days} días.`,
        link: pathTo("edit-promo", { idPromo: Number(row.id) }),
        dedupeKey: row.key,
      });
      if (done) written++;
    }
    return written;
  });
}

/** Every minute (and the daily register sync when configured); stopVisitaScheduler waits for a pass in progress. */
export function startVisitaScheduler(ctx: AppContext): void {
  startCatalogueSchedule(ctx);
  startBackgroundLoop(ctx, "visita", { intervalMs: INTERVAL_MS, failure: "expiring promotions failed" }, async () => {
    const ids = await expireDuePromotions(ctx);
    if (ids.length) ctx.logger.info({ expired: ids.length }, "promotions expired");
    await warnExpiringPromotions(ctx);
    const summaries = await runWeeklySummaries(ctx);
    if (summaries) ctx.logger.info({ summaries }, "weekly figures summaries queued");
  });
  startBackgroundLoop(ctx, "visita-figures", { intervalMs: ctx.config.visitaFiguresFlushMs, failure: "writing the figures failed" }, () =>
    flushCounts(ctx),
  );
}

export async function stopVisitaScheduler(ctx: AppContext): Promise<void> {
  await stopCatalogueSchedule(ctx);
  await stopBackgroundLoop(ctx, "visita");
  await stopBackgroundLoop(ctx, "visita-figures");
  await flushCounts(ctx); // what was counted since the last pass, before the database closes
}
