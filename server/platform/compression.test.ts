import { gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { acceptsGzip, compression } from "./compression";

const PAGE = `<!DOCTYPE html><p>${"Ofertas de empleo en España. ".repeat(100)}</p>`;

function app() {
  const hono = new Hono();
  hono.use(compression());
  hono.get("/page", (c) => c.html(PAGE));
  hono.get("/small", (c) => c.json({ ok: true }));
  hono.get("/etag", (c) => c.body(PAGE, 200, { "Content-Type": "text/html", ETag: '"abc"' }));
  hono.get("/no-transform", (c) => c.body(PAGE, 200, { "Content-Type": "text/html", "Cache-Control": "no-transform" }));
  hono.get("/image", (c) => c.body(new Uint8Array(4096), 200, { "Content-Type": "image/png" }));
  hono.get("/not-modified", (c) => c.body(null, 304));
  return hono;
}

const get = (path: string, headers: Record<string, string> = { "Accept-Encoding": "gzip, br" }, method = "GET") =>
  app().request(path, { method, headers });

describe("compression", () => {
  it("gzips a page whole, with its length and Vary", async () => {
    const response = await get("/page");
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("vary")).toBe("Accept-Encoding");
    const body = Buffer.from(await response.arrayBuffer());
    expect(Number(response.headers.get("content-length"))).toBe(body.length);
    expect(body.length).toBeLessThan(PAGE.length / 5);
    expect(gunzipSync(body).toString("utf8")).toBe(PAGE);
  });

  it("sends the page as it is to a client that does not accept gzip, still varying by encoding", async () => {
    const clients: Record<string, string>[] = [{}, { "Accept-Encoding": "br" }, { "Accept-Encoding": "gzip;q=0, br" }];
    for (const headers of clients) {
      const response = await get("/page", headers);
      expect(response.headers.get("content-encoding")).toBeNull();
      expect(response.headers.get("vary")).toBe("Accept-Encoding");
      expect(await response.text()).toBe(PAGE);
    }
  });

  it("leaves small bodies, images, no-transform answers, HEAD and 304 alone", async () => {
    const small = await get("/small");
    expect(small.headers.get("content-encoding")).toBeNull();
    expect(await small.json()).toEqual({ ok: true });
    for (const path of ["/image", "/no-transform", "/not-modified"]) {
      expect((await get(path)).headers.get("content-encoding"), path).toBeNull();
    }
    expect((await get("/page", { "Accept-Encoding": "gzip" }, "HEAD")).headers.get("content-encoding")).toBeNull();
  });

  it("weakens a strong ETag of a body it compresses", async () => {
    expect((await get("/etag")).headers.get("etag")).toBe('W/"abc"');
  });

  it.each([
    ["gzip", true],
    ["gzip, deflate, br, zstd", true],
    ["br;q=1.0, gzip;q=0.8", true],
    ["*", true],
    ["GZIP", true],
    ["x-gzip", true],
    ["gzip;q=0", false],
    ["br, *;q=0", false],
    ["identity", false],
    ["", false],
  ])("reads Accept-Encoding %j as accepting gzip: %s", (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});
