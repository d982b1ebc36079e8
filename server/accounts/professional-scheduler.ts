import type { AppContext } from "#server/context";
import { startBackgroundLoop, stopBackgroundLoop } from "#server/platform/background-loop";
import { remindExpiringVerifications } from "./professional-verification.service";

const HOUR_MS = 60 * 60 * 1000;

/**
 * Hourly: the reminder e-mail a month before a professional verification ends. Each reminder is
 * claimed by an UPDATE of its row, so several instances never send one twice. Expiry itself needs
 * no job: a verification counts only while `valid_until` is in the future.
 */
export function startProVerificationScheduler(ctx: AppContext): void {
  startBackgroundLoop(
    ctx,
    "professional-verifications",
    { firstRunMs: 60_000, intervalMs: HOUR_MS, failure: "verification reminders failed" },
    async () => {
      const sent = await remindExpiringVerifications(ctx);
      if (sent) ctx.logger.info({ sent }, "professional verification reminders");
    },
  );
}

export const stopProVerificationScheduler = (ctx: AppContext) => stopBackgroundLoop(ctx, "professional-verifications");
