/**
 * How far behind the event loop runs (ms): a timer due every `intervalMs` measures how late it
 * fires. Under load a request waits about one loop iteration in the kernel before its first line
 * of JavaScript runs, invisible to the code that handles it; this is that wait (decision 0065).
 * The larger of the last two samples, so one quick iteration between long ones does not hide them.
 */
export function eventLoopLag(intervalMs = 20) {
  let last = performance.now();
  let latest = 0;
  let previous = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    previous = latest;
    latest = Math.max(0, now - last - intervalMs);
    last = now;
  }, intervalMs);
  timer.unref();
  return {
    /** Milliseconds the loop is behind, at most as old as two samples. */
    current: () => Math.max(latest, previous, performance.now() - last - intervalMs),
    stop: () => clearInterval(timer),
  };
}

let shared: ReturnType<typeof eventLoopLag> | undefined;

/** The process's one lag monitor, started on first use (every app instance in a process shares the loop). */
export function processEventLoopLag() {
  shared ??= eventLoopLag();
  return shared;
}
