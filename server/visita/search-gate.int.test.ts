import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eanOfCn, formatCn } from "#common/visita/codes";
import { createUser } from "#server/accounts/factories";
import { products } from "#server/db/schema";
import { createProduct } from "#tests/factories/visita";
import { BrowserClient } from "#tests/support/browser-client";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import type { ProductSearchResult } from "./api-schemas";

// Decision 0054: behind the professional gate a prescription-only medicine is found by its name
// and holder laboratory only; no code, attribute filter or facet describes it.

let server: TestServer;
let rx: Awaited<ReturnType<typeof createProduct>>;
const RX_REGISTRATION = "83456712";
/** Each way of typing a code of the prescription-only medicine, by kind. */
const CODES = {
  atc: ["B01AA07", "b01aa07"],
  cn: ["700002", formatCn("700002")],
  ean: [eanOfCn("700002")],
  registro: [RX_REGISTRATION],
  ingrediente: ["acenocumarol", "acenocumaro", "sintrolen acenocumarol"],
};
/** Clients that have not passed the gate: a visitor, one who answered no, a signed-in non-professional. */
let outsiders: Array<[string, BrowserClient | TestServer]>;
/** Clients that have: the gate's cookie, the account's flag. */
let professionals: Array<[string, BrowserClient]>;

beforeAll(async () => {
  server = await startTestServer();
  await createProduct(server.ctx, {
    name: "Gripalin 500 mg comprimidos",
    laboratory: "Laboratorios Almenara",
    ingredients: [{ name: "paracetamol", strength: "500", unit: "mg" }],
    atcCode: "N02BE01",
    form: "comprimido",
    cns: ["700001"],
  });
  rx = await createProduct(server.ctx, {
    name: "Sintrolen 4 mg cápsulas duras",
    laboratory: "Teide Pharma",
    ingredients: [{ name: "acenocumarol", strength: "4", unit: "mg" }],
    atcCode: "B01AA07",
    form: "capsula_dura",
    prescription: "receta",
    generic: true,
    marketed: false,
    cns: ["700002"],
  });
  await server.ctx.db.update(products).set({ registrationNumber: RX_REGISTRATION }).where(eq(products.id, rx.id));
  const answeredNo = new BrowserClient(server);
  expect((await answeredNo.json("/api/is-profesional-sanitario", { is_profesional_sanitario: 0 }, "PUT")).status).toBe(200);
  const signedIn = await new BrowserClient(server).signInAs((await createUser(server.ctx.db, { type: "web" })).id);
  outsiders = [
    ["anonymous", server],
    ["answered no", answeredNo],
    ["signed in, not a professional", signedIn],
  ];
  const cookie = new BrowserClient(server);
  cookie.cookies.set("profesional_sanitario", "1");
  const flagged = await new BrowserClient(server).signInAs(
    (await createUser(server.ctx.db, { type: "web", profesionalSanitario: true })).id,
  );
  professionals = [
    ["gate cookie", cookie],
    ["account flag", flagged],
  ];
});
afterAll(() => server?.close());

const get = (client: BrowserClient | TestServer, path: string) => client.fetch(path, { headers: { Accept: "text/html" } });
async function search(client: BrowserClient | TestServer, query: string): Promise<ProductSearchResult> {
  const response = await get(client, `/api/visita/productos?${query}`);
  expect(response.status).toBe(200);
  return response.json();
}
const q = (text: string) => `q=${encodeURIComponent(text)}`;
const idsOf = (result: ProductSearchResult) => result.items.map((item) => item.id);
/** What would reveal the medicine on a page or in its data: its name and its address. */
const revealsRx = (text: string) => text.includes("Sintrolen 4 mg") || text.includes(`${rx.slug}/${rx.id}`);

