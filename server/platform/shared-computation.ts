/**
 * A small in-process cache for expensive derived values (counts over a whole country, ranked key
 * lists): bounded, fresh for `freshMs`, then served stale for up to `staleMs` while ONE refresh
 * runs in the background, and computed once for any number of concurrent callers (single flight).
 * Without the single flight, 100 visitors arriving when an entry expired each ran the same
 * one-second scan at once and starved the pool (decision 0045).
 */
export type SharedComputation<T> = {
  /** The value for `key`: fresh or stale from memory, or computed (once, however many ask). */
  get(key: string, compute: () => Promise<T>): Promise<T>;
  clear(): void;
};

type Entry<T> = { at: number; value: T };

export function sharedComputation<T>(options: {
  freshMs: number;
  staleMs: number;
  maxEntries: number;
  /** Whether a computed value is worth keeping (small results are cheap to compute again). */
  keep?: (value: T) => boolean;
  now?: () => number;
}): SharedComputation<T> {
  const { freshMs, staleMs, maxEntries, keep = () => true, now = Date.now } = options;
  const entries = new Map<string, Entry<T>>();
  const running = new Map<string, Promise<T>>();

  function run(key: string, compute: () => Promise<T>): Promise<T> {
    const pending = running.get(key);
    if (pending) return pending;
    const promise = compute()
      .then((value) => {
        if (keep(value)) {
          entries.delete(key);
          if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
          entries.set(key, { at: now(), value });
        }
        return value;
      })
      .finally(() => running.delete(key));
    running.set(key, promise);
    return promise;
  }

  return {
    get(key, compute) {
      const entry = entries.get(key);
      const age = entry ? now() - entry.at : Number.POSITIVE_INFINITY;
      if (entry && age < freshMs) return Promise.resolve(entry.value);
      if (entry && age < freshMs + staleMs) {
        // Stale: answer at once, refresh behind (a failed refresh keeps the stale value).
        run(key, compute).catch(() => {});
        return Promise.resolve(entry.value);
      }
      return run(key, compute);
    },
    clear() {
      entries.clear();
    },
  };
}
