import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "#server/env";
import { AppError } from "./errors";
import { unavailablePage } from "./unavailable-page";

export type AdmissionOptions = {
  /** Most renders at once (the limit adapts below it when renders slow down). */
  concurrency: number;
  /** Fewest renders at once the adaptive limit goes down to. */
  minConcurrency: number;
  /**
   * Renders at once before any has finished (default `concurrency`). Started low, the limit grows
   * by one per render within the target until the first slow one (slow start), so a cold server hit
   * by a burst does not start more renders than it can finish in time.
   */
  initialConcurrency?: number;
  /** A render slower than this lowers the limit; faster ones raise it back (ms). */
  renderTargetMs: number;
  /**
   * Longest a request may wait, counted from its arrival (the event loop's lag when it is first
   * seen, then its time in line), before its render starts (ms). A newcomer whose estimated wait
   * exceeds it is refused at once; one still waiting when it is spent is refused then.
   */
  waitBudgetMs: number;
  /** Longest line, whatever the estimate. */
  maxQueue: number;
  /** Milliseconds the event loop is behind, i.e. how long a request waited before it was seen (tests pass their own). */
  lag?: () => number;
  /** Milliseconds (tests pass their own). */
  clock?: () => number;
};

/** How much each finished render moves the mean render time (an exponentially weighted mean). */
const MEAN_WEIGHT = 0.2;
/** The mean render time assumed until a first render has finished (ms): a cold server's line stays bounded. */
const FIRST_MEAN_MS = 100;
/**
 * Renders finished before the mean alone drives the estimate. Until then a newcomer's wait is
 * estimated from the slowest render seen: the first renders of a process (cold JIT, an empty pool,
 * cold caches) are its slowest, and a mean that one fast render pulls down admitted into the line
 * requests that then answered late (decision 0129).
 */
const CONSERVATIVE_SAMPLES = 16;
/** A slow render multiplies the limit by this (additive increase, multiplicative decrease). */
const DECREASE = 0.8;

/** The Spanish message and Retry-After of a shed request (the pool-exhaustion 503 says the same, decision 0031). */
export const OVERLOADED = { message: "Hay mucha actividad en este momento. Inténtalo de nuevo.", retryAfter: 1 };

const overloaded = () => new AppError("UNAVAILABLE", OVERLOADED.message, { retryAfter: OVERLOADED.retryAfter, reason: "OVERLOADED" });

/** A waiting request whose client has gone: it leaves the line unanswered. */
export class ClientGone extends Error {
  constructor() {
    super("client gone while waiting to render");
  }
}

/** Whether an error is admission control's refusal (a shed request), not a failure of the work. */
export const isOverloaded = (error: unknown) => error instanceof AppError && error.reason === "OVERLOADED";

/**
 * Admission control for page renders (decisions 0045, 0056, 0065). A render is mostly CPU on the
 * one event loop: past a few at once, more in flight only make every one of them slower.
 * - At most `limit` renders run; the next ones wait in line. The limit adapts between
 *   `minConcurrency` and `concurrency`: a render slower than `renderTargetMs` lowers it by a
 *   fifth, a faster one raises it by 1/limit (AIMD), so a starved CPU renders fewer pages at once,
 *   each within the target, instead of all of them late.
 * - With `initialConcurrency` below the maximum the limit starts there and grows by a whole slot per
 *   render within the target until the first slow one (slow start, as TCP's congestion window):
 *   the renders a burst starts on a cold server are few enough to finish in time.
 * - Until `CONSERVATIVE_SAMPLES` renders have finished, a render is estimated at the slowest one
 *   seen, not the mean: a fresh process's first renders are its slowest (decision 0129).
 * - A request's wait is counted from its arrival: the event loop's lag when it is first seen (it
 *   sat that long in the kernel) plus its time in line. A newcomer whose lag + estimated wait
 *   (place × mean render time ÷ limit) exceeds `waitBudgetMs` is refused at once; one still in
 *   line when its budget is spent is refused then. Nothing is refused while a slot is free.
 */
