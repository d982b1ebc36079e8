import type { AppContext } from "#server/context";
import { startBackgroundLoop, stopBackgroundLoop } from "#server/platform/background-loop";
import { cimaClientOf } from "./cima-client";
import { lastCompletedRun } from "./runs";
import { syncFromCima } from "./sync";

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * With CATALOGUE_SYNC=daily, each instance looks every hour whether a day has passed since the
 * last completed sync and, if so, runs one (incremental, or resuming a failed one). The run's
 * claim takes an advisory lock and refuses while another instance's run is alive, so one instance
 * syncs at a time.
 */
export function startCatalogueSchedule(ctx: AppContext): void {
  if (ctx.config.catalogue.schedule !== "daily") return;
  startBackgroundLoop(ctx, "catalogue-sync", { intervalMs: HOUR_MS, firstRunMs: 60_000, failure: "catalogue sync failed" }, async () => {
    const last = await lastCompletedRun(ctx, "cima");
    if (last && Date.now() - last.getTime() < DAY_MS) return;
    const result = await syncFromCima(ctx, cimaClientOf(ctx.config));
    if (result.status === "busy") return;
    const log = result.status === "done" ? ctx.logger.info.bind(ctx.logger) : ctx.logger.warn.bind(ctx.logger);
    log(
      { run: result.runId, mode: result.mode, counts: result.counts, skipped: result.skipped.length, error: result.error },
      "catalogue sync",
    );
  });
}

export const stopCatalogueSchedule = (ctx: AppContext) => stopBackgroundLoop(ctx, "catalogue-sync");
