import type { AppContext } from "#server/context";
import { logBackgroundFailure } from "./db-errors";

type Loop = { stop(): Promise<void> };
const loopsByContext = new WeakMap<object, Map<string, Loop>>();

export type BackgroundLoopOptions = {
  /** Delay before the first pass (default: one interval). */
  firstRunMs?: number;
  intervalMs: number;
  /** Logged with the error when a pass fails (a database outage is a warning, see logBackgroundFailure). */
  failure: string;
};

/**
 * Runs `pass` again `intervalMs` after each pass ends, on an unref'd timer (it never keeps the
 * process alive), one pass at a time. Work that must run on one instance at a time takes its own
 * lock inside the pass (advisory lock, SKIP LOCKED). Starting a loop of the same name twice on one
 * context does nothing; stopBackgroundLoop waits for a pass in progress (before the database closes).
 */
export function startBackgroundLoop(
  ctx: Pick<AppContext, "logger">,
  name: string,
  options: BackgroundLoopOptions,
  pass: () => Promise<unknown>,
): void {
  const loops = loopsByContext.get(ctx) ?? new Map<string, Loop>();
  loopsByContext.set(ctx, loops);
  if (loops.has(name)) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(tick, ms);
    timer.unref();
  };
  const tick = () => {
    running = pass()
      .catch((error) => logBackgroundFailure(ctx.logger, error, options.failure))
      .finally(() => {
        running = undefined;
        schedule(options.intervalMs);
      });
  };
  schedule(options.firstRunMs ?? options.intervalMs);
  loops.set(name, {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  });
}

export async function stopBackgroundLoop(ctx: object, name: string): Promise<void> {
  const loops = loopsByContext.get(ctx);
  const loop = loops?.get(name);
  loops?.delete(name);
  await loop?.stop();
}
