import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedAccountsDemo } from "#server/accounts/seed";
import { laboratories, portfolioEntries, productPresentations, products } from "#server/db/schema";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { seedVisitaDemo } from "./seed";
import { INGREDIENT_TEMPLATES } from "./seed/ingredients";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const count = async (table: typeof products | typeof laboratories | typeof portfolioEntries | typeof productPresentations) =>
  Number((await server.ctx.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n);

describe("visita demo data", () => {
  it("seeds 400+ medicines from 40+ laboratories built from real ingredients, and the demo representative's portfolio", async () => {
    await seedAccountsDemo(server.ctx);
    await seedVisitaDemo(server.ctx);
    expect(await count(products)).toBeGreaterThanOrEqual(400);
    expect(await count(laboratories)).toBeGreaterThanOrEqual(40);
    expect(await count(productPresentations)).toBeGreaterThan(await count(products));
    expect(await count(portfolioEntries)).toBeGreaterThan(0);
    // Every product's ATC code is one of the real templates'.
    const codes = new Set(INGREDIENT_TEMPLATES.map((t) => t.atc));
    const used = await server.ctx.db.selectDistinct({ atc: products.atcCode }).from(products);
    for (const row of used) expect(codes).toContain(row.atc);
    const misspelt = await (await server.fetch("/api/visita/productos?q=amoxicillina")).json();
    expect(misspelt.total).toBeGreaterThan(0);
    expect(misspelt.facets.laboratorio.length).toBeGreaterThan(0);
  });
});
