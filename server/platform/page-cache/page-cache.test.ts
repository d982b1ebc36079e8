import { afterEach, describe, expect, it, vi } from "vitest";
import type { Database } from "#server/db/client";
import type { Logger } from "#server/platform/logger";
import { type CachedPage, createPageCache } from "./page-cache";

const database = { listen: async () => async () => {}, notify: async () => {} } as unknown as Database;
const logger = { warn() {}, error() {} } as unknown as Logger;
const page = (until?: number): CachedPage => ({
  gzip: Buffer.from("x"),
  etag: '"e"',
  headers: {},
  answerHeaders: { gzip: {}, identity: {}, notModified: {} },
  tags: ["visita"],
  storedAt: Date.now(),
  until,
});

afterEach(() => {
  vi.useRealTimers();
});

describe("page cache lifetime", () => {
  it("serves a page until what it shows ends (a promotion), even inside the cache's own lifetime", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const cache = await createPageCache(database, logger, { maxBytes: 1_000_000, ttlMs: 60_000 });
    cache.store("/app/visita/producto/x/1", page(Date.now() + 5_000), cache.generation());
    cache.store("/app/empleo", page(), cache.generation());
    vi.advanceTimersByTime(4_999);
    expect(cache.get("/app/visita/producto/x/1")).toBeDefined();
    vi.advanceTimersByTime(1);
    expect(cache.get("/app/visita/producto/x/1")).toBeUndefined();
    expect(cache.get("/app/empleo")).toBeDefined();
    vi.advanceTimersByTime(55_001);
    expect(cache.get("/app/empleo")).toBeUndefined();
  });

  it("counts hits, misses (not the fast path's first look) and evictions", async () => {
    const cache = await createPageCache(database, logger, { maxBytes: 5_000, ttlMs: 60_000 });
    cache.store("/app/a", page(), cache.generation());
    expect(cache.get("/app/a")).toBeDefined();
    expect(cache.get("/app/b", { countMiss: false })).toBeUndefined();
    expect(cache.get("/app/b")).toBeUndefined();
    cache.store("/app/b", page(), cache.generation());
    cache.store("/app/c", page(), cache.generation()); // 3 × ~2 KB over 5 KB: /app/a goes
    expect(cache.stats()).toMatchObject({ entries: 2, maxBytes: 5_000, hits: 1, misses: 1, evictions: 1 });
  });
});
