import type { AppContext } from "#server/context";
import { runUnreadEmails, touchPresence } from "./unread-email";

const SWEEP_MS = 60_000;
const schedulers = new WeakMap<AppContext, { stop(): Promise<void> }>();

/** One pass: record who is connected here, then send the unread e-mails that are due (one instance at a time). */
export async function runChatMaintenance(ctx: AppContext, now = new Date()): Promise<number> {
  await touchPresence(ctx, now);
  return runUnreadEmails(ctx, now);
}

/** Every minute on an unref'd timer; stopChatScheduler waits for a pass in progress. */
export function startChatScheduler(ctx: AppContext): void {
  if (schedulers.has(ctx)) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(tick, SWEEP_MS);
    timer.unref();
  };
  const tick = () => {
    running = runChatMaintenance(ctx)
      .then((sent) => {
        if (sent) ctx.logger.info({ sent }, "chat: unread e-mails queued");
      })
      .catch((error) => ctx.logger.error({ err: error }, "chat maintenance failed"))
      .finally(() => {
        running = undefined;
        schedule();
      });
  };
  schedule();
  schedulers.set(ctx, {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  });
}

export async function stopChatScheduler(ctx: AppContext): Promise<void> {
  const scheduler = schedulers.get(ctx);
  schedulers.delete(ctx);
  await scheduler?.stop();
}
