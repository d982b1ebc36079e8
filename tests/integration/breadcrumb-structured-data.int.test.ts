import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "#server/accounts/factories";
import { promotions } from "#server/db/schema";
import { createCompany, insertOffer } from "#tests/factories/jobs";
import { createProduct } from "#tests/factories/visita";
import { startTestServer, type TestServer } from "#tests/support/test-server";

// Decision 0067: where a page shows a breadcrumb, it carries the same one as a BreadcrumbList (issue 26).

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

type Crumb = { position: number; name: string; item: string };

/** The BreadcrumbList of a page as an anonymous visitor gets it. */
async function breadcrumbOf(path: string): Promise<Crumb[]> {
  const response = await server.fetch(path, { headers: { Accept: "text/html" } });
  expect(response.status, path).toBe(200);
  const html = await response.text();
  const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((match) =>
    JSON.parse(match[1] as string),
  );
  const list = blocks.find((block) => block["@type"] === "BreadcrumbList");
  expect(list, `${path}: no BreadcrumbList`).toBeDefined();
  return list.itemListElement.map(({ position, name, item }: Crumb) => ({ position, name, item }));
}

describe("BreadcrumbList structured data", () => {
  it("is on a company's page, a position's listing and a promotion's page, as each page shows it", async () => {
    const appUrl = server.ctx.config.appUrl;
    const company = await createCompany(server.ctx, "Laboratorios Migas");
    await insertOffer(server.ctx, company.empresa.id, { titulo: "Delegado en Madrid" });
    expect(await breadcrumbOf(`/app/empleo/empresa/${company.empresa.slug}`)).toEqual([
      { position: 1, name: "Empleo", item: `${appUrl}/app/empleo/p/espana` },
      { position: 2, name: "Laboratorios Migas", item: `${appUrl}/app/empleo/empresa/${company.empresa.slug}` },
    ]);

    expect(await breadcrumbOf("/app/empleo/p/espana/cargo/visitador-medico")).toEqual([
      { position: 1, name: "Empleo en España", item: `${appUrl}/app/empleo/p/espana` },
      { position: 2, name: expect.stringMatching(/^Visitador/), item: `${appUrl}/app/empleo/p/espana/cargo/visitador-medico` },
    ]);

    const product = await createProduct(server.ctx, { name: "Tosidrin 10 mg jarabe", laboratory: "Laboratorios Brezo" });
    const rep = await createUser(server.ctx.db, { type: "visita" });
    const [promo] = await server.ctx.db
      .insert(promotions)
      .values({
        productId: product.id,
        authorId: rep.id,
        kind: "muestras",
        title: "Muestras de Tosidrin",
        description: "Para su consulta.",
        startsAt: new Date(Date.now() - 86_400_000),
        endsAt: new Date(Date.now() + 30 * 86_400_000),
        status: "activa",
        publishedAt: new Date(),
      })
      .returning({ id: promotions.id });
    const promoPath = `/app/visita/laboratorio-promocion/${product.laboratory.slug}/${promo?.id}`;
    expect(await breadcrumbOf(promoPath)).toEqual([
      { position: 1, name: "Catálogo", item: `${appUrl}/app/visita` },
      { position: 2, name: "Laboratorios Brezo", item: `${appUrl}/app/visita/laboratorio/${product.laboratory.slug}` },
      { position: 3, name: "Muestras de Tosidrin", item: `${appUrl}${promoPath}` },
    ]);
  });
});
