// Counting off the request path (decisions 0097, 0111): a beacon adds one to a key in memory; every
// few seconds the buffer is swapped for an empty one and written with one upsert per chunk. When
// the buffer holds `maxKeys` distinct keys, new keys are dropped (and counted as dropped): under a
// flood the figures lose precision, the pages never slow down and the memory stays bounded.
// Knows no area: each user gives the key's text and the statement that adds a chunk to its table.

type Logger = { warn(details: object, message: string): void };
type Entry<K> = { key: K; count: number };
type Buffer<K> = { counts: Map<string, Entry<K>>; dropped: number };

export type CountBufferOptions<K, C> = {
  /** Names the figures in the log lines. */
  name: string;
  maxKeys: number;
  chunk?: number;
  keyText: (key: K) => string;
  /** Adds a chunk of counts to the table (instances add, never overwrite). */
  write: (ctx: C, chunk: Array<Entry<K>>) => Promise<void>;
};

export type CountBuffer<K, C> = {
  /** Adds one to the key; false when the buffer is full and the key is new (dropped by design). */
  add: (ctx: object, key: K) => boolean;
  /** Writes what the buffer holds and empties it. A failed write loses its chunk: a retry could count twice. */
  flush: (ctx: C & { logger: Logger }) => Promise<{ written: number; dropped: number }>;
};

export function createCountBuffer<K, C extends object>(options: CountBufferOptions<K, C>): CountBuffer<K, C> {
  const chunkSize = options.chunk ?? 1_000;
  // One buffer per application context, so test servers in one process never mix their counts.
  const buffers = new WeakMap<object, Buffer<K>>();
  const bufferOf = (ctx: object) => {
    let buffer = buffers.get(ctx);
    if (!buffer) {
      buffer = { counts: new Map(), dropped: 0 };
      buffers.set(ctx, buffer);
    }
    return buffer;
  };
  return {
    add(ctx, key) {
      const buffer = bufferOf(ctx);
      const text = options.keyText(key);
      const found = buffer.counts.get(text);
      if (found) {
        found.count++;
        return true;
      }
      if (buffer.counts.size >= options.maxKeys) {
        buffer.dropped++;
        return false;
      }
      buffer.counts.set(text, { key, count: 1 });
      return true;
    },
    async flush(ctx) {
      const buffer = bufferOf(ctx);
      const entries = [...buffer.counts.values()];
      const dropped = buffer.dropped;
      buffers.set(ctx, { counts: new Map(), dropped: 0 });
      let written = 0;
      for (let start = 0; start < entries.length; start += chunkSize) {
        const chunk = entries.slice(start, start + chunkSize);
        try {
          await options.write(ctx, chunk);
          written += chunk.length;
        } catch (error) {
          ctx.logger.warn({ err: error, keys: chunk.length }, `${options.name} figures lost: the write failed`);
        }
      }
      if (dropped) ctx.logger.warn({ dropped }, `${options.name} figures dropped: the buffer was full`);
      return { written, dropped };
    },
  };
}
