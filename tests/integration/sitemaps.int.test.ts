import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "#server/accounts/factories";
import { representativeProfiles, users } from "#server/db/schema";
import { listJobsSitemapEntries, listJobsSitemapFiles } from "#server/jobs";
import { createNewsArea, createNewsCategory, createNoticia } from "#server/news/factories";
import { createCompany, insertOffer, offerPayload } from "#tests/factories/jobs";
import { createProduct } from "#tests/factories/visita";
import { BrowserClient } from "#tests/support/browser-client";
import { startTestServer, type TestServer } from "#tests/support/test-server";

let server: TestServer;
const ids = { open: 0, prescription: 0, mexicoOffer: 0, publicRep: 0, privateRep: 0, blockedRep: 0 };

beforeAll(async () => {
  server = await startTestServer();
  const { ctx } = server;
  ids.open = (
    await createProduct(ctx, { name: "Ibuprolibre 400 mg comprimidos", prescription: "sin_receta", laboratory: "Laboratorios Abiertos" })
  ).id;
  ids.prescription = (
    await createProduct(ctx, { name: "Recetadol 5 mg comprimidos", prescription: "receta", laboratory: "Laboratorios Receta" })
  ).id;
  const company = await createCompany(ctx, "Laboratorios del Mapa");
  await insertOffer(ctx, company.empresa.id, { titulo: "Delegado comercial en Madrid" });
  ids.mexicoOffer = (
    await insertOffer(ctx, company.empresa.id, {
      titulo: "Representante médico en Monterrey",
      paisId: 154,
      estadoId: 2330,
      ciudad: "Monterrey",
    })
  ).id;
  const rep = (nombre: string) => createUser(ctx.db, { type: "visita", nombre, apellidos: "Mapa Visitador" });
  const [publicRep, privateRep, blockedRep] = await Promise.all([rep("Pública"), rep("Privada"), rep("Bloqueada")]);
  ids.publicRep = publicRep.id;
  ids.privateRep = privateRep.id;
  ids.blockedRep = blockedRep.id;
  await ctx.db.insert(representativeProfiles).values([
    { userId: publicRep.id, public: true },
    { userId: privateRep.id, public: false },
    { userId: blockedRep.id, public: true },
  ]);
  await ctx.db.update(users).set({ blockedAt: new Date() }).where(eq(users.id, blockedRep.id));
});
afterAll(() => server?.close());

/** Every address a sitemap file's batches yield. */
async function entriesOf(batches: AsyncIterable<Array<{ loc: string }>>) {
  const all: Array<{ loc: string }> = [];
  for await (const batch of batches) all.push(...batch);
  return all;
}

const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => (m[1] as string).replace(/&amp;/g, "&"));

async function xml(path: string) {
  const response = await server.fetch(path);
  expect(response.status, path).toBe(200);
  expect(response.headers.get("content-type"), path).toContain("application/xml");
  return response.text();
}

describe("sitemaps", () => {
  it("robots.txt names the sitemap index, which lists every sitemap the site serves", async () => {
    const robots = await (await server.fetch("/robots.txt")).text();
    expect(robots).toContain(`Sitemap: ${server.url}/sitemap.xml`);
    const index = await xml("/sitemap.xml");
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const children = locsOf(index);
    for (const path of [
      "/sitemap-portada.xml",
      "/sitemap-empleo.xml",
      "/sitemap-noticias-archivo.xml",
      "/sitemap-visita.xml",
      "/sitemap-noticias.xml",
    ])
      expect(children).toContain(`${server.url}${path}`);
  });

  it("lists products without prescription, public profiles and their laboratories, and every listed address answers 200 itself", async () => {
    const children = locsOf(await xml("/sitemap.xml"));
    const urls: string[] = [];
    for (const child of children) {
      const body = await xml(child.replace(server.url, ""));
      expect(body, child).toMatch(/<urlset /);
      urls.push(...locsOf(body));
    }
    const visita = locsOf(await xml("/sitemap-visita.xml")).join("\n");
    expect(visita).toContain(`/app/visita/producto/ibuprolibre-400-mg-comprimidos/${ids.open}`);
    expect(visita).not.toContain(`/${ids.prescription}\n`);
    expect(visita).not.toContain("recetadol");
    expect(visita).toContain(`/app/visita/user/${ids.publicRep}-publica-mapa-visitador`);
    expect(visita).not.toContain(`/user/${ids.privateRep}-`);
    expect(visita).not.toContain(`/user/${ids.blockedRep}-`);
    // Laboratories with a product an anonymous visitor can read, not those with only prescription ones.
    expect(visita).toMatch(/\/app\/visita\/laboratorio\/laboratorios-abiertos$/m);
    expect(visita).not.toContain("laboratorios-receta");
    expect(urls).toContain(`${server.url}/app`);
    expect(urls.some((url) => url.includes(`/${ids.mexicoOffer}-`))).toBe(true);
    expect(urls).toContain(`${server.url}/app/empleo/p/mexico`);
    expect(new Set(urls).size).toBe(urls.length);
    for (const url of urls) {
      expect(url.startsWith(`${server.url}/app`), url).toBe(true);
      const response = await server.fetch(url.replace(server.url, ""), { redirect: "manual" });
      expect(response.status, url).toBe(200);
      await response.arrayBuffer();
    }
  });
});

