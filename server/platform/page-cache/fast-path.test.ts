import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { PROFESSIONAL_COOKIE } from "#common/constants";
import type { Database } from "#server/db/client";
import type { AppEnv } from "#server/env";
import { createLogger } from "#server/platform/logger";
import { cacheHitAnswerer, nodeCacheHitAnswerer, requestIdOf } from "./fast-path";
import { pageCacheMiddleware } from "./http";
import { createPageCache } from "./page-cache";
import { cacheKeyOf, headerReaderOf } from "./response";

const database = { listen: async () => async () => {}, notify: async () => {} } as unknown as Database;
const PAGE = "<p>listado</p>";

/** A cache holding one anonymous rendering of /app/listado, stored by the page cache middleware. */
async function setup(options: { level?: string; draining?: boolean } = {}) {
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLogger(options.level ?? "info", { write: (line: string) => lines.push(JSON.parse(line)) });
  const cache = await createPageCache(database, logger, { maxBytes: 1_000_000, ttlMs: 60_000 });
  const app = new Hono<AppEnv>();
  app.use("/app/*", pageCacheMiddleware(cache));
  app.get("/app/listado", (c) => {
    c.set("pageCacheTags", ["jobs"]);
    return c.html(PAGE, 200, { "Content-Security-Policy": "script-src 'self'", "Cache-Control": "public, max-age=0" });
  });
  expect((await app.request("http://x/app/listado")).status).toBe(200);
  const answer = cacheHitAnswerer(cache, { logger, draining: () => options.draining ?? false });
  const hit = (path: string, init?: RequestInit) => answer(new Request(`http://127.0.0.1${path}`, init), undefined);
  return { cache, hit, lines, app, logger };
}

