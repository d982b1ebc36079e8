import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCandidate, createCompany, insertOffer } from "#tests/factories/jobs";
import { BrowserClient } from "#tests/support/browser-client";
import { startTestServer, type TestServer } from "#tests/support/test-server";

let server: TestServer;
let admin: BrowserClient;
let rival: BrowserClient;
let candidate: BrowserClient;
let company: Awaited<ReturnType<typeof createCompany>>;

beforeAll(async () => {
  server = await startTestServer();
  company = await createCompany(server.ctx, "Laboratorios Página Pública");
  admin = await new BrowserClient(server).signInAs(company.user.id);
  rival = await new BrowserClient(server).signInAs((await createCompany(server.ctx, "Laboratorios Vecinos")).user.id);
  candidate = await new BrowserClient(server).signInAs((await createCandidate(server.ctx)).id);
});
afterAll(() => server?.close());

describe("a company's public page", () => {
  it("shows the company's open offers only, its description, and Organization data", async () => {
    const open = await insertOffer(server.ctx, company.empresa.id, { titulo: "Delegada comercial abierta" });
    await insertOffer(server.ctx, company.empresa.id, { titulo: "Borrador oculto", status: "borrador" });
    await insertOffer(server.ctx, company.empresa.id, { titulo: "Oferta cerrada", status: "cerrada" });
    await insertOffer(server.ctx, company.empresa.id, { titulo: "Oferta caducada", expiresAt: new Date(Date.now() - 60_000) });

    const saved = await admin.json("/api/empleo/panel/empresa", { descripcion: "  Laboratorio familiar desde 1950.  " }, "PUT");
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ descripcion: "Laboratorio familiar desde 1950.", slug: company.empresa.slug });

    const api = await server.fetch(`/api/empleo/empresas/${company.empresa.slug}`);
    expect(api.status).toBe(200);
    const page = await api.json();
    expect(page.empresa).toMatchObject({ nombre: "Laboratorios Página Pública", descripcion: "Laboratorio familiar desde 1950." });
    expect(page.ofertas.map((o: { id: number }) => o.id)).toEqual([open.id]);

    const html = await (await server.fetch(`/app/empleo/empresa/${company.empresa.slug}`)).text();
    expect(html).toContain("Delegada comercial abierta");
    expect(html).not.toContain("Borrador oculto");
    expect(html).not.toContain("Oferta cerrada");
    expect(html).toContain("Laboratorio familiar desde 1950.");
    expect(html).toContain('"@type":"Organization"');
    expect(html).toMatch(/<meta property="og:url" content="[^"]*\/app\/empleo\/empresa\//);

    // Every offer links to its company's page.
    const offerHtml = await (await server.fetch(`/app/empleo/oferta/${company.empresa.slug}/${open.id}-${open.slug}`)).text();
    expect(offerHtml).toContain(`href="/app/empleo/empresa/${company.empresa.slug}"`);
  });

  it("is stored for anonymous visitors and refreshed when the company edits its description", async () => {
    const path = `/app/empleo/empresa/${company.empresa.slug}`;
    const first = await server.fetch(path);
    expect(first.headers.get("cache-control")).toContain("public");
    await first.text();
    await admin.json("/api/empleo/panel/empresa", { descripcion: "Nueva descripción tras la fusión." }, "PUT");
    expect(await (await server.fetch(path)).text()).toContain("Nueva descripción tras la fusión.");
  });

  it("answers 404 for an unknown company, and only a company administrator edits their own company", async () => {
    expect((await server.fetch("/app/empleo/empresa/no-existe-esta-empresa")).status).toBe(404);
    expect((await server.fetch("/api/empleo/empresas/no-existe-esta-empresa")).status).toBe(404);
    expect((await server.fetch("/api/empleo/panel/empresa")).status).toBe(401);
    expect((await candidate.json("/api/empleo/panel/empresa", { descripcion: "Intruso" }, "PUT")).status).toBe(403);

    // The rival edits its own company, never this one.
    await rival.json("/api/empleo/panel/empresa", { descripcion: "Somos los vecinos." }, "PUT");
    const page = await (await server.fetch(`/api/empleo/empresas/${company.empresa.slug}`)).json();
    expect(page.empresa.descripcion).not.toBe("Somos los vecinos.");

    const tooLong = await admin.json("/api/empleo/panel/empresa", { descripcion: "x".repeat(4001) }, "PUT");
    expect(tooLong.status).toBe(422);
    expect(JSON.stringify(await tooLong.json())).toContain("La descripción no puede superar 4000 caracteres.");
  });

  it("lists twenty offers at a time, newest first, with the total and a cursor to the rest", async () => {
    const big = await createCompany(server.ctx, "Laboratorios Con Muchas Ofertas");
    const started = Date.now();
    const inserted = [];
    for (let i = 0; i < 23; i++) {
      inserted.push(await insertOffer(server.ctx, big.empresa.id, { publishedAt: new Date(started - i * 60_000) }));
    }
    const path = `/api/empleo/empresas/${big.empresa.slug}`;
    const first = await (await server.fetch(path)).json();
    expect(first.total).toBe(23);
    expect(first.ofertas.map((o: { id: number }) => o.id)).toEqual(inserted.slice(0, 20).map((o) => o.id));
    expect(first.next_cursor).toEqual(expect.any(String));

    // An offer published meanwhile lands before the cursor: the next page neither repeats nor skips.
    await insertOffer(server.ctx, big.empresa.id, { publishedAt: new Date(started + 60_000) });
    const second = await (await server.fetch(`${path}?cursor=${encodeURIComponent(first.next_cursor)}`)).json();
    expect(second.ofertas.map((o: { id: number }) => o.id)).toEqual(inserted.slice(20).map((o) => o.id));
    expect(second.next_cursor).toBeNull();
    expect(second.total).toBe(24);

    const bad = await server.fetch(`${path}?cursor=no-es-un-cursor`);
    expect(bad.status).toBe(422);
    expect(JSON.stringify(await bad.json())).toContain("El cursor de paginación no es válido.");

    // The page says how many there are and links to the next twenty; a bad cursor starts again.
    const html = await (await server.fetch(`/app/empleo/empresa/${big.empresa.slug}`)).text();
    expect(html).toContain("24 ofertas abiertas");
    expect(html).toMatch(/href="\/app\/empleo\/empresa\/[a-z0-9-]+\?cursor=[A-Za-z0-9_-]+"[^>]*>.*Cargar más ofertas/s);
    const restarted = await server.fetch(`/app/empleo/empresa/${big.empresa.slug}?cursor=no-es-un-cursor`);
    expect(restarted.status).toBe(200);
    expect(await restarted.text()).toContain("Cargar más ofertas");
  });
});
