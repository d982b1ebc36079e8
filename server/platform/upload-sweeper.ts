import { sql } from "drizzle-orm";
import type { AppContext } from "#server/context";
import { startBackgroundLoop, stopBackgroundLoop } from "./background-loop";

/** Files younger than this are never swept: a request may be between storing one and committing its row. */
export const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000;
const INTERVAL_MS = 15 * 60 * 1000;
const FIRST_RUN_MS = 60 * 1000;
/** Advisory lock key of the sweep ("uplo" in ASCII): one instance sweeps at a time. */
export const UPLOAD_SWEEP_LOCK_KEY = 0x75706c6f;

/**
 * One sweep of orphaned uploads (issue 8 #11), on one instance at a time: the instance that gets
 * the advisory lock sweeps, the others skip. Returns the removed keys, or null when skipped.
 */
export async function sweepOrphanedUploads(ctx: Pick<AppContext, "db" | "storage">, now = Date.now()): Promise<string[] | null> {
  return ctx.db.transaction(async (tx) => {
    const result = (await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${UPLOAD_SWEEP_LOCK_KEY}) AS locked`)) as unknown as {
      rows: Array<{ locked: boolean }>;
    };
    if (!result.rows[0]?.locked) return null;
    // Through the transaction's connection (PGlite has only one).
    return ctx.storage.sweepOrphans(tx, ORPHAN_MIN_AGE_MS, now);
  });
}

/** Every 15 minutes (the first a minute after start); stopUploadSweeper waits for a sweep in progress. */
export function startUploadSweeper(ctx: AppContext): void {
  startBackgroundLoop(
    ctx,
    "upload-sweeper",
    { firstRunMs: FIRST_RUN_MS, intervalMs: INTERVAL_MS, failure: "upload sweep failed" },
    async () => {
      const removed = await sweepOrphanedUploads(ctx);
      if (removed?.length) ctx.logger.info({ removed: removed.length }, "orphaned uploads removed");
    },
  );
}

export const stopUploadSweeper = (ctx: AppContext) => stopBackgroundLoop(ctx, "upload-sweeper");
