import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "#server/accounts/factories";
import { BrowserClient } from "#tests/support/browser-client";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { createNewsArea, createNewsAuthor, createNewsCategory, createNoticia, createTribuna } from "./factories";

let server: TestServer;
let area: { id: number; slug: string };
let otherArea: { id: number; slug: string };
let category: { id: number; slug: string };
let published: { id: number; slug: string };
let draft: { id: number };
let scheduled: { id: number };
let editor: BrowserClient;

const HOUR = 3_600_000;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.ctx.db;
  area = await createNewsArea(db, { nombre: "Farmacia" });
  otherArea = await createNewsArea(db, { nombre: "Industria" });
  category = await createNewsCategory(db, { nombre: "Actualidad" });
  const author = await createNewsAuthor(db, { nombre: "Nuria Salas", cargo: "Redactora" });
  published = await createNoticia(db, {
    titulo: "Las farmacias podrán vacunar de la gripe en cuatro comunidades",
    entradilla: "Los farmacéuticos formados administrarán la vacuna a adultos sanos.",
    cuerpoHtml: "<p>La vacunación en la farmacia comunitaria llega a Castilla y León.</p><script>alert(1)</script>",
    areaId: area.id,
    categoryId: category.id,
    autorId: author.id,
    etiquetas: ["vacunación", "gripe"],
    publicadaEn: new Date(Date.now() - 2 * HOUR),
    imagen: {
      key: "noticias/00000000-0000-4000-8000-000000000001.png",
      mini: "noticias/00000000-0000-4000-8000-000000000002.png",
      alt: "Una farmacéutica vacuna a un paciente",
      pie: "Foto: archivo",
    },
  });
  for (let i = 0; i < 14; i++) {
    await createNoticia(db, {
      titulo: `Noticia de industria número ${i}`,
      areaId: otherArea.id,
      categoryId: category.id,
      publicadaEn: new Date(Date.now() - (10 + i) * HOUR),
    });
  }
  draft = await createNoticia(db, {
    titulo: "Borrador secreto de vacunación",
    areaId: area.id,
    categoryId: category.id,
    status: "borrador",
  });
  scheduled = await createNoticia(db, {
    titulo: "Vacunación programada para mañana",
    areaId: area.id,
    categoryId: category.id,
    status: "programada",
    publicadaEn: new Date(Date.now() + 24 * HOUR),
  });
  const columnist = await createNewsAuthor(db, {
    nombre: "Ramón Quintana",
    cargo: "Presidente",
    empresa: "Colegio de Farmacéuticos",
    foto: "autores/00000000-0000-4000-8000-000000000003.png",
  });
  await createTribuna(db, { titulo: "La farmacia rural es un servicio", autorId: columnist.id, publicadaEn: new Date(Date.now() - HOUR) });
  await createTribuna(db, { titulo: "Una tribuna sin publicar", autorId: columnist.id, status: "borrador" });
  editor = await new BrowserClient(server).signInAs((await createUser(db, { roles: ["editor"] })).id);
});
afterAll(() => server?.close());

const html = (path: string) => server.fetch(path, { headers: { Accept: "text/html", "User-Agent": "Googlebot/2.1" } });

