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
  /** Forgets every value; one being computed now is not kept either (it may predate the change). */
  clear(): void;
};

type Entry<T> = { at: number; fresh: number; value: T };

export function sharedComputation<T>(options: {
  /** How long a value is fresh: a number, or one per value (e.g. failures kept shorter). */
  freshMs: number | ((value: T) => number);
  staleMs: number;
  maxEntries: number;
  /** Whether a computed value is worth keeping (small results are cheap to compute again). */
  keep?: (value: T) => boolean;
  now?: () => number;
}): SharedComputation<T> {
  const { staleMs, maxEntries, keep = () => true, now = Date.now } = options;
  const freshFor = typeof options.freshMs === "number" ? () => options.freshMs as number : options.freshMs;
  const entries = new Map<string, Entry<T>>();
  const running = new Map<string, Promise<T>>();
  let generation = 0;

  function run(key: string, compute: () => Promise<T>): Promise<T> {
    const pending = running.get(key);
    if (pending) return pending;
    const startedIn = generation;
    const promise = compute()
      .then((value) => {
        if (keep(value) && startedIn === generation) {
          entries.delete(key);
          if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
          entries.set(key, { at: now(), fresh: freshFor(value), value });
        }
        return value;
      })
      .finally(() => {
        if (running.get(key) === promise) running.delete(key);
      });
    running.set(key, promise);
    return promise;
  }

  return {
    get(key, compute) {
      const entry = entries.get(key);
      const age = entry ? now() - entry.at : Number.POSITIVE_INFINITY;
      if (entry && age < entry.fresh) return Promise.resolve(entry.value);
      if (entry && age < entry.fresh + staleMs) {
        // Stale: answer at once, refresh behind (a failed refresh keeps the stale value).
        run(key, compute).catch(() => {});
        return Promise.resolve(entry.value);
      }
      return run(key, compute);
    },
    clear() {
      generation++;
      entries.clear();
      running.clear();
    },
  };
}

/** One cache per owner (per database: tests run several in one process), created on first use. */
export function perOwner<T>(create: () => SharedComputation<T>): (owner: object) => SharedComputation<T> {
  const caches = new WeakMap<object, SharedComputation<T>>();
  return (owner) => {
    let cache = caches.get(owner);
    if (!cache) {
      cache = create();
      caches.set(owner, cache);
    }
    return cache;
  };
}