export function admissionControl(options: AdmissionOptions) {
  const { concurrency, minConcurrency, renderTargetMs, waitBudgetMs, maxQueue, lag = () => 0, clock = () => performance.now() } = options;
  let active = 0;
  let limit = Math.min(concurrency, Math.max(minConcurrency, options.initialConcurrency ?? concurrency));
  // Until a first render misses the target, each one within it adds a whole slot (slow start).
  let slowStart = true;
  let meanRenderMs = 0;
  let slowestMs = 0;
  let finished = 0;
  const waiting: Array<() => void> = [];

  const slots = () => Math.floor(limit);
  const renderEstimateMs = () =>
    finished === 0 ? FIRST_MEAN_MS : finished < CONSERVATIVE_SAMPLES ? Math.max(meanRenderMs, slowestMs) : meanRenderMs;
  const estimatedWaitMs = (place: number) => (place * renderEstimateMs()) / slots();

  function release(startedAt: number) {
    const took = clock() - startedAt;
    meanRenderMs = finished ? meanRenderMs + MEAN_WEIGHT * (took - meanRenderMs) : took;
    if (finished < CONSERVATIVE_SAMPLES) slowestMs = Math.max(slowestMs, took);
    finished++;
    if (took > renderTargetMs) slowStart = false;
    limit = took > renderTargetMs ? Math.max(minConcurrency, limit * DECREASE) : Math.min(concurrency, limit + (slowStart ? 1 : 1 / limit));
    active--;
    while (active < slots() && waiting.length > 0) {
      active++;
      waiting.shift()?.();
    }
  }

  /** Resolves with the request's arrival time when its render may start; rejects once its client has gone. */
  function admit(signal?: AbortSignal): Promise<number> {
    if (signal?.aborted) return Promise.reject(new ClientGone());
    const now = clock();
    const behind = lag();
    const arrivedAt = now - behind;
    if (active < slots()) {
      active++;
      return Promise.resolve(arrivedAt);
    }
    if (waiting.length >= maxQueue || behind + estimatedWaitMs(waiting.length + 1) > waitBudgetMs) return Promise.reject(overloaded());
    return new Promise<number>((resolve, reject) => {
      const leave = (why: Error) => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", gone);
        const index = waiting.indexOf(turn);
        if (index !== -1) waiting.splice(index, 1);
        reject(why);
      };
      // A client that gave up (closed tab, timeout, balancer) leaves the line: no render for nobody.
      const gone = () => leave(new ClientGone());
      const turn = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", gone);
        resolve(arrivedAt); // release() has taken the slot for this one
      };
      const timer = setTimeout(() => leave(overloaded()), Math.max(0, waitBudgetMs - behind));
      signal?.addEventListener("abort", gone, { once: true });
      waiting.push(turn);
    });
  }

  return {
    /** Runs the work when admitted; `signal` (the request's) takes a request whose client has gone out of the line. */
    async run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
      await admit(signal);
      const startedAt = clock();
      try {
        return await work();
      } finally {
        release(startedAt);
      }
    },
    /** When a request seen now arrived (ms on the clock): now minus the event loop's lag. */
    arrivalOfNow: () => clock() - lag(),
    now: () => clock(),
    /** Renders running and waiting, the adaptive limit, the mean render time and a newcomer's estimated wait (tests, diagnostics). */
    load: () => ({
      active,
      waiting: waiting.length,
      limit: slots(),
      meanRenderMs: Math.round(meanRenderMs),
      lagMs: Math.round(lag()),
      estimatedWaitMs: Math.round(estimatedWaitMs(waiting.length + 1)),
    }),
  };
}

/**
 * How soon after its arrival a shed request's 503 is sent, at the earliest: clients that retry at
 * once cannot make the refusals the load. A request refused after waiting that long is answered at once.
 */
const SHED_PAUSE_MS = 500;
/** At most one warning per this long while shedding, with the count (not one line per refusal). */
const SHED_LOG_EVERY_MS = 10_000;

/**
 * The admission as middleware in front of a page's session lookup and render: a shed request
 * costs neither, and gets the Spanish 503 page (or, for a client-side navigation, the JSON message)
 * with Retry-After after a short pause, so that clients retrying in a tight loop (load generators,
 * scripts; browsers honour Retry-After) cannot starve the admitted renders of the event loop.
 * Only renders pass here: cached pages are answered before (decision 0045). Shed requests are
 * logged as one warning every 10 s with their count; their access-log lines are info.
 */
export function renderAdmission(renders: ReturnType<typeof admissionControl>): MiddlewareHandler<AppEnv> {
  let shed = 0;
  let loggedAt = Number.NEGATIVE_INFINITY;
  return async (c, next) => {
    const arrivedAt = renders.arrivalOfNow();
    try {
      await renders.run(next, c.req.raw.signal);
    } catch (error) {
      // Nobody to answer: an empty 499 (nginx's "client closed request") for the access log.
      if (error instanceof ClientGone) return new Response(null, { status: 499 });
      if (!isOverloaded(error)) throw error;
      c.set("loadShed", true);
      shed++;
      const now = Date.now();
      if (now - loggedAt >= SHED_LOG_EVERY_MS) {
        c.get("logger")?.warn({ shed, ...renders.load() }, "overloaded: page requests answered 503");
        loggedAt = now;
        shed = 0;
      }
      const hold = SHED_PAUSE_MS - (renders.now() - arrivedAt);
      if (hold > 0) await new Promise((resolve) => setTimeout(resolve, hold));
      return unavailablePage(c, OVERLOADED);
    }
  };
}
