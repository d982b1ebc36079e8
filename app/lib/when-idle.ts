/**
 * Runs `callback` once the browser is idle, or after `timeout` ms at the latest, so work a visitor
 * does not wait for stays out of the tasks that hydrate the page (issue 10: no long task during
 * hydration). Returns a function that cancels it, for an effect's cleanup.
 */
export function whenIdle(callback: () => void, timeout = 2000): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(callback, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  // Safari has no requestIdleCallback: a short timer still lets the hydration tasks finish first.
  const handle = window.setTimeout(callback, 200);
  return () => window.clearTimeout(handle);
}
