import type { AppContext } from "#server/context";
import { startBackgroundLoop, stopBackgroundLoop } from "#server/platform/background-loop";
import { runUnreadEmails, touchPresence } from "./unread-email";

const SWEEP_MS = 60_000;

/** One pass: record who is connected here, then send the unread e-mails that are due (one instance at a time). */
export async function runChatMaintenance(ctx: AppContext, now = new Date()): Promise<number> {
  await touchPresence(ctx, now);
  return runUnreadEmails(ctx, now);
}

/** Every minute; stopChatScheduler waits for a pass in progress. */
export function startChatScheduler(ctx: AppContext): void {
  startBackgroundLoop(ctx, "chat", { intervalMs: SWEEP_MS, failure: "chat maintenance failed" }, async () => {
    const sent = await runChatMaintenance(ctx);
    if (sent) ctx.logger.info({ sent }, "chat: unread e-mails queued");
  });
}

export const stopChatScheduler = (ctx: AppContext) => stopBackgroundLoop(ctx, "chat");
