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
  get(key: string): CachedPage | undefined;
  /** Stores a page unless an invalidation happened since `generation` (the render may be stale). */
  store(key: string, page: CachedPage, generation: number): void;
  /** Bumped by every invalidation; read it before rendering and hand it to store(). */
  generation(): number;
  invalidate(...tags: string[]): Promise<void>;
  stats(): { entries: number; bytes: number };
  close(): Promise<void>;
};

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
    get(key) {
      const page = lru.get(key);
      if (!page) return undefined;
      const now = Date.now();
      if (now - page.storedAt > options.ttlMs || (page.until !== undefined && now >= page.until)) {
        lru.delete(key);
        return undefined;
      }
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
    stats: () => ({ entries: lru.size, bytes: lru.bytes }),
    async close() {
      await unlisten();
    },
  };
}
