import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "#server/env";
import { AppError } from "./errors";
import { unavailablePage } from "./unavailable-page";

export type AdmissionOptions = {
  /** Renders at once. */
  concurrency: number;
  /** Longest estimated wait in line (ms) a request is admitted to; past it, a quick 503 (load shedding). */
  waitBudgetMs: number;
  /** Longest line, whatever the estimate. */
  maxQueue: number;
  /** A request still waiting after this long (the estimate was wrong: renders slowed down) gets the 503 then. */
  maxWaitMs: number;
  /** Milliseconds (tests pass their own). */
  clock?: () => number;
};

/** How much each finished render moves the mean render time (an exponentially weighted mean). */
const MEAN_WEIGHT = 0.2;

/** The Spanish message and Retry-After of a shed request (the pool-exhaustion 503 says the same, decision 0031). */
export const OVERLOADED = { message: "Hay mucha actividad en este momento. Inténtalo de nuevo.", retryAfter: 1 };

const overloaded = () => new AppError("UNAVAILABLE", OVERLOADED.message, { retryAfter: OVERLOADED.retryAfter, reason: "OVERLOADED" });

/** Whether an error is admission control's refusal (a shed request), not a failure of the work. */
export const isOverloaded = (error: unknown) => error instanceof AppError && error.reason === "OVERLOADED";

/**
 * Admission control for page renders (decisions 0045, 0056). A render is mostly CPU on the one
 * event loop: past a few at once, more in flight only make every one of them slower. At most
 * `concurrency` renders run; the next ones wait in line. A request that would wait longer than
 * `waitBudgetMs` is refused at once (503 + Retry-After, a balancer or the browser retries) instead
 * of joining a line the server cannot serve in time: its wait is estimated as its place in line ×
 * the recent mean render time ÷ `concurrency` (renders finish at about `concurrency` per mean
 * render time, whether they wait on CPU or on the database). No estimate before the first render
 * has finished; nothing is refused while a slot is free.
 */
export function admissionControl(options: AdmissionOptions) {
  const { concurrency, waitBudgetMs, maxQueue, maxWaitMs, clock = () => performance.now() } = options;
  let active = 0;
  let meanRenderMs = 0;
  const waiting: Array<() => void> = [];

  const estimatedWaitMs = (place: number) => (place * meanRenderMs) / concurrency;

  function release(startedAt: number) {
    const took = clock() - startedAt;
    meanRenderMs = meanRenderMs ? meanRenderMs + MEAN_WEIGHT * (took - meanRenderMs) : took;
    const next = waiting.shift();
    if (next) next();
    else active--;
  }

  function admit(): Promise<void> {
    if (active < concurrency) {
      active++;
      return Promise.resolve();
    }
    if (waiting.length >= maxQueue || estimatedWaitMs(waiting.length + 1) > waitBudgetMs) return Promise.reject(overloaded());
    return new Promise<void>((resolve, reject) => {
      const turn = () => {
        clearTimeout(timer);
        resolve(); // the slot passes from the finished render to this one (active unchanged)
      };
      const timer = setTimeout(() => {
        const index = waiting.indexOf(turn);
        if (index !== -1) waiting.splice(index, 1);
        reject(overloaded());
      }, maxWaitMs);
      waiting.push(turn);
    });
  }

  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      await admit();
      const startedAt = clock();
      try {
        return await work();
      } finally {
        release(startedAt);
      }
    },
    /** Renders running and waiting, the mean render time and a newcomer's estimated wait (tests, diagnostics). */
    load: () => ({ active, waiting: waiting.length, meanRenderMs, estimatedWaitMs: estimatedWaitMs(waiting.length + 1) }),
  };
}

/** How long a shed request's 503 is held back: clients that retry at once cannot make the refusals the load. */
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
    try {
      await renders.run(next);
    } catch (error) {
      if (!isOverloaded(error)) throw error;
      c.set("loadShed", true);
      shed++;
      const now = Date.now();
      if (now - loggedAt >= SHED_LOG_EVERY_MS) {
        c.get("logger")?.warn({ shed, ...renders.load() }, "overloaded: page requests answered 503");
        loggedAt = now;
        shed = 0;
      }
      await new Promise((resolve) => setTimeout(resolve, SHED_PAUSE_MS));
      return unavailablePage(c, OVERLOADED);
    }
  };
}