describe("a sitemap past 50,000 addresses (sitemaps.org: split it, list every file in the index)", () => {
  it("splits the jobs sitemap by ranges of offer ids: every open offer in exactly one file, the country lists in the first", async () => {
    const { ctx } = server;
    const company = await createCompany(ctx, "Laboratorios Divididos");
    const offers = [];
    for (const n of [1, 2, 3, 4, 5]) offers.push(await insertOffer(ctx, company.empresa.id, { titulo: `Delegado de zona ${n}` }));
    // Two offer ids a file instead of 49,000: the same code, with files small enough to count.
    const files = await listJobsSitemapFiles(ctx, 2);
    expect(files.length).toBeGreaterThanOrEqual(3);
    expect(files.map((f) => f.file)).toEqual([...files.map((f) => f.file)].sort((a, b) => a - b));
    const byFile = await Promise.all(
      files.map(async (f) => (await entriesOf(listJobsSitemapEntries(ctx, f.file, 2, 1))).map((e) => e.loc)),
    );
    for (const [i, locs] of byFile.entries()) expect(locs.length, `file ${files[i]?.file}`).toBeLessThanOrEqual(2 + 20);
    const all = byFile.flat();
    for (const offer of offers) expect(all.filter((loc) => loc.includes(`/${offer.id}-`))).toHaveLength(1);
    expect(byFile[0]).toContain("/app/empleo/p/espana");
    expect(byFile.slice(1).flat()).not.toContain("/app/empleo/p/espana");
  });

  it("answers 404 for a numbered file its area does not have", async () => {
    for (const path of ["/sitemap-empleo-999.xml", "/sitemap-visita-2.xml", "/sitemap-empleo-1.xml"]) {
      const response = await server.fetch(path);
      expect(response.status, path).toBe(404);
      await response.arrayBuffer();
    }
  });
});

describe("sitemaps and feeds from the page cache (decision 0114)", () => {
  it("answers the jobs sitemap and feed again from the cache, until an offer is published or closed", async () => {
    const { ctx } = server;
    const owner = await createCompany(ctx, "Laboratorios en Caché");
    const company = await new BrowserClient(server).signInAs(owner.user.id);
    const offersIn = async (path: string) => (await (await server.fetch(path)).text()).match(/\/\d+-[a-z0-9-]+/g)?.join("\n") ?? "";
    const sitemap = await xml("/sitemap-empleo.xml");
    const feed = await (await server.fetch("/app/empleo/feed.xml")).text();
    // Written behind the app's back (no invalidation): the kept answers do not list it yet.
    const unseen = await insertOffer(ctx, owner.empresa.id, { titulo: "Delegado aún no listado" });
    expect(await xml("/sitemap-empleo.xml")).toBe(sitemap);
    expect(await (await server.fetch("/app/empleo/feed.xml")).text()).toBe(feed);
    expect(sitemap).not.toContain(`/${unseen.id}-`);

    // Publishing through the panel drops them: the next answers list both offers.
    const draft = await (await company.json("/api/empleo/panel/ofertas", offerPayload())).json();
    expect((await company.fetch(`/api/empleo/panel/ofertas/${draft.id}/publicar`, { method: "POST" })).status).toBe(200);
    const published = await offersIn("/sitemap-empleo.xml");
    expect(published).toContain(`/${draft.id}-`);
    expect(published).toContain(`/${unseen.id}-`);
    expect(await offersIn("/app/empleo/feed.xml")).toContain(`/${draft.id}-`);

    // And closing it drops them again.
    expect((await company.fetch(`/api/empleo/panel/ofertas/${draft.id}/cerrar`, { method: "POST" })).status).toBe(200);
    expect(await offersIn("/sitemap-empleo.xml")).not.toContain(`/${draft.id}-`);
    expect(await offersIn("/app/empleo/feed.xml")).not.toContain(`/${draft.id}-`);
  });

  it("answers the news RSS and the sitemap index again from the cache, until the news change", async () => {
    const { ctx } = server;
    const rss = await (await server.fetch("/app/noticias/rss.xml")).text();
    const index = await xml("/sitemap.xml");
    const area = await createNewsArea(ctx.db, { nombre: "Caché" });
    const category = await createNewsCategory(ctx.db, { nombre: "Caché" });
    await createNoticia(ctx.db, { titulo: "Noticia recién guardada", areaId: area.id, categoryId: category.id });
    expect(await (await server.fetch("/app/noticias/rss.xml")).text()).toBe(rss);
    expect(await xml("/sitemap.xml")).toBe(index);
    // What publishing does (the newsroom, the scheduler): the next answer has the item.
    await ctx.pageCache.invalidate("news");
    expect(await (await server.fetch("/app/noticias/rss.xml")).text()).toContain("Noticia recién guardada");
  });
});

describe("one address per page", () => {
  it("answers a trailing slash with 301 to the address without it, keeping the query", async () => {
    const response = await server.fetch("/app/noticias/?pagina=2", { redirect: "manual" });
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/app/noticias?pagina=2");
    const sneaky = await fetch(`${server.url}//evil.example/`, { redirect: "manual" });
    expect(sneaky.status).toBe(301);
    expect(sneaky.headers.get("location")).toBe("/evil.example");
  });

  it("serves /favicon.ico", async () => {
    const response = await server.fetch("/favicon.ico");
    expect(response.status).toBe(200);
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(100);
  });
});

describe("country listings", () => {
  it("links every country with open offers from a listing, so crawlers reach them without the form", async () => {
    const html = await (await server.fetch("/app/empleo/p/espana")).text();
    expect(html).toMatch(/href="\/app\/empleo\/p\/mexico"[^>]*>México \(1\)/);
  });
});
