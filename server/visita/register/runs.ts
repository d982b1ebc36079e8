import { desc, eq, sql } from "drizzle-orm";
import type { AppContext } from "#server/context";
import { catalogueSyncRuns } from "#server/db/schema";

/** One sync or import at a time across instances: the claim takes this transaction-level lock. */
const CATALOGUE_SYNC_LOCK = 725_911;
/** A running run not updated for this long belongs to a process that died. */
const STALE_MS = 15 * 60_000;

export type SyncRun = typeof catalogueSyncRuns.$inferSelect;

/**
 * Starts a run of `source`, or resumes the last one if it failed or died: a full one the first
 * time (or when asked), else incremental since the last completed run started. Null while another
 * process's run is alive.
 */
export async function claimRun(ctx: AppContext, source: string, wantFull: boolean, now = new Date()): Promise<SyncRun | null> {
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${CATALOGUE_SYNC_LOCK})`);
    const [last] = await tx
      .select()
      .from(catalogueSyncRuns)
      .where(eq(catalogueSyncRuns.source, source))
      .orderBy(desc(catalogueSyncRuns.id))
      .limit(1);
    if (last?.status === "running" && now.getTime() - last.updatedAt.getTime() < STALE_MS) return null;
    if (last && last.status !== "done" && !(wantFull && last.mode !== "full")) {
      const [resumed] = await tx
        .update(catalogueSyncRuns)
        .set({ status: "running", error: null, updatedAt: now })
        .where(eq(catalogueSyncRuns.id, last.id))
        .returning();
      return resumed ?? null;
    }
    const [done] = await tx
      .select({ startedAt: catalogueSyncRuns.startedAt })
      .from(catalogueSyncRuns)
      .where(sql`${catalogueSyncRuns.source} = ${source} AND ${catalogueSyncRuns.status} = 'done'`)
      .orderBy(desc(catalogueSyncRuns.id))
      .limit(1);
    const mode = done && !wantFull ? "incremental" : "full";
    const [created] = await tx
      .insert(catalogueSyncRuns)
      .values({ source, mode, since: mode === "incremental" ? (done?.startedAt ?? null) : null, startedAt: now, updatedAt: now })
      .returning();
    return created ?? null;
  });
}

export async function saveProgress(ctx: AppContext, run: SyncRun, changes: Partial<SyncRun>): Promise<void> {
  Object.assign(run, changes, { updatedAt: new Date() });
  await ctx.db
    .update(catalogueSyncRuns)
    .set({ ...changes, updatedAt: run.updatedAt })
    .where(eq(catalogueSyncRuns.id, run.id));
}

/** When the last completed run of `source` started (the daily schedule's clock). */
export async function lastCompletedRun(ctx: AppContext, source: string): Promise<Date | null> {
  const [done] = await ctx.db
    .select({ startedAt: catalogueSyncRuns.startedAt })
    .from(catalogueSyncRuns)
    .where(sql`${catalogueSyncRuns.source} = ${source} AND ${catalogueSyncRuns.status} = 'done'`)
    .orderBy(desc(catalogueSyncRuns.id))
    .limit(1);
  return done?.startedAt ?? null;
}
