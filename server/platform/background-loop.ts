import { logBackgroundFailure } from "./db-errors";
import type { Logger } from "./logger";

/** What one loop did lately, for the metrics and the operator's dashboard (epoch ms; null: not yet). */
export type LoopStatus = {
  name: string;
  intervalMs: number;
  startedAt: number;
  lastRunAt: number | null;
  lastSuccessAt: number | null;
  lastFailureAt: number | null;
  /** How many passes ran and how many failed since this instance started. */
  runs: number;
  failures: number;
};

type Loop = { stop(): Promise<void>; status: LoopStatus };
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
  ctx: { logger: Logger },
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
  const status: LoopStatus = {
    name,
    intervalMs: options.intervalMs,
    startedAt: Date.now(),
    lastRunAt: null,
    lastSuccessAt: null,
    lastFailureAt: null,
    runs: 0,
    failures: 0,
  };
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(tick, ms);
    timer.unref();
  };
  const tick = () => {
    status.lastRunAt = Date.now();
    status.runs++;
    running = pass()
      .then(() => {
        status.lastSuccessAt = Date.now();
      })
      .catch((error) => {
        status.lastFailureAt = Date.now();
        status.failures++;
        logBackgroundFailure(ctx.logger, error, options.failure);
      })
      .finally(() => {
        running = undefined;
        schedule(options.intervalMs);
      });
  };
  schedule(options.firstRunMs ?? options.intervalMs);
  loops.set(name, {
    status,
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

/** The loops running on this context, with what they did lately (copies: callers cannot change them). */
export function backgroundLoopStatuses(ctx: object): LoopStatus[] {
  return [...(loopsByContext.get(ctx)?.values() ?? [])].map((loop) => ({ ...loop.status }));
}

/**
 * How late a loop is: the time since its last success (or its start) beyond one interval and a
 * grace of half an interval, in ms; 0 while it keeps its rhythm.
 */
export function loopLagMs(status: LoopStatus, now = Date.now()): number {
  const since = status.lastSuccessAt ?? status.startedAt;
  return Math.max(0, now - since - status.intervalMs * 1.5);
}
