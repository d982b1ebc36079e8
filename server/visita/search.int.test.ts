import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eanOfCn, formatCn } from "#common/visita/codes";
import { createUser } from "#server/accounts/factories";
import { createProduct } from "#tests/factories/visita";
import { BrowserClient } from "#tests/support/browser-client";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import type { ProductSearchResult, ProductView } from "./api-schemas";

let server: TestServer;
let ids: Record<string, number>;
/** These tests search the whole catalogue: what a professional sees (search-gate.int.test.ts covers everyone else). */
let pro: BrowserClient;

beforeAll(async () => {
  server = await startTestServer();
  const ctx = server.ctx;
  const ibuprofeno = await createProduct(ctx, {
    name: "Ibuprofeno Almenara 400 mg comprimidos recubiertos con película EFG",
    laboratory: "Laboratorios Almenara",
    ingredients: [{ name: "ibuprofeno", strength: "400", unit: "mg" }],
    atcCode: "M01AE01",
    form: "comprimido_recubierto",
    generic: true,
    cns: ["712729"],
  });
  const dolorfen = await createProduct(ctx, {
    name: "Dolorfen 600 mg comprimidos recubiertos con película",
    laboratory: "Teide Pharma",
    ingredients: [{ name: "ibuprofeno", strength: "600", unit: "mg" }],
    atcCode: "M01AE01",
    form: "comprimido_recubierto",
    prescription: "receta",
    cns: ["712730"],
  });
  const amoxi = await createProduct(ctx, {
    name: "Amoxil 500 mg cápsulas duras",
    laboratory: "Teide Pharma",
    ingredients: [{ name: "amoxicilina", strength: "500", unit: "mg" }],
    atcCode: "J01CA04",
    form: "capsula_dura",
    prescription: "receta",
    cns: ["654321"],
  });
  const omeprazol = await createProduct(ctx, {
    name: "Omeprazol Almenara 20 mg cápsulas duras gastrorresistentes EFG",
    laboratory: "Laboratorios Almenara",
    ingredients: [{ name: "omeprazol", strength: "20", unit: "mg" }],
    atcCode: "A02BC01",
    form: "capsula_gastrorresistente",
    prescription: "receta",
    generic: true,
    marketed: false,
  });
  ids = { ibuprofeno: ibuprofeno.id, dolorfen: dolorfen.id, amoxi: amoxi.id, omeprazol: omeprazol.id };
  pro = new BrowserClient(server);
  pro.cookies.set("profesional_sanitario", "1");
});
afterAll(() => server?.close());

async function search(query: string, client: BrowserClient | null = pro): Promise<ProductSearchResult> {
  const response = client ? await client.get(`/api/visita/productos?${query}`) : await server.fetch(`/api/visita/productos?${query}`);
  expect(response.status).toBe(200);
  return response.json();
}
const idsOf = (result: ProductSearchResult) => result.items.map((item) => item.id);

describe("search by each key", () => {
  it("finds by name, by active ingredient and by laboratory", async () => {
    expect(idsOf(await search("q=dolorfen"))).toEqual([ids.dolorfen]);
    expect(idsOf(await search("q=ibuprofeno")).sort()).toEqual([ids.ibuprofeno, ids.dolorfen].sort());
    expect(idsOf(await search("q=teide")).sort()).toEqual([ids.dolorfen, ids.amoxi].sort());
  });

  it("finds by código nacional, typed with its check digit or scanned from the EAN-13", async () => {
    for (const q of ["654321", formatCn("654321"), eanOfCn("654321")]) {
      const result = await search(`q=${encodeURIComponent(q)}`);
      expect(idsOf(result)).toEqual([ids.amoxi]);
      expect(result.cn).toBe("654321");
    }
  });

  it("tolerates misspellings and accents", async () => {
    expect(idsOf(await search("q=ibuprofen")).sort()).toEqual([ids.ibuprofeno, ids.dolorfen].sort());
    expect(idsOf(await search("q=amoxicillina"))).toEqual([ids.amoxi]);
    expect(idsOf(await search("q=OMEPRAZÓL"))).toEqual([ids.omeprazol]);
  });

  it("ranks the closest name first and needs every word to match", async () => {
    const result = await search("q=ibuprofeno%20600");
    expect(idsOf(result)[0]).toBe(ids.dolorfen);
    expect(idsOf(await search("q=ibuprofeno%20zzzzqqq"))).toEqual([]);
  });
});

