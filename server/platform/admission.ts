import { AppError } from "./errors";

/**
 * Admission control for page renders (decision 0045). A render is mostly CPU on the one event
 * loop: past a few at once, more in flight only make every one of them slower, and under 100
 * connections the queue grew until clients timed out. At most `concurrency` renders run; the next
 * ones wait in line, and one that would wait longer than `maxWaitMs` (or find `maxQueue` already
 * waiting) is answered at once with 503 and Retry-After (AppError UNAVAILABLE), which a balancer
 * or a crawler retries, instead of a timeout.
 */
export function admissionControl(options: { concurrency: number; maxQueue: number; maxWaitMs: number }) {
  const { concurrency, maxQueue, maxWaitMs } = options;
  let active = 0;
  const waiting: Array<() => void> = [];

  const overloaded = () => new AppError("UNAVAILABLE", "Hay mucha actividad en este momento. Inténtalo de nuevo.", { retryAfter: 1 });

  function release() {
    const next = waiting.shift();
    if (next) next();
    else active--;
  }

  function admit(): Promise<void> {
    if (active < concurrency) {
      active++;
      return Promise.resolve();
    }
    if (waiting.length >= maxQueue) return Promise.reject(overloaded());
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
      try {
        return await work();
      } finally {
        release();
      }
    },
    /** Renders running and waiting (for tests and diagnostics). */
    load: () => ({ active, waiting: waiting.length }),
  };
}
