import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "#server/env";
import { pageCacheMiddleware } from "./http";
import type { CachedPage, PageCache } from "./page-cache";

/** An in-memory PageCache with the generation rule of the real one. */
function memoryCache(): PageCache {
  const pages = new Map<string, CachedPage>();
  let generation = 0;
  return {
    enabled: true,
    get: (key) => pages.get(key),
    store(key, page, since) {
      if (since === generation) pages.set(key, page);
    },
    generation: () => generation,
    async invalidate() {
      generation++;
      pages.clear();
    },
    stats: () => ({ entries: pages.size, bytes: 0, maxBytes: 0, hits: 0, misses: 0, evictions: 0 }),
    close: async () => {},
  };
}

/** A page whose render waits until release() is called, counting renders. */
function slowPage(cache: PageCache) {
  let renders = 0;
  let release: () => void = () => {};
  let gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const app = new Hono<AppEnv>();
  app.use("/app/*", pageCacheMiddleware(cache));
  app.get("/app/listado", async (c) => {
    renders++;
    const version = `versión ${cache.generation()}`;
    await gate;
    c.set("pageCacheTags", ["ofertas"]);
    return c.html(`<p>${version}</p>`);
  });
  return {
    app,
    renders: () => renders,
    release() {
      release();
      gate = new Promise<void>((resolve) => {
        release = resolve;
      });
    },
  };
}

const get = (app: Hono<AppEnv>) => app.request("/app/listado", { headers: { "accept-encoding": "identity" } });

describe("page cache middleware", () => {
  it("renders a page once for identical anonymous requests that arrive while it renders", async () => {
    const page = slowPage(memoryCache());
    const responses = Promise.all([get(page.app), get(page.app), get(page.app)]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    page.release();
    const bodies = await Promise.all((await responses).map((r) => r.text()));
    expect(bodies).toEqual(["<p>versión 0</p>", "<p>versión 0</p>", "<p>versión 0</p>"]);
    expect(page.renders()).toBe(1);
  });

  it("does not hand a render started before an invalidation to a request that came after it", async () => {
    const cache = memoryCache();
    const page = slowPage(cache);
    const before = get(page.app);
    await new Promise((resolve) => setTimeout(resolve, 10));
    await cache.invalidate("ofertas");
    const after = get(page.app);
    await new Promise((resolve) => setTimeout(resolve, 10));
    page.release();
    expect(await (await before).text()).toBe("<p>versión 0</p>");
    expect(await (await after).text()).toBe("<p>versión 1</p>");
    expect(page.renders()).toBe(2);
  });
});