describe("a prescription-only medicine behind the gate", () => {
  it("is found by its exact or misspelt name and by its laboratory, without detail", async () => {
    for (const [who, client] of outsiders) {
      for (const text of ["Sintrolen 4 mg cápsulas duras", "sintrolem", "teide pharma"]) {
        const result = await search(client, q(text));
        expect(idsOf(result), `${who}: ${text}`).toEqual([rx.id]);
        expect(result.items[0]).toMatchObject({ nombre: "Sintrolen 4 mg cápsulas duras", requiere_receta: true, detalle: null });
      }
    }
  });

  it("is not found by its ATC code, CN, EAN-13, registration number or active ingredient: the answer is that of a code nobody has", async () => {
    const nobodys = await search(server, q("799999"));
    let tried = 0;
    for (const [who, client] of outsiders) {
      for (const [kind, texts] of Object.entries(CODES)) {
        for (const text of texts) {
          const result = await search(client, q(text));
          tried++;
          expect(idsOf(result), `${who}, ${kind}: ${text}`).toEqual([]);
          expect({ total: result.total, facets: result.facets }).toEqual({ total: 0, facets: nobodys.facets });
        }
      }
    }
    expect(tried).toBe(3 * 9);
  });

  it("leaves it out of the form, ATC group, generic and marketed counts and filters; laboratory and prescription still count it", async () => {
    for (const [who, client] of outsiders) {
      const all = await search(client, "");
      expect(all.total, who).toBe(2);
      expect(all.facets.forma.map((f) => [f.valor, f.count])).toEqual([["comprimido", 1]]);
      expect(all.facets.atc.map((f) => [f.valor, f.count])).toEqual([["N", 1]]);
      expect(all.facets.generico.map((f) => [f.valor, f.count])).toEqual([["no", 1]]);
      expect(all.facets.comercializado.map((f) => [f.valor, f.count])).toEqual([["si", 1]]);
      expect(all.facets.laboratorio.map((f) => f.count)).toEqual([1, 1]);
      expect(all.facets.receta.map((f) => [f.valor, f.count])).toEqual([
        ["si", 1],
        ["no", 1],
      ]);
      for (const filter of ["forma=capsula_dura", "atc=B", "generico=si", "comercializado=no", "q=sintrolen&forma=capsula_dura"]) {
        const filtered = await search(client, filter);
        expect(idsOf(filtered), `${who}: ${filter}`).toEqual([]);
        expect(filtered.total).toBe(0);
      }
      // A filter's own facet is counted without it: still without the medicine.
      expect((await search(client, "forma=comprimido")).facets.forma.map((f) => f.valor)).toEqual(["comprimido"]);
      expect(idsOf(await search(client, "receta=si"))).toEqual([rx.id]);
    }
  });

  it("shows a professional all of it: codes, ingredient, filters and counts", async () => {
    for (const [who, client] of professionals) {
      for (const text of Object.values(CODES).flat()) expect(idsOf(await search(client, q(text))), `${who}: ${text}`).toEqual([rx.id]);
      const all = await search(client, "");
      expect(all.facets.forma.map((f) => [f.valor, f.count]).sort()).toEqual([
        ["capsula_dura", 1],
        ["comprimido", 1],
      ]);
      expect(all.facets.atc.map((f) => f.valor)).toEqual(["B", "N"]);
      for (const filter of ["forma=capsula_dura", "atc=B", "generico=si", "comercializado=no"])
        expect(idsOf(await search(client, filter)), `${who}: ${filter}`).toEqual([rx.id]);
      expect((await search(client, q("sintrolen"))).items[0]?.detalle?.receta).toBe("receta");
    }
  });
});

describe("the results page behind the gate, rendered or from the page cache", () => {
  const pages = (query: string) => [`/app/visita/result?${query}`, `/app/visita/result.data?${query}`];
  const queries = [...Object.values(CODES).flat().map(q), "forma=capsula_dura", "atc=B", "generico=si", "comercializado=no"];

  it("never shows the medicine for a code or filter to a visitor, whoever asked first", async () => {
    const [, professional] = professionals[0] as [string, BrowserClient];
    for (const [index, query] of queries.entries()) {
      // Half the addresses are first rendered for the professional, half for the visitor.
      const order = index % 2 === 0 ? ["professional", "visitor", "visitor"] : ["visitor", "visitor", "professional"];
      for (const path of pages(query)) {
        let visits = 0;
        for (const who of order) {
          const response = await get(who === "visitor" ? server : professional, path);
          expect(response.status, path).toBe(200);
          const text = await response.text();
          if (who === "professional") expect(revealsRx(text), `${path} for a professional`).toBe(true);
          else expect(revealsRx(text), `${path} for a visitor, visit ${++visits}`).toBe(false);
        }
      }
    }
    // The visitor's second visit was the page cache's answer.
    const first = await get(server, `/app/visita/result?${q("700002")}`);
    const revalidated = await server.fetch(`/app/visita/result?${q("700002")}`, {
      headers: { Accept: "text/html", "If-None-Match": first.headers.get("etag") ?? "" },
    });
    expect(revalidated.status).toBe(304);
  });

  it("shows it by name to a visitor, without detail, and counts no facet of it", async () => {
    const html = await (await get(server, `/app/visita/result?${q("sintrolen")}`)).text();
    expect(html).toContain("Sintrolen 4 mg cápsulas duras");
    expect(html).not.toContain("acenocumarol");
    expect(html).not.toContain("forma=capsula_dura");
    const everything = await (await get(server, "/app/visita/result")).text();
    expect(everything).not.toContain("forma=capsula_dura");
    expect(everything).not.toContain("atc=B");
    expect(everything).toContain("forma=comprimido");
  });
});
