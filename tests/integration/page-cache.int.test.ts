import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCompany, offerPayload } from "#tests/factories/jobs";
import { BrowserClient } from "#tests/support/browser-client";
import { testDbKind } from "#tests/support/databases";
import { startTestServer, type TestServer } from "#tests/support/test-server";

const LISTING = "/app/empleo/p/espana";
const html = async (server: TestServer, path: string) => {
  const response = await server.fetch(path, { headers: { "accept-encoding": "gzip" } });
  expect(response.status).toBe(200);
  return response.text();
};

describe("the page cache on one instance", () => {
  let server: TestServer;
  let company: BrowserClient;
  let offerUrl: string;
  beforeAll(async () => {
    server = await startTestServer();
    company = await new BrowserClient(server).signInAs((await createCompany(server.ctx, "Laboratorios Caché")).user.id);
    const draft = await (await company.json("/api/empleo/panel/ofertas", offerPayload({ titulo: "Delegado caché Sevilla" }))).json();
    offerUrl = (await (await company.fetch(`/api/empleo/panel/ofertas/${draft.id}/publicar`, { method: "POST" })).json()).url;
  });
  afterAll(() => server?.close());

  it("lets browsers and CDNs keep public pages of anonymous visitors, and revalidates them with an ETag", async () => {
    const first = await server.fetch(offerUrl);
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
    expect(first.headers.get("vary")).toBe("Accept-Encoding, Cookie");
    const etag = first.headers.get("etag") ?? "";
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(await first.text()).toContain("Delegado caché Sevilla");

    const again = await server.fetch(offerUrl, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  it("sends the same page to every visitor with a policy that allows exactly its inline scripts", async () => {
    const a = await server.fetch(offerUrl);
    const b = await server.fetch(offerUrl);
    const csp = a.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self'( 'sha256-[\w+/=]+')+;/);
    expect(csp).not.toContain("nonce-");
    expect(b.headers.get("content-security-policy")).toBe(csp);
    expect(await b.text()).toBe(await a.text());
    expect(a.headers.get("x-request-id")).not.toBe(b.headers.get("x-request-id"));
  });

  it("never keeps a signed-in visitor's page, nor private pages", async () => {
    const signedIn = await company.fetch(offerUrl);
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
    expect(signedIn.headers.get("etag")).toBeNull();
    expect(await signedIn.text()).toMatch(/nonce="[^"]+"/);

    const login = await server.fetch("/app/auth/login");
    expect(login.headers.get("cache-control")).toBe("private, no-store");
  });

  it("answers anonymous reads of the offer API from the cache, and shows an edit on the next read", async () => {
    const id = Number(/\/(\d+)-/.exec(offerUrl)?.[1]);
    const read = async () => {
      const response = await server.fetch(`/api/empleo/ofertas/${id}`, { headers: { "accept-encoding": "gzip" } });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("public, max-age=30");
      return response;
    };
    const first = await read();
    const etag = first.headers.get("etag") ?? "";
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await first.json()).titulo).toBe("Delegado caché Sevilla");
    expect((await server.fetch(`/api/empleo/ofertas/${id}`, { headers: { "if-none-match": etag } })).status).toBe(304);

    const edited = await company.json(`/api/empleo/panel/ofertas/${id}`, offerPayload({ titulo: "Delegado caché Cádiz" }), "PUT");
    expect(edited.status).toBe(200);
    expect((await (await read()).json()).titulo).toBe("Delegado caché Cádiz");
    // A signed-in reader gets their own answer (with their viewer state), never a shared copy.
    const mine = await company.fetch(`/api/empleo/ofertas/${id}`);
    expect(mine.headers.get("cache-control")).toBe("private, no-store");
    expect(mine.headers.get("etag")).toBeNull();
  });
});

// Two instances behind a load balancer: a change made through one shows on the other's next page.
describe.skipIf(testDbKind() !== "postgres")("the page cache on two instances", () => {
  let first: TestServer;
  let second: TestServer;
  let company: BrowserClient;
  beforeAll(async () => {
    first = await startTestServer();
    second = await startTestServer({}, { shareDatabaseWith: first });
    company = await new BrowserClient(first).signInAs((await createCompany(first.ctx, "Laboratorios Dos Instancias")).user.id);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  /** Instance `first` drops its copies before answering; `second` learns through PostgreSQL NOTIFY. */
  const expectOnBoth = async (path: string, check: (page: string) => void) => {
    check(await html(first, path));
    const passes = async () => {
      try {
        check(await html(second, path));
        return true;
      } catch {
        return false;
      }
    };
    await expect.poll(passes).toBe(true);
  };

  it("shows a published, edited and closed offer on the next request of each instance", async () => {
    const draft = await (await company.json("/api/empleo/panel/ofertas", offerPayload({ titulo: "Visitador dos instancias" }))).json();
    // Both instances hold the listing and the home page, without the draft.
    for (const server of [first, second]) {
      for (const path of [LISTING, "/app"]) {
        expect(await html(server, path)).not.toContain("Visitador dos instancias");
        expect((await server.fetch(path)).headers.get("etag")).toBeTruthy(); // served from the cache
      }
    }

    const published = await (await company.fetch(`/api/empleo/panel/ofertas/${draft.id}/publicar`, { method: "POST" })).json();
    await expectOnBoth(LISTING, (page) => expect(page).toContain("Visitador dos instancias"));
    await expectOnBoth("/app", (page) => expect(page).toContain("Visitador dos instancias"));
    await expectOnBoth(published.url, (page) => expect(page).toContain("Coche de empresa"));

    const edited = await company.json(
      `/api/empleo/panel/ofertas/${draft.id}`,
      offerPayload({
        titulo: "Visitador dos instancias",
        descripcion: "<p>Buscamos visitador con vehículo propio para la zona norte.</p>",
      }),
      "PUT",
    );
    expect(edited.status).toBe(200);
    await expectOnBoth(published.url, (page) => {
      expect(page).toContain("vehículo propio");
      expect(page).not.toContain("Coche de empresa");
    });

    await company.fetch(`/api/empleo/panel/ofertas/${draft.id}/cerrar`, { method: "POST" });
    await expectOnBoth(published.url, (page) => expect(page).toContain("Oferta cerrada"));
    await expectOnBoth(LISTING, (page) => expect(page).not.toContain("Visitador dos instancias"));
  });
});
