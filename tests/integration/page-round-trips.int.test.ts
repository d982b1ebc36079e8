import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNewsArea, createNewsAuthor, createNewsCategory, createNoticia } from "#server/news/factories";
import { authorUrl } from "#server/news/queries";
import { backgroundLoopStatuses, stopBackgroundLoop } from "#server/platform/background-loop";
import { createProduct } from "#tests/factories/visita";
import { startTestServer, type TestServer } from "#tests/support/test-server";

// Issue 33 ("per-page query counts"): the public pages added since answer in one or two round
// trips to the database for an anonymous visitor (scripts/bench/page-queries.ts lists them).

let server: TestServer;
let labSlug = "";
let authorPath = "";

beforeAll(async () => {
  // No page cache: every request renders, so the count is the render's.
  server = await startTestServer({ PAGE_CACHE_MB: "0" });
  // The background loops (pushes, schedules) would add their own statements to a page's count.
  await Promise.all(backgroundLoopStatuses(server.ctx).map((loop) => stopBackgroundLoop(server.ctx, loop.name)));
  labSlug = (await createProduct(server.ctx, { name: "Contadol 1 mg comprimidos", laboratory: "Laboratorios Contados" })).laboratory.slug;
  const db = server.ctx.db;
  const [area, category] = [await createNewsArea(db), await createNewsCategory(db)];
  const author = await createNewsAuthor(db, { nombre: "Ana Contada" });
  await createNoticia(db, { areaId: area.id, categoryId: category.id, autorId: author.id, titulo: "Una noticia contada" });
  authorPath = authorUrl(author.id, author.nombre);
});
afterAll(() => server?.close());

/** The statements one anonymous request of the page runs (every one: none runs in a transaction). */
async function statementsOf(path: string) {
  const seen: string[] = [];
  let counting = true;
  server.ctx.database.observeQueries((statement) => {
    if (counting) seen.push(statement);
    return () => {};
  });
  const response = await server.fetch(path, { headers: { Accept: "text/html" } });
  await response.text();
  counting = false;
  expect(response.status, path).toBe(200);
  return seen;
}

describe("round trips of the public pages", () => {
  const pages: Array<[string, () => string, number]> = [
    ["the laboratory directory", () => "/app/visita/laboratorios", 1],
    ["a laboratory's page", () => `/app/visita/laboratorio/${labSlug}`, 1],
    // Two queries sent at once (the author, their items): one wait.
    ["a news author's page", () => authorPath, 2],
  ];
  it.each(pages)("%s", async (_name, pathOf, most) => {
    const statements = await statementsOf(pathOf());
    expect(statements.length, statements.join("\n")).toBeLessThanOrEqual(most);
  });
});
