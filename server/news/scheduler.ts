import { sql } from "drizzle-orm";
import type { AppContext } from "#server/context";
import { recordAudit } from "#server/platform/audit";
import { startBackgroundLoop, stopBackgroundLoop } from "#server/platform/background-loop";
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

/** Every 30 s; stopNewsScheduler waits for a pass in progress. */
export function startNewsScheduler(ctx: AppContext): void {
  let passes = 0;
  startBackgroundLoop(ctx, "news", { intervalMs: INTERVAL_MS, failure: "publishing scheduled articles failed" }, async () => {
    const newsletterDue = passes++ % NEWSLETTER_EVERY === 0;
    const result = await publishDueArticles(ctx);
    if (result.noticias.length || result.tribunas.length) ctx.logger.info(result, "scheduled articles published");
    const newsletter = newsletterDue ? await sendWeeklyNewsletters(ctx) : null;
    if (newsletter?.sent) ctx.logger.info(newsletter, "weekly newsletter queued");
  });
}

export const stopNewsScheduler = (ctx: AppContext) => stopBackgroundLoop(ctx, "news");