describe("filters and counts", () => {
  it("filters by laboratory, form, ATC group, prescription, generic and marketed, with counts that leave their own filter out", async () => {
    const all = await search("");
    expect(all.total).toBe(4);
    expect(all.facets.laboratorio).toEqual([
      { valor: "laboratorios-almenara", nombre: "Laboratorios Almenara", count: 2 },
      { valor: "teide-pharma", nombre: "Teide Pharma", count: 2 },
    ]);
    expect(all.facets.receta).toEqual([
      { valor: "si", nombre: "Sí", count: 3 },
      { valor: "no", nombre: "No", count: 1 },
    ]);

    const teide = await search("laboratorio=teide-pharma");
    expect(idsOf(teide).sort()).toEqual([ids.dolorfen, ids.amoxi].sort());
    expect(teide.facets.laboratorio.map((f) => f.count)).toEqual([2, 2]);
    expect(teide.facets.atc).toEqual([
      { valor: "J", nombre: expect.stringContaining("Antiinfecciosos"), count: 1 },
      { valor: "M", nombre: expect.stringContaining("musculoesquelético"), count: 1 },
    ]);

    expect(idsOf(await search("atc=j"))).toEqual([ids.amoxi]);
    expect(idsOf(await search("forma=capsula_dura"))).toEqual([ids.amoxi]);
    const withoutPrescription = await search("receta=no");
    expect(idsOf(withoutPrescription)).toEqual([ids.ibuprofeno]);
    expect(withoutPrescription.facets.receta).toEqual(all.facets.receta);
    expect(withoutPrescription.facets.laboratorio).toEqual([{ valor: "laboratorios-almenara", nombre: "Laboratorios Almenara", count: 1 }]);
    expect(idsOf(await search("generico=si")).sort()).toEqual([ids.ibuprofeno, ids.omeprazol].sort());
    expect(idsOf(await search("comercializado=no"))).toEqual([ids.omeprazol]);
    expect(idsOf(await search("q=ibuprofeno&receta=si"))).toEqual([ids.dolorfen]);
  });

  it("refuses bad filter values with a Spanish message per field", async () => {
    const response = await server.fetch("/api/visita/productos?forma=jarabe-magico&receta=quizas&limit=500");
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(Object.keys(body.errors).sort()).toEqual(["forma", "limit", "receta"]);
    expect(body.errors.forma[0]).toMatch(/forma farmacéutica/);
  });
});

describe("cursor pagination", () => {
  it("walks every result once, by name and by relevance", async () => {
    for (const base of ["", "q=ibuprofeno"]) {
      const seen: number[] = [];
      let cursor: string | null = null;
      do {
        const page: ProductSearchResult = await search(`${base}&limit=1${cursor ? `&cursor=${cursor}` : ""}`);
        seen.push(...idsOf(page));
        cursor = page.next_cursor;
      } while (cursor);
      expect(seen.length).toBe(new Set(seen).size);
      expect(seen.length).toBe((await search(base)).total);
    }
  });

  it("rejects a forged cursor", async () => {
    expect((await server.fetch("/api/visita/productos?cursor=bm9wZQ")).status).toBe(422);
  });
});

describe("the professional gate", () => {
  it("gives anonymous visitors no prescription-only detail, in search or on the product", async () => {
    const result = await search("q=comprimidos%20recubiertos", null);
    const rx = result.items.find((item) => item.id === ids.dolorfen);
    expect(rx).toMatchObject({ requiere_receta: true, detalle: null });
    expect(result.items.find((item) => item.id === ids.ibuprofeno)?.detalle?.principios_activos).toEqual([
      { nombre: "ibuprofeno", dosis: "400", unidad: "mg" },
    ]);

    const response = await server.fetch(`/api/visita/productos/${ids.dolorfen}`);
    expect(response.status).toBe(200);
    const text = await response.text();
    const product = JSON.parse(text) as ProductView;
    expect(product).toMatchObject({ restringido: true, detalle: null, nombre: expect.stringContaining("Dolorfen") });
    expect(text).not.toContain("712730");
    expect((await server.fetch(`/api/visita/productos/${ids.dolorfen}/visitadores`)).status).toBe(403);
    expect((await server.fetch(`/api/visita/productos/${ids.dolorfen}/imagen`)).status).toBe(403);
    expect(response.headers.get("cache-control")).toMatch(/^public/);
  });

  it("shows everything after the visitor declares being a professional, and never from a shared cache", async () => {
    const client = new BrowserClient(server);
    const answer = await client.json("/api/is-profesional-sanitario", { is_profesional_sanitario: 1 }, "PUT");
    expect(answer.status).toBe(200);
    const response = await client.get(`/api/visita/productos/${ids.dolorfen}`);
    const product = (await response.json()) as ProductView;
    expect(product.restringido).toBe(false);
    expect(product.detalle?.presentaciones.map((p) => p.cn)).toEqual(["712730"]);
    expect(product.detalle?.presentaciones[0]?.cn_completo).toBe(formatCn("712730"));
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect((await client.get(`/api/visita/productos/${ids.dolorfen}/imagen`)).headers.get("content-type")).toMatch(/image\/svg\+xml/);

    // Saying no again forgets it.
    await client.json("/api/is-profesional-sanitario", { is_profesional_sanitario: 0 }, "PUT");
    expect(((await (await client.get(`/api/visita/productos/${ids.dolorfen}`)).json()) as ProductView).restringido).toBe(true);
  });

  it("uses the account's flag for a signed-in professional", async () => {
    const professional = await createUser(server.ctx.db, { type: "web", profesionalSanitario: true });
    const other = await createUser(server.ctx.db, { type: "web" });
    const yes = await new BrowserClient(server).signInAs(professional.id);
    const no = await new BrowserClient(server).signInAs(other.id);
    expect((await search("q=dolorfen", yes)).items[0]?.detalle?.receta).toBe("receta");
    expect((await search("q=dolorfen", no)).items[0]?.detalle).toBeNull();
  });

  it("answers 404 for a product that does not exist", async () => {
    expect((await server.fetch("/api/visita/productos/999999")).status).toBe(404);
    expect((await server.fetch("/api/visita/productos/abc")).status).toBe(404);
  });
});
