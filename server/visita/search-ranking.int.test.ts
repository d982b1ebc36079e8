import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { slugify } from "#common/slug";
import { products } from "#server/db/schema";
import { createProduct } from "#tests/factories/visita";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import type { ProductSearchResult } from "./api-schemas";

let server: TestServer;
let ids: Record<"generic" | "combination" | "brand", number>;

beforeAll(async () => {
  server = await startTestServer();
  const ctx = server.ctx;
  const amoxicilina = { name: "amoxicilina", strength: "500", unit: "mg" };
  const brand = await createProduct(ctx, {
    name: "Clamoxyl 500 mg cápsulas duras",
    laboratory: "Teide Pharma",
    ingredients: [amoxicilina],
    atcCode: "J01CA04",
    form: "capsula_dura",
  });
  const combination = await createProduct(ctx, {
    name: "Amoxicilina/Ácido clavulánico Teide 875 mg/125 mg comprimidos recubiertos con película EFG",
    laboratory: "Teide Pharma",
    ingredients: [
      { name: "amoxicilina", strength: "875", unit: "mg" },
      { name: "ácido clavulánico", strength: "125", unit: "mg" },
    ],
    atcCode: "J01CR02",
    generic: true,
  });
  const generic = await createProduct(ctx, {
    name: "Amoxicilina Teide 500 mg cápsulas duras EFG",
    laboratory: "Teide Pharma",
    ingredients: [amoxicilina],
    atcCode: "J01CA04",
    form: "capsula_dura",
    generic: true,
  });
  await createProduct(ctx, { name: "Omeprazol Teide 20 mg cápsulas duras gastrorresistentes EFG", laboratory: "Teide Pharma" });
  ids = { generic: generic.id, combination: combination.id, brand: brand.id };
});
afterAll(() => server?.close());

async function search(query: string): Promise<ProductSearchResult> {
  const response = await server.fetch(`/api/visita/productos?${query}`);
  expect(response.status).toBe(200);
  return response.json();
}
const idsOf = (result: ProductSearchResult) => result.items.map((item) => item.id);

describe("ranking a misspelt search", () => {
  it("puts the product whose name is closest to the words first, and one that only contains the ingredient last", async () => {
    const result = await search("q=amoxicillina");
    expect(idsOf(result)).toEqual([ids.generic, ids.combination, ids.brand]);
    expect(result.total).toBe(3);
    expect(result.facets.atc).toEqual([{ valor: "J", nombre: expect.stringContaining("Antiinfecciosos"), count: 3 }]);
  });

  it("pages through the same order with the cursor", async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: ProductSearchResult = await search(`q=amoxicillina&limit=1${cursor ? `&cursor=${cursor}` : ""}`);
      seen.push(...idsOf(page));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual([ids.generic, ids.combination, ids.brand]);
  });

  it("finds a renamed product by its new name, misspelt, and no longer by the old one", async () => {
    const name = "Velamox 500 mg cápsulas duras";
    await server.ctx.db
      .update(products)
      .set({ name, slug: slugify(name) })
      .where(eq(products.id, ids.brand));
    expect(idsOf(await search("q=velamoks"))).toEqual([ids.brand]);
    expect(idsOf(await search("q=clamoxyl"))).toEqual([]);
    expect((await search("q=clamoxyl")).total).toBe(0);
  });
});