/** A loopback server answering hits at Node's level and "miss" (404) for what it leaves to the app. */
async function nodeServer(options: { draining?: boolean } = {}) {
  const { cache, logger } = await setup({ level: "warn" });
  const answer = nodeCacheHitAnswerer(cache, { logger, draining: () => options.draining ?? false });
  const server = createServer((req, res) => {
    if (answer(req, res)) return;
    res.writeHead(404, { "content-type": "text/plain" });
    res.end("miss");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { get: (path: string, init?: RequestInit) => fetch(base + path, init), close: () => new Promise((r) => server.close(r)) };
}

describe("answering cache hits before dispatch", () => {
  it("answers the stored page with its headers, a request id, gzip when accepted, and 304 for its ETag", async () => {
    const { hit } = await setup();
    const gzipped = hit("/app/listado", { headers: { "accept-encoding": "gzip, br" } });
    expect(gzipped?.status).toBe(200);
    expect(gzipped?.headers.get("content-encoding")).toBe("gzip");
    expect(gzipped?.headers.get("content-security-policy")).toBe("script-src 'self'");
    expect(gzipped?.headers.get("vary")).toBe("Accept-Encoding, Cookie");
    expect(gzipped?.headers.get("cache-control")).toBe("public, max-age=0");
    expect(gzipped?.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(gunzipSync(Buffer.from(await (gzipped as Response).arrayBuffer())).toString()).toBe(PAGE);

    const plain = hit("/app/listado");
    expect(plain?.headers.get("content-encoding")).toBeNull();
    expect(await plain?.text()).toBe(PAGE);
    expect(plain?.headers.get("x-request-id")).not.toBe(gzipped?.headers.get("x-request-id"));

    const etag = plain?.headers.get("etag") ?? "";
    const revalidated = hit("/app/listado", { headers: { "if-none-match": etag } });
    expect(revalidated?.status).toBe(304);
    expect(revalidated?.headers.get("etag")).toBe(etag);
    expect(revalidated?.headers.get("cache-control")).toBe("public, max-age=0");
    expect(revalidated?.headers.get("x-request-id")).toBeTruthy();

    const head = hit("/app/listado", { method: "HEAD" });
    expect(head?.status).toBe(200);
    expect(await head?.text()).toBe("");
  });

  it("leaves signed-in, professional, bearer and non-read requests to the ordinary way", async () => {
    const { hit } = await setup();
    expect(hit("/app/listado", { headers: { cookie: "farmanexo_session=abc" } })).toBeUndefined();
    expect(hit("/app/listado", { headers: { cookie: "a=1; __Host-farmanexo_session=abc" } })).toBeUndefined();
    expect(hit("/app/listado", { headers: { cookie: `${PROFESSIONAL_COOKIE}=0` } })).toBeUndefined();
    expect(hit("/app/listado", { headers: { authorization: "Bearer x" } })).toBeUndefined();
    expect(hit("/app/listado", { method: "POST" })).toBeUndefined();
    expect(hit("/app/otra")).toBeUndefined();
    expect(hit("/app/listado", { headers: { cookie: "farmanexo_consent=all" } })).toBeUndefined(); // another rendering
  });

  it("keeps a proxy's request id, asks the client to close while draining, and logs the access line", async () => {
    const { hit, lines } = await setup({ draining: true });
    const response = hit("/app/listado", { headers: { "x-request-id": "proxy-123" } });
    expect(response?.headers.get("x-request-id")).toBe("proxy-123");
    expect(response?.headers.get("connection")).toBe("close");
    expect(lines.at(-1)).toMatchObject({ requestId: "proxy-123", method: "GET", path: "/app/listado", status: 200, msg: "request" });
  });

  it("builds no access line when info is not logged", async () => {
    const { hit, lines } = await setup({ level: "warn" });
    expect(hit("/app/listado")?.status).toBe(200);
    expect(lines).toEqual([]);
  });
});

describe("request ids and cache keys", () => {
  it("keeps a short id of safe characters and replaces anything else", () => {
    expect(requestIdOf("abc-DEF_1=")).toBe("abc-DEF_1=");
    expect(requestIdOf("a b")).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdOf("x".repeat(256))).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdOf(undefined)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("reads the same key from Node's headers as from a Fetch request, and none for a session on a second Cookie line", () => {
    const url = "http://127.0.0.1:3000/app/empleo/p/espana?page=2";
    const headers = { cookie: "farmanexo_consent=all; farmanexo_tz=America%2FLima" };
    const fromFetch = cacheKeyOf(url, headerReaderOf(new Request(url, { headers }), undefined));
    const fromNode = cacheKeyOf(url, headerReaderOf(new Request(url), { incoming: { headers } }));
    expect(fromNode).toBe(fromFetch);
    expect(fromNode).toBe("/app/empleo/p/espana?page=2\nall\nAmerica/Lima");
    // Node joins repeated Cookie lines with "; ".
    const twoLines = { incoming: { headers: { cookie: "farmanexo_consent=all; farmanexo_session=abc" } } };
    expect(cacheKeyOf(url, headerReaderOf(new Request(url), twoLines))).toBeNull();
  });
});

describe("answering cache hits at Node's level", () => {
  it("writes the stored answer, 304 for its ETag and a bodiless HEAD, with a request id", async () => {
    const { get, close } = await nodeServer();
    try {
      const gzipped = await get("/app/listado", { headers: { "accept-encoding": "gzip" } });
      expect(gzipped.status).toBe(200);
      expect(gzipped.headers.get("content-encoding")).toBe("gzip");
      expect(gzipped.headers.get("content-security-policy")).toBe("script-src 'self'");
      expect(gzipped.headers.get("vary")).toBe("Accept-Encoding, Cookie");
      expect(gzipped.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      expect(await gzipped.text()).toBe(PAGE); // fetch() undoes the gzip
      const etag = gzipped.headers.get("etag") ?? "";
      const revalidated = await get("/app/listado", { headers: { "if-none-match": etag } });
      expect(revalidated.status).toBe(304);
      const head = await get("/app/listado", { method: "HEAD" });
      expect(head.status).toBe(200);
      expect(await head.text()).toBe("");
      const plain = await get("/app/listado", { headers: { "accept-encoding": "identity", "x-request-id": "proxy-9" } });
      expect(plain.headers.get("content-encoding")).toBeNull();
      expect(plain.headers.get("x-request-id")).toBe("proxy-9");
      expect(await plain.text()).toBe(PAGE);
    } finally {
      await close();
    }
  });

  it("writes nothing for what is not an anonymous hit, so the app answers it", async () => {
    const { get, close } = await nodeServer();
    try {
      for (const [path, init] of [
        ["/app/listado", { headers: { cookie: "farmanexo_session=abc" } }],
        ["/app/listado", { headers: { authorization: "Bearer x" } }],
        ["/app/listado", { method: "POST" }],
        ["/app/otra", {}],
        ["/app/listado?pagina=2", {}],
      ] as const) {
        const response = await get(path, init);
        expect([response.status, await response.text()]).toEqual([404, "miss"]);
      }
    } finally {
      await close();
    }
  });

  it("asks the client to close while draining", async () => {
    const { get, close } = await nodeServer({ draining: true });
    try {
      expect((await get("/app/listado")).headers.get("connection")).toBe("close");
    } finally {
      await close();
    }
  });
});
