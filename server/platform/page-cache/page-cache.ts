import { randomUUID } from "node:crypto";
import type { Database } from "#server/db/client";
import type { Logger } from "#server/platform/logger";
import { ByteLru } from "./lru";

/** A rendered public page, kept gzipped with the headers to answer with. */
export type CachedPage = {
  gzip: Buffer;
  /** The body uncompressed too, for clients that do not accept gzip, when it is small (API reads). */
  plain?: Buffer;
  /** Strong validator: a hash of the uncompressed body. */
  etag: string;
  headers: Record<string, string>;
  /** What a hit answers with, built once from `headers` (response.ts: answerHeadersOf). */
  answerHeaders: { gzip: Record<string, string>; identity: Record<string, string>; notModified: Record<string, string> };
  tags: readonly string[];
  /** The route pattern that rendered it: a hit is counted under it (metrics, traces). */
  route?: string;
  storedAt: number;
  /** Served until then at the latest (epoch ms): what the page shows ends (a promotion). */
  until?: number;
};

/**
 * The in-process cache of public pages rendered for anonymous visitors (decision 0015). Bounded
 * by bytes (LRU), entries live at most `ttlMs`, and invalidate(tag) drops the pages showing that
 * data here and, through PostgreSQL NOTIFY, on every other instance.
 */
export type PageCache = {
  readonly enabled: boolean;
  /**
   * The page kept under `key`. Counted as a hit or a miss (metrics, the operator's dashboard);
   * `countMiss: false` for a look that is repeated further on when it misses (the fast path).
   */
  get(key: string, options?: { countMiss?: boolean }): CachedPage | undefined;
  /** Stores a page unless an invalidation happened since `generation` (the render may be stale). */
  store(key: string, page: CachedPage, generation: number): void;
  /** Bumped by every invalidation; read it before rendering and hand it to store(). */
  generation(): number;
  invalidate(...tags: string[]): Promise<void>;
  stats(): PageCacheStats;
  close(): Promise<void>;
};

/** Since this instance started: hits, misses and evictions count up; entries and bytes are now. */
export type PageCacheStats = { entries: number; bytes: number; maxBytes: number; hits: number; misses: number; evictions: number };

const CHANNEL = "page_cache";
/** Per-entry overhead counted against the budget besides the gzipped body (key, headers, object). */
const ENTRY_OVERHEAD_BYTES = 2048;

export async function createPageCache(
  database: Database,
  logger: Logger,
  options: { maxBytes: number; ttlMs: number },
): Promise<PageCache> {
  const instanceId = randomUUID();
  const lru = new ByteLru<CachedPage>(options.maxBytes);
  const enabled = options.maxBytes > 0;
  let generation = 0;
  let hits = 0;
  let misses = 0;

  const dropLocally = (tags: readonly string[]) => {
    generation++;
    lru.deleteWhere((page) => page.tags.some((tag) => tags.includes(tag)));
  };

  const unlisten = enabled
    ? await database.listen(
        CHANNEL,
        (payload) => {
          try {
            const message = JSON.parse(payload) as { tags: string[]; from: string };
            if (message.from !== instanceId) dropLocally(message.tags);
          } catch (error) {
            logger.warn({ err: error }, "page cache: unreadable notification");
          }
        },
        {
          // Invalidations sent while the LISTEN connection was down are lost: whatever this
          // instance kept may be stale, so it starts over (renders in flight are not stored either).
          onReconnect() {
            generation++;
            lru.deleteWhere(() => true);
            logger.info("page cache: flushed after the database notifications were interrupted");
          },
        },
      )
    : async () => {};

  return {
    enabled,
    get(key, lookOptions) {
      const page = lru.get(key);
      const now = page ? Date.now() : 0;
      if (!page || now - page.storedAt > options.ttlMs || (page.until !== undefined && now >= page.until)) {
        if (page) lru.delete(key);
        if (lookOptions?.countMiss !== false) misses++;
        return undefined;
      }
      hits++;
      return page;
    },
    store(key, page, since) {
      if (enabled && since === generation)
        lru.set(key, page, page.gzip.length + (page.plain?.length ?? 0) + key.length + ENTRY_OVERHEAD_BYTES);
    },
    generation: () => generation,
    async invalidate(...tags) {
      dropLocally(tags);
      try {
        await database.notify(CHANNEL, JSON.stringify({ tags, from: instanceId }));
      } catch (error) {
        // Other instances then serve their copy until it expires (ttlMs).
        logger.error({ err: error, tags }, "page cache: invalidation not sent to other instances");
      }
    },
    stats: () => ({ entries: lru.size, bytes: lru.bytes, maxBytes: options.maxBytes, hits, misses, evictions: lru.evictions }),
    async close() {
      await unlisten();
    },
  };
}
