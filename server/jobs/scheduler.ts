import type { AppContext } from "#server/context";
import { startBackgroundLoop, stopBackgroundLoop } from "#server/platform/background-loop";
import { runAlertDigest } from "./alerts.service";
import { expireOffers } from "./offers.service";

/** Alerts go out from this UTC hour on (8–9 h in Spain), once per alert and day. */
export const DIGEST_FROM_UTC_HOUR = 7;
const HOUR_MS = 60 * 60 * 1000;
const FIRST_RUN_MS = 60 * 1000;

/** One pass: mark expired offers, then send the day's alert digests when it is time. */
export async function runJobsMaintenance(ctx: AppContext, now = new Date()): Promise<{ expired: number; digests: number }> {
  const expired = await expireOffers(ctx, now);
  // Safe on every instance at once: each alert is claimed with FOR UPDATE SKIP LOCKED (see runAlertDigest).
  const digests = now.getUTCHours() >= DIGEST_FROM_UTC_HOUR ? await runAlertDigest(ctx, now) : 0;
  return { expired, digests };
}

/** Hourly maintenance of the jobs area; stopJobsScheduler waits for a pass in progress. */
export function startJobsScheduler(ctx: AppContext): void {
  startBackgroundLoop(ctx, "jobs", { firstRunMs: FIRST_RUN_MS, intervalMs: HOUR_MS, failure: "jobs maintenance failed" }, async () => {
    const result = await runJobsMaintenance(ctx);
    if (result.expired || result.digests) ctx.logger.info(result, "jobs maintenance");
  });
}

export const stopJobsScheduler = (ctx: AppContext) => stopBackgroundLoop(ctx, "jobs");
