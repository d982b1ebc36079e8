import { sql } from "drizzle-orm";
import type { AppContext } from "#server/context";
import { recordAudit } from "#server/platform/audit";
import { logBackgroundFailure } from "#server/platform/db-errors";
import { sendWeeklyNewsletters } from "./newsletter.service";

const INTERVAL_MS = 30_000;
/** The weekly newsletter is checked every 20th pass (10 min); each subscriber gets it once a week. */
const NEWSLETTER_EVERY = 20;

/**
 * Marks scheduled news and tribunas whose time has come as published, each exactly once even with
 * several instances running this at the same moment: rows are claimed with FOR UPDATE SKIP LOCKED
 * and the state is re-checked in the UPDATE, and the audit entry commits with the change.
 * Public queries treat a due item as published from its time on; the cached public pages learn
 * about it here (invalidated on every instance once the pass has committed).
 */
export async function publishDueArticles(
  ctx: Pick<AppContext, "db" | "pageCache">,
  now = new Date(),
): Promise<{ noticias: number[]; tribunas: number[] }> {
  const published = await ctx.db.transaction(async (tx) => {
    const published = { noticias: [] as number[], tribunas: [] as number[] };
    for (const [table, subject] of [
      ["noticias", "noticia"],
      ["tribunas", "tribuna"],
    ] as const) {
      const result = (await tx.execute(sql`
        UPDATE ${sql.identifier(table)} SET status = 'publicada', updated_at = now()
        WHERE id IN (
          SELECT id FROM ${sql.identifier(table)}
          WHERE status = 'programada' AND publicada_en <= ${now.toISOString()}::timestamptz
          ORDER BY publicada_en LIMIT 100
          FOR UPDATE SKIP LOCKED
        ) AND status = 'programada'
        RETURNING id, titulo, publicada_en`)) as unknown as { rows: Array<{ id: number; titulo: string; publicada_en: string | Date }> };
      for (const row of result.rows) {
        published[table].push(Number(row.id));
        await recordAudit(tx, {
          actor: null,
          action: `${subject}.publish_scheduled`,
          subjectType: subject,
          subjectId: row.id,
          before: { status: "programada" },
          after: { status: "publicada", publicada_en: new Date(row.publicada_en).toISOString() },
        });
      }
    }
    return published;
  });
  if (published.noticias.length || published.tribunas.length) await ctx.pageCache.invalidate("news");
  return published;
}

type Scheduler = { stop(): Promise<void> };
const schedulers = new WeakMap<AppContext, Scheduler>();

/** Every 30 s on an unref'd timer; stopNewsScheduler waits for a pass in progress. */
export function startNewsScheduler(ctx: AppContext): void {
  if (schedulers.has(ctx)) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  let passes = 0;
  const tick = () => {
    const newsletterDue = passes++ % NEWSLETTER_EVERY === 0;
    running = publishDueArticles(ctx)
      .then((result) => {
        if (result.noticias.length || result.tribunas.length) ctx.logger.info(result, "scheduled articles published");
      })
      .then(() => (newsletterDue ? sendWeeklyNewsletters(ctx) : null))
      .then((newsletter) => {
        if (newsletter?.sent) ctx.logger.info(newsletter, "weekly newsletter queued");
      })
      .catch((error) => logBackgroundFailure(ctx.logger, error, "publishing scheduled articles failed"))
      .finally(() => {
        running = undefined;
        if (!stopped) {
          timer = setTimeout(tick, INTERVAL_MS);
          timer.unref();
        }
      });
  };
  timer = setTimeout(tick, INTERVAL_MS);
  timer.unref();
  schedulers.set(ctx, {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  });
}

export async function stopNewsScheduler(ctx: AppContext): Promise<void> {
  const scheduler = schedulers.get(ctx);
  schedulers.delete(ctx);
  await scheduler?.stop();
}
