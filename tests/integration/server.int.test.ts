import http, { type IncomingHttpHeaders } from "node:http";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "#tests/support/test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe("health", () => {
  it("reports alive and ready with the database kind", async () => {
    expect(await (await server.fetch("/healthz")).json()).toEqual({ status: "ok" });
    const ready = await server.fetch("/readyz");
    expect(ready.status).toBe(200);
    expect((await ready.json()).database).toBe(server.ctx.database.kind);
  });
});

describe("pages", () => {
  it("redirects / to /app", async () => {
    const response = await server.fetch("/");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/app");
  });

  it("renders the home page on the server, in Spanish", async () => {
    const response = await server.fetch("/app");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="es"');
    expect(html).toContain("La red profesional del sector farmacéutico y sanitario");
  });

  // Pages rendered per request (not kept by the page cache, whose pages list script hashes instead:
  // tests/integration/page-cache.int.test.ts) carry a fresh nonce.
  it("renders a per-request page with a CSP nonce on every script", async () => {
    const response = await server.fetch("/app/auth/login");
    expect(response.status).toBe(200);
    const html = await response.text();
    const csp = response.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).not.toContain("unsafe-inline' 'nonce"); // scripts: self + nonce only
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("accounts.google.com"); // Google sign-in is not configured here
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("x-request-id")).toMatch(/\S+/);
  });

  it("sends a page whole and gzipped, with its length, to a browser; whole and plain to a client without gzip", async () => {
    const gzipped = await rawGet(`${server.url}/app/auth/login`, { "accept-encoding": "gzip, deflate, br" });
    expect(gzipped.status).toBe(200);
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gzipped.headers.vary).toMatch(/accept-encoding/i);
    expect(gzipped.headers["transfer-encoding"]).toBeUndefined();
    expect(Number(gzipped.headers["content-length"])).toBe(gzipped.body.length);
    expect(gunzipSync(gzipped.body).toString("utf8")).toMatch(/^<!DOCTYPE html>.*<\/html>$/s);

    const plain = await rawGet(`${server.url}/app/auth/login`, {});
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(Number(plain.headers["content-length"])).toBe(plain.body.length);
    expect(plain.body.toString("utf8")).toContain("</html>");
  });

  it("answers unknown paths inside and outside /app with the not-found page and 404", async () => {
    for (const path of ["/app/no-existe/de-verdad", "/otra-cosa"]) {
      const response = await server.fetch(path);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain("Página no encontrada");
    }
  });

  it("renders the test route with an empty layout", async () => {
    const html = await (await server.fetch("/app/test")).text();
    expect(html).toContain('data-testid="empty-layout"');
    expect(html).not.toContain("Saltar al contenido");
  });

  it("serves fingerprinted assets with a one-year cache, compressed", async () => {
    const html = await (await server.fetch("/app")).text();
    const asset = /\/app\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const response = await server.fetch(asset as string, { headers: { "Accept-Encoding": "gzip" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("immutable");
    expect(response.headers.get("content-encoding")).toBe("gzip");
  });
});

describe("api errors and CSRF", () => {
  it("answers unknown API paths with a JSON 404", async () => {
    const response = await server.fetch("/api/nada");
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: "NOT_FOUND" });
  });

  it("sets a readable XSRF-TOKEN cookie", async () => {
    const response = await server.fetch("/sanctum/csrf-cookie");
    expect(response.status).toBe(204);
    const cookie = response.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^XSRF-TOKEN=[^;]+/);
    expect(cookie.toLowerCase()).not.toContain("httponly");
    expect(cookie).toContain("SameSite=Lax");
  });

  it("refuses a browser write without the CSRF token with 419, and one from a foreign origin", async () => {
    // An unknown path: a known one asked with a method it lacks answers 405 before any CSRF check.
    const noToken = await server.fetch("/api/nada", { method: "POST", headers: { Origin: server.url, Cookie: "x=1" } });
    expect(noToken.status).toBe(419);
    const foreign = await server.fetch("/api/nada", { method: "POST", headers: { Origin: "https://evil.example" } });
    expect(foreign.status).toBe(419);
    expect((await foreign.json()).message).toBe("Origen de la petición no permitido.");
  });

  it("accepts a browser write that echoes the cookie token (reaching the route, here a 404)", async () => {
    const cookie = (await server.fetch("/sanctum/csrf-cookie")).headers.get("set-cookie") ?? "";
    const token = /XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1] ?? "";
    const response = await server.fetch("/api/nada", {
      method: "POST",
      headers: { Origin: server.url, Cookie: `XSRF-TOKEN=${token}`, "X-XSRF-TOKEN": decodeURIComponent(token) },
    });
    expect(response.status).toBe(404);
  });

  it("refuses bodies over the limit with 413", async () => {
    const response = await server.fetch("/api/nada", {
      method: "POST",
      body: "x".repeat(1024 * 1024 + 10),
      headers: { "Content-Type": "text/plain" },
    });
    expect(response.status).toBe(413);
  });
});

describe("security headers with Google sign-in configured", () => {
  it("allows Google Identity Services' script and frame, and nothing else from outside", async () => {
    const google = await startTestServer({ GOOGLE_CLIENT_ID: "test-client.apps.googleusercontent.com" });
    try {
      const csp = (await google.fetch("/app/auth/login")).headers.get("content-security-policy") ?? "";
      expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' https:\/\/accounts\.google\.com\/gsi\//);
      expect(csp).toContain("frame-src https://accounts.google.com/gsi/");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    } finally {
      await google.close();
    }
  });
});

/** A GET as a plain HTTP client sees it: fetch() would decompress the body and hide the framing. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}
