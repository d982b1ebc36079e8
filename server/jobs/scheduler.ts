import type { AppContext } from "#server/context";
import { startBackgroundLoop, stopBackgroundLoop } from "#server/platform/background-loop";
import { runAlertDigest } from "./alert-digests";
import { flushOfferViews } from "./offer-figures.service";
import { expireOffers } from "./offers.service";

/** Daily and weekly digests go out from this UTC hour on (8–9 h in Spain), once per user and period. */
export const DIGEST_FROM_UTC_HOUR = 7;
const HOUR_MS = 60 * 60 * 1000;
/** Instant alerts («Al momento») are looked at this often. */
const INSTANT_MS = 5 * 60 * 1000;
/** Offer views are written this often (decision 0111, as visita's figures). */
const VIEWS_FLUSH_MS = 5_000;
const FIRST_RUN_MS = 60 * 1000;

/** One pass: mark expired offers, then send instant alerts and, when it is time, the digests. */
export async function runJobsMaintenance(ctx: AppContext, now = new Date()): Promise<{ expired: number; digests: number }> {
  const expired = await expireOffers(ctx, now);
  // Safe on every instance at once: alerts are claimed under row and per-user locks (see alert-digests.ts).
  const digests = await runAlertDigest(ctx, now, { periodic: now.getUTCHours() >= DIGEST_FROM_UTC_HOUR });
  return { expired, digests };
}

/** Hourly maintenance of the jobs area, instant alerts every few minutes, views written every few seconds. */
export function startJobsScheduler(ctx: AppContext): void {
  startBackgroundLoop(ctx, "jobs", { firstRunMs: FIRST_RUN_MS, intervalMs: HOUR_MS, failure: "jobs maintenance failed" }, async () => {
    const result = await runJobsMaintenance(ctx);
    if (result.expired || result.digests) ctx.logger.info(result, "jobs maintenance");
  });
  startBackgroundLoop(
    ctx,
    "jobs-instant-alerts",
    { firstRunMs: INSTANT_MS, intervalMs: INSTANT_MS, failure: "instant alerts failed" },
    async () => {
      const sent = await runAlertDigest(ctx, new Date(), { periodic: false });
      if (sent) ctx.logger.info({ sent }, "instant alerts");
    },
  );
  startBackgroundLoop(ctx, "jobs-figures", { intervalMs: VIEWS_FLUSH_MS, failure: "writing offer views failed" }, () =>
    flushOfferViews(ctx),
  );
}

export async function stopJobsScheduler(ctx: AppContext): Promise<void> {
  await stopBackgroundLoop(ctx, "jobs");
  await stopBackgroundLoop(ctx, "jobs-instant-alerts");
  await stopBackgroundLoop(ctx, "jobs-figures");
  await flushOfferViews(ctx); // what was counted since the last pass, before the database closes
}
