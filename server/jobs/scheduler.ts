import type { AppContext } from "#server/context";
import { logBackgroundFailure } from "#server/platform/db-errors";
import { runAlertDigest } from "./alerts.service";
import { expireOffers } from "./offers.service";

/** Alerts go out from this UTC hour on (8–9 h in Spain), once per alert and day. */
export const DIGEST_FROM_UTC_HOUR = 7;
const HOUR_MS = 60 * 60 * 1000;
const FIRST_RUN_MS = 60 * 1000;

type Scheduler = { stop(): Promise<void> };
const schedulers = new WeakMap<AppContext, Scheduler>();

/** One pass: mark expired offers, then send the day's alert digests when it is time. */
export async function runJobsMaintenance(ctx: AppContext, now = new Date()): Promise<{ expired: number; digests: number }> {
  const expired = await expireOffers(ctx, now);
  // Safe on every instance at once: each alert is claimed with FOR UPDATE SKIP LOCKED (see runAlertDigest).
  const digests = now.getUTCHours() >= DIGEST_FROM_UTC_HOUR ? await runAlertDigest(ctx, now) : 0;
  return { expired, digests };
}

/**
 * Hourly maintenance of the jobs area on an unref'd timer, so it never keeps the process alive;
 * stopJobsScheduler waits for a pass in progress before the database closes.
 */
export function startJobsScheduler(ctx: AppContext): void {
  if (schedulers.has(ctx)) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const tick = () => {
    running = runJobsMaintenance(ctx)
      .then((result) => {
        if (result.expired || result.digests) ctx.logger.info(result, "jobs maintenance");
      })
      .catch((error) => logBackgroundFailure(ctx.logger, error, "jobs maintenance failed"))
      .finally(() => {
        running = undefined;
        schedule(HOUR_MS);
      });
  };
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(tick, ms);
    timer.unref();
  };
  schedule(FIRST_RUN_MS);
  schedulers.set(ctx, {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  });
}

export async function stopJobsScheduler(ctx: AppContext): Promise<void> {
  const scheduler = schedulers.get(ctx);
  schedulers.delete(ctx);
  await scheduler?.stop();
}