describe("news pages", () => {
  it("renders an item on the server with its article, Open Graph and valid NewsArticle data, without JavaScript", async () => {
    const url = `/app/noticias/${published.id}-${published.slug}`;
    const response = await html(url);
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain("<h1");
    expect(body).toContain("Las farmacias podrán vacunar de la gripe en cuatro comunidades");
    expect(body).toContain("La vacunación en la farmacia comunitaria llega a Castilla y León.");
    expect(body).not.toContain("alert(1)");
    expect(body).toContain('alt="Una farmacéutica vacuna a un paciente"');
    expect(body).toContain(`<link rel="canonical" href="${server.url}${url}"/>`);
    expect(body).toContain('<meta property="og:type" content="article"/>');
    expect(body).toContain('<meta property="article:section" content="Farmacia"/>');
    expect(body).toContain('<meta property="article:tag" content="vacunación"/>');
    const ld = /<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s.exec(body)?.[1];
    const data = JSON.parse(ld ?? "null");
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "NewsArticle",
      headline: "Las farmacias podrán vacunar de la gripe en cuatro comunidades",
      articleSection: "Farmacia",
      author: { "@type": "Person", name: "Nuria Salas" },
      image: [`${server.url}/media/noticias/00000000-0000-4000-8000-000000000001.png`],
    });
    expect(Date.parse(data.datePublished)).toBeLessThan(Date.now());
  });

  it("answers a wrong or missing slug with a permanent redirect to the right address", async () => {
    const right = `/app/noticias/${published.id}-${published.slug}`;
    for (const wrong of [`/app/noticias/${published.id}`, `/app/noticias/${published.id}-otro-titulo?x=1`]) {
      const response = await html(wrong);
      expect(response.status, wrong).toBe(301);
      expect(response.headers.get("location"), wrong).toBe(wrong.includes("?") ? `${right}?x=1` : right);
    }
    const areaWrong = await html(`/app/noticias/area/otra/${area.id}`);
    expect(areaWrong.status).toBe(301);
    expect(areaWrong.headers.get("location")).toBe(`/app/noticias/area/${area.slug}/${area.id}`);
    const areaMissing = await html(`/app/noticias/area/${area.id}`);
    expect(areaMissing.headers.get("location")).toBe(`/app/noticias/area/${area.slug}/${area.id}`);
    const categoryWrong = await html(`/app/noticias/category/x/${category.id}`);
    expect(categoryWrong.headers.get("location")).toBe(`/app/noticias/category/${category.slug}/${category.id}`);
    expect((await html("/app/noticias/area/farmacia/9999")).status).toBe(404);
    expect((await html("/app/noticias/abc")).status).toBe(404);
  });

  it("hides drafts and scheduled items from readers and shows editors a preview", async () => {
    expect((await html(`/app/noticias/${draft.id}`)).status).toBe(404);
    expect((await server.fetch(`/api/noticias/${scheduled.id}`)).status).toBe(404);
    const preview = await editor.fetch(`/app/noticias/${draft.id}-borrador-secreto-de-vacunacion`, { headers: { Accept: "text/html" } });
    expect(preview.status).toBe(200);
    expect(preview.headers.get("cache-control")).toBe("private, no-store");
    const text = await preview.text();
    expect(text).toContain("Vista previa");
    expect(text).toContain('<meta name="robots" content="noindex"/>');
    expect(text).not.toContain("application/ld+json");
    expect((await editor.get(`/api/noticias/${scheduled.id}`)).status).toBe(200);
  });

  it("lists by area and by category, newest first, with cursor pagination", async () => {
    const first = await (await server.fetch(`/api/noticias?area=${otherArea.slug}&limit=10`)).json();
    expect(first.items).toHaveLength(10);
    expect(first.items[0].titulo).toBe("Noticia de industria número 0");
    const second = await (await server.fetch(`/api/noticias?area=${otherArea.slug}&limit=10&cursor=${first.next_cursor}`)).json();
    expect(second.items.map((i: { titulo: string }) => i.titulo)).toEqual([10, 11, 12, 13].map((n) => `Noticia de industria número ${n}`));
    expect(second.next_cursor).toBeNull();
    const byCategory = await (await server.fetch(`/api/noticias?categoria=${category.slug}&limit=50`)).json();
    expect(byCategory.items).toHaveLength(15); // the draft and the scheduled item are not there
    expect((await server.fetch("/api/noticias?area=no-existe")).status).toBe(404);
    expect((await server.fetch("/api/noticias?cursor=basura")).status).toBe(422);

    const page = await html(`/app/noticias/area/${otherArea.slug}/${otherArea.id}`);
    const body = await page.text();
    expect(body).toContain("Noticia de industria número 0");
    expect(body).toContain("Más noticias");
    expect(body).toContain(`href="/app/noticias/area/${otherArea.slug}/rss.xml"`);
  });

  it("searches in Spanish without caring about accents or case, best match first", async () => {
    for (const q of ["vacunacion", "VACUNACIÓN", "farmacias gripe"]) {
      const result = await (await server.fetch(`/api/noticias?q=${encodeURIComponent(q)}`)).json();
      expect(result.items[0]?.id, q).toBe(published.id);
      expect(
        result.items.map((i: { id: number }) => i.id),
        q,
      ).not.toContain(draft.id);
      expect(
        result.items.map((i: { id: number }) => i.id),
        q,
      ).not.toContain(scheduled.id);
    }
    const none = await (await server.fetch("/api/noticias?q=zzzzzz")).json();
    expect(none).toEqual({ items: [], next_cursor: null, total: 0 });
    const page = await (await html("/app/noticias?q=vacunacion")).text();
    expect(page).toContain("Resultados para «vacunacion»");
    expect(page).toContain("Las farmacias podrán vacunar de la gripe");
  });

  it("publishes RSS 2.0 for all news and per area, and lists news in the sitemaps", async () => {
    const all = await server.fetch("/app/noticias/rss.xml");
    expect(all.headers.get("content-type")).toContain("application/rss+xml");
    const xml = await all.text();
    expect(xml).toContain('<rss version="2.0"');
    expect(xml).toContain(`<link>${server.url}/app/noticias/${published.id}-${published.slug}</link>`);
    expect(xml).not.toContain("Borrador secreto");
    const perArea = await (await server.fetch(`/app/noticias/area/${area.slug}/rss.xml`)).text();
    expect(perArea).toContain("Las farmacias podrán vacunar");
    expect(perArea).not.toContain("Noticia de industria");
    expect((await server.fetch("/app/noticias/area/no-existe/rss.xml")).status).toBe(404);

    const sitemap = await (await server.fetch("/sitemap-noticias-archivo.xml")).text();
    expect(sitemap).toContain(`${server.url}/app/noticias/${published.id}-${published.slug}`);
    expect(sitemap).toContain(`${server.url}/app/noticias/area/${area.slug}/${area.id}`);
    expect(sitemap).toContain(`${server.url}/app/tribunas`);
    expect(sitemap).not.toContain("borrador-secreto");
    const recent = await (await server.fetch("/sitemap-noticias.xml")).text();
    expect(recent).toContain("<news:title>Las farmacias podrán vacunar de la gripe en cuatro comunidades</news:title>");
    expect(recent).not.toContain("Borrador secreto");
  });
});

