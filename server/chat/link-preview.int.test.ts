import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChatPerson, chatPerson } from "#tests/factories/chat";
import { startTestServer, type TestServer } from "#tests/support/test-server";

// A "public" site on loopback that the test setting allows, and a second loopback server that
// stands for an internal service: the preview must never reach it.
let site: Server;
let internal: Server;
let sitePort: number;
let internalPort: number;
let internalHits = 0;
const siteHits = new Map<string, number>();
let server: TestServer;
let user: ChatPerson;

const PAGE = `<!doctype html><html><head><title>Título HTML</title>
<meta property="og:title" content="Ibuprofeno 600 mg">
<meta property="og:description" content="Ficha del producto">
<meta property="og:image" content="https://cdn.ejemplo.es/ibu.png">
<meta property="og:site_name" content="Vademécum">
</head><body>hola</body></html>`;

function listen(handler: Parameters<typeof createServer>[1]): Promise<[Server, number]> {
  const s = createServer(handler);
  return new Promise((resolve) => s.listen(0, "127.0.0.1", () => resolve([s, (s.address() as AddressInfo).port])));
}

beforeAll(async () => {
  [internal, internalPort] = await listen((_req, res) => {
    internalHits++;
    res.end("secreto interno");
  });
  [site, sitePort] = await listen((req, res) => {
    const path = req.url ?? "/";
    siteHits.set(path, (siteHits.get(path) ?? 0) + 1);
    const hop = path.match(/^\/hops\/(\d+)$/);
    if (hop) {
      const left = Number(hop[1]);
      res.writeHead(302, { Location: left > 0 ? `/hops/${left - 1}` : "/page" }).end();
      return;
    }
    switch (path) {
      case "/page":
      case "/cached":
        res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(PAGE);
        return;
      case "/to-loopback":
        res.writeHead(302, { Location: `http://127.0.0.1:${internalPort}/` }).end();
        return;
      case "/to-loopback-80":
        res.writeHead(301, { Location: "http://127.0.0.1/admin" }).end();
        return;
      case "/to-metadata":
        res.writeHead(302, { Location: "http://169.254.169.254/latest/meta-data/" }).end();
        return;
      case "/to-mapped":
        res.writeHead(302, { Location: "http://[::ffff:127.0.0.1]/" }).end();
        return;
      case "/pdf":
        res.writeHead(200, { "Content-Type": "application/pdf" }).end("%PDF-1.4");
        return;
      case "/huge":
        // The title comes after 1.2 MB: past the cap, so it is never read.
        res.writeHead(200, { "Content-Type": "text/html" });
        res.write(`<html><head><meta property="og:site_name" content="Grande">${"<!-- relleno -->".repeat(80_000)}`);
        res.end("<title>Demasiado lejos</title></head></html>");
        return;
      case "/slow":
        return; // never answers
      case "/cut":
        // The connection dies in the middle of the page, after the title.
        res.writeHead(200, { "Content-Type": "text/html", "Content-Length": "100000" });
        res.write("<html><head><title>Cortada</title>", () => res.socket?.destroy());
        return;
      case "/reset":
        req.socket.destroy(); // no answer at all: the connection is dropped
        return;
      default:
        res.writeHead(404).end();
    }
  });
  server = await startTestServer({ LINK_PREVIEW_TEST_ALLOW: `127.0.0.1:${sitePort}` });
  user = await chatPerson(server);
});
afterAll(async () => {
  await server?.close();
  site?.closeAllConnections();
  site?.close();
  internal?.close();
});

const preview = (url: string) => user.client.get(`/api/link-preview?url=${encodeURIComponent(url)}`);
const siteUrl = (path: string) => `http://127.0.0.1:${sitePort}${path}`;

async function expectRefused(url: string) {
  const response = await preview(url);
  expect(response.status, url).toBe(422);
  const body = (await response.json()) as { errors: { url: string[] } };
  expect(body.errors.url[0]).toMatch(/./);
}

describe("GET /api/link-preview", () => {
  it("reads Open Graph metadata of a page, following redirects (at most 3)", async () => {
    const response = await preview(siteUrl("/hops/2"));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      url: siteUrl("/page"),
      title: "Ibuprofeno 600 mg",
      description: "Ficha del producto",
      image: "https://cdn.ejemplo.es/ibu.png",
      site_name: "Vademécum",
    });
  });

  it("is for signed-in users only", async () => {
    expect((await server.fetch(`/api/link-preview?url=${encodeURIComponent(siteUrl("/page"))}`)).status).toBe(401);
  });

  it("refuses loopback, private, link-local, metadata and unique-local addresses, in every spelling", async () => {
    for (const url of [
      "http://127.0.0.1/",
      `http://127.0.0.1:${internalPort}/`,
      "http://[::1]/",
      "http://[::ffff:127.0.0.1]/",
      "http://[::ffff:7f00:1]/",
      "http://2130706433/",
      "http://0177.0.0.1/",
      "http://localhost/",
      "http://10.0.0.1/",
      "http://192.168.1.1/",
      "http://169.254.169.254/latest/meta-data/",
      "http://[fd00::1]/",
      "http://[fe80::1]/",
      "http://224.0.0.1/",
      "ftp://127.0.0.1/",
      "file:///etc/passwd",
      "http://ejemplo.es:8080/",
    ]) {
      await expectRefused(url);
    }
    expect(internalHits).toBe(0);
  });

  it("checks every redirect again: to loopback, to the metadata address, to an IPv4-mapped address", async () => {
    for (const path of ["/to-loopback", "/to-loopback-80", "/to-metadata", "/to-mapped"]) await expectRefused(siteUrl(path));
    expect(internalHits).toBe(0);
  });

  it("refuses a fourth redirect, pages that are not HTML, and slow pages; reads at most 1 MB", async () => {
    await expectRefused(siteUrl("/hops/3"));
    await expectRefused(siteUrl("/pdf"));
    const huge = (await (await preview(siteUrl("/huge"))).json()) as { title: string | null; site_name: string };
    expect(huge).toMatchObject({ title: null, site_name: "Grande" });
    const slow = await preview(siteUrl("/slow"));
    expect(slow.status).toBe(422);
    expect(((await slow.json()) as { message: string }).message).toBe("La página tardó demasiado en responder.");
  });

  it("survives a page whose connection drops, mid-body or before any answer, and goes on serving", async () => {
    const cut = await preview(siteUrl("/cut"));
    expect(cut.status).toBe(200);
    expect(await cut.json()).toMatchObject({ title: "Cortada" });
    const reset = await preview(siteUrl("/reset"));
    expect(reset.status).toBe(422);
    expect(((await reset.json()) as { message: string }).message).toBe("No pudimos leer esa página.");
    expect((await server.fetch("/healthz")).status).toBe(200);
  });

  it("caches results and limits how many previews a user asks for", async () => {
    await preview(siteUrl("/cached"));
    await preview(siteUrl("/cached"));
    expect(siteHits.get("/cached")).toBe(1);
    await server.ctx.db.execute(sql`UPDATE rate_limits SET count = 1000 WHERE key = ${`linkPreview:${user.id}`}`);
    expect((await preview(siteUrl("/page"))).status).toBe(429);
  });
});
