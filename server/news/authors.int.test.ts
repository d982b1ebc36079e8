import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "#server/accounts/factories";
import { resolveSession } from "#server/accounts/session";
import { BrowserClient } from "#tests/support/browser-client";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { saveNoticia } from "./editor.service";
import { createNewsArea, createNewsAuthor, createNewsCategory, createNoticia, createTribuna } from "./factories";

// Issue 26: every byline leads to a public author page (NewsArticle's author.url), listed in the
// news sitemap, kept in the page cache like the other news pages and dropped when something is published.
let server: TestServer;
let author: { id: number };
let silent: { id: number };
let areaId: number;
let categoryId: number;
let articlePath: string;
let tribunaPath: string;
const AUTHOR_PATH = () => `/app/noticias/autor/${author.id}-lucia-martin-ortega`;
const HOUR = 3_600_000;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.ctx.db;
  areaId = (await createNewsArea(db, { nombre: "Distribución" })).id;
  categoryId = (await createNewsCategory(db, { nombre: "Entrevistas" })).id;
  author = await createNewsAuthor(db, {
    nombre: "Lucía Martín Ortega",
    cargo: "Directora técnica",
    empresa: "Cofares",
    bio: "Farmacéutica especialista en distribución.",
  });
  silent = await createNewsAuthor(db, { nombre: "Firma sin publicar" });
  // 21 news items and 3 tribunas, interleaved in time: 24 lines, two pages of 12.
  for (let i = 0; i < 21; i++) {
    const item = await createNoticia(db, {
      titulo: `Distribución mayorista semana ${i}`,
      areaId,
      categoryId,
      autorId: author.id,
      publicadaEn: new Date(Date.now() - (2 * i + 2) * HOUR),
    });
    if (i === 0) articlePath = `/app/noticias/${item.id}-${item.slug}`;
  }
  for (let i = 0; i < 3; i++) {
    const column = await createTribuna(db, {
      titulo: `Opinión sobre el canal farmacéutico ${i}`,
      autorId: author.id,
      publicadaEn: new Date(Date.now() - (2 * i + 3) * HOUR),
    });
    if (i === 0) tribunaPath = `/app/tribunas/${column.id}-${column.slug}`;
  }
  await createNoticia(db, { titulo: "Borrador de Lucía", areaId, categoryId, autorId: author.id, status: "borrador" });
  await createNoticia(db, { titulo: "Noticia de otra firma", areaId, categoryId, autorId: silent.id, status: "borrador" });
});
afterAll(() => server?.close());

async function page(path: string) {
  const response = await server.fetch(path, { headers: { Accept: "text/html" }, redirect: "manual" });
  return { status: response.status, location: response.headers.get("location"), html: await response.text() };
}

const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1] as string));

describe("news author pages", () => {
  it("link every byline, and name the page as the author's url in NewsArticle and OpinionNewsArticle", async () => {
    for (const path of [articlePath, tribunaPath]) {
      const { html } = await page(path);
      expect(html, path).toContain(`href="${AUTHOR_PATH()}"`);
      const article = jsonLd(html).find((data) => /NewsArticle$/.test(data["@type"]));
      expect(article?.author, path).toMatchObject({ "@type": "Person", name: "Lucía Martín Ortega", url: `${server.url}${AUTHOR_PATH()}` });
    }
  });

  it("show who the author is and what they signed, newest first, paged; drafts stay out", async () => {
    const first = await page(AUTHOR_PATH());
    expect(first.status).toBe(200);
    expect(first.html).toContain("<h1");
    expect(first.html).toContain("Lucía Martín Ortega");
    expect(first.html).toContain("Directora técnica en Cofares");
    expect(first.html).toContain("Farmacéutica especialista en distribución.");
    expect(first.html).toContain(`<link rel="canonical" href="${server.url}${AUTHOR_PATH()}"`);
    const titles = (html: string) => [...html.matchAll(/<h3[^>]*>.*?<a[^>]*>([^<]+)<\/a>/g)].map((m) => m[1]);
    const onFirst = titles(first.html);
    expect(onFirst.slice(0, 4)).toEqual([
      "Distribución mayorista semana 0",
      "Opinión sobre el canal farmacéutico 0",
      "Distribución mayorista semana 1",
      "Opinión sobre el canal farmacéutico 1",
    ]);
    expect(onFirst).toHaveLength(12);
    expect(first.html).not.toContain("Borrador de Lucía");
    const next = first.html.match(/href="[^"?]*(\?desde=[^"]+)"/)?.[1];
    expect(next).toBeDefined();
    const second = await page(AUTHOR_PATH() + (next as string).replace(/&amp;/g, "&"));
    expect(second.status).toBe(200);
    expect(second.html).toContain('name="robots" content="noindex, follow"');
    const onSecond = titles(second.html);
    expect(onSecond).toHaveLength(12);
    expect(second.html).not.toMatch(/href="[^"?]*\?desde=/);
    expect(new Set([...onFirst, ...onSecond]).size).toBe(24);
    expect(onSecond.at(-1)).toBe("Distribución mayorista semana 20");
    // A stale or forged cursor starts the list again rather than failing.
    expect((await page(`${AUTHOR_PATH()}?desde=roto`)).status).toBe(200);
  });

  it("answer 301 to the right name, 404 for an unknown author or one with nothing published", async () => {
    const moved = await page(`/app/noticias/autor/${author.id}-otro-nombre`);
    expect(moved.status).toBe(301);
    expect(moved.location).toBe(AUTHOR_PATH());
    expect((await page(`/app/noticias/autor/${author.id}`)).status).toBe(301);
    expect((await page(`/app/noticias/autor/${silent.id}-firma-sin-publicar`)).status).toBe(404);
    expect((await page("/app/noticias/autor/999999-nadie")).status).toBe(404);
  });

  it("are in the news sitemap, only for authors with something public", async () => {
    const sitemap = await (await server.fetch("/sitemap-noticias-archivo.xml")).text();
    expect(sitemap).toContain(`<loc>${server.url}${AUTHOR_PATH()}</loc>`);
    expect(sitemap).not.toContain(`/app/noticias/autor/${silent.id}-`);
  });

  it("are kept in the page cache and show a newly published item on the next request", async () => {
    await page(AUTHOR_PATH());
    const cached = await server.fetch(AUTHOR_PATH(), { headers: { Accept: "text/html" } });
    expect(cached.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
    await cached.arrayBuffer();
    const user = await createUser(server.ctx.db, { roles: ["editor"] });
    const client = await new BrowserClient(server).signInAs(user.id);
    const editor = await resolveSession(server.ctx, client.cookies.get("farmanexo_session"), "web");
    await saveNoticia(server.ctx, editor, null, {
      titulo: "Entrevista recién publicada",
      entradilla: "La distribución prepara la campaña de invierno con más almacenes.",
      cuerpo_html: "<p>Los almacenes amplían su horario.</p>",
      area_id: String(areaId),
      category_id: String(categoryId),
      autor_id: String(author.id),
      etiquetas: "",
      imagen_alt: "",
      imagen_pie: "",
      status: "publicada",
      publicada_en: "",
    });
    expect((await page(AUTHOR_PATH())).html).toContain("Entrevista recién publicada");
  });
});