describe("tribunas", () => {
  it("lists published columns with their author through GET /api/tribunas and renders each on its page", async () => {
    const list = await (await server.fetch("/api/tribunas")).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      titulo: "La farmacia rural es un servicio",
      entradilla: expect.any(String),
      autor: {
        nombre: "Ramón Quintana",
        cargo: "Presidente",
        empresa: "Colegio de Farmacéuticos",
        foto_url: "/media/autores/00000000-0000-4000-8000-000000000003.png",
      },
    });
    expect(Date.parse(list[0].publicada_en)).toBeLessThan(Date.now());
    const detail = await (await server.fetch(`/api/tribunas/${list[0].id}`)).json();
    expect(detail.cuerpo_html).toContain("<p>");
    expect((await server.fetch("/api/tribunas/999999")).status).toBe(404);
    expect(await (await server.fetch("/api/tribunas/999999")).json()).toMatchObject({
      message: "Tribuna no encontrada.",
      code: "NOT_FOUND",
    });

    const page = await html(list[0].url);
    expect(page.status).toBe(200);
    const body = await page.text();
    expect(body).toContain("OpinionNewsArticle");
    expect(body).toContain("Ramón Quintana");
    expect((await html(`/app/tribunas/${list[0].id}`)).status).toBe(301);
    expect(await (await html("/app/tribunas")).text()).toContain("La farmacia rural es un servicio");
  });
});
