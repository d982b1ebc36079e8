import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findEstadosOfPais, findPaisBySlug } from "#server/reference";
import { BARCELONA, createCompany, FARMACEUTICO_COMUNITARIO, insertOffer, MADRID, VISITADOR } from "#tests/factories/jobs";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import type { SearchResultJson } from "./api-schemas";
import { expireOffers } from "./offers.service";
import { SEARCH_CACHE } from "./search";

let server: TestServer;
let empresaId: number;
let otherEmpresaId: number;
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);

beforeAll(async () => {
  server = await startTestServer();
  empresaId = (await createCompany(server.ctx, "Laboratorios Búsqueda")).empresa.id;
  otherEmpresaId = (await createCompany(server.ctx, "Farmacia Centro")).empresa.id;
});
afterAll(() => server?.close());

async function search(query: string): Promise<SearchResultJson> {
  const response = await server.fetch(`/api/empleo/ofertas?${query}`);
  expect(response.status).toBe(200);
  return response.json();
}

describe("listing and filters", () => {
  let ids: Record<string, number>;
  beforeAll(async () => {
    const ctx = server.ctx;
    const a = await insertOffer(ctx, empresaId, {
      titulo: "Visitador médico Madrid norte",
      publishedAt: ago(30),
      modalidad: "presencial",
      salarioMin: 30000,
      salarioMax: 40000,
      salarioMoneda: "EUR",
      salarioPeriodo: "anual",
    });
    const b = await insertOffer(ctx, empresaId, {
      titulo: "Visitador médico Barcelona",
      estadoId: BARCELONA,
      ciudad: "Barcelona",
      publishedAt: ago(20),
      modalidad: "remoto",
      contrato: "temporal",
    });
    const c = await insertOffer(ctx, otherEmpresaId, {
      titulo: "Farmacéutico adjunto",
      cargoId: FARMACEUTICO_COMUNITARIO,
      publishedAt: ago(10),
      modalidad: "hibrido",
      salarioMin: 25000,
      salarioMoneda: "EUR",
      salarioPeriodo: "anual",
    });
    const draft = await insertOffer(ctx, empresaId, { titulo: "Borrador invisible", status: "borrador", publishedAt: null });
    const closed = await insertOffer(ctx, empresaId, { titulo: "Cerrada invisible", status: "cerrada", publishedAt: ago(5) });
    const expired = await insertOffer(ctx, empresaId, { titulo: "Caducada invisible", publishedAt: ago(4), expiresAt: ago(1) });
    const mexico = await insertOffer(ctx, empresaId, {
      titulo: "Visitador médico CDMX",
      paisId: 154,
      estadoId: 2330,
      ciudad: "Ciudad de México",
      publishedAt: ago(3),
    });
    ids = { a: a.id, b: b.id, c: c.id, draft: draft.id, closed: closed.id, expired: expired.id, mexico: mexico.id };
  });

  it("lists only open offers of the country, newest first, with total and facets", async () => {
    const result = await search("pais=espana");
    expect(result.items.map((o) => o.id)).toEqual([ids.c, ids.b, ids.a]);
    expect(result.total).toBe(3);
    expect(result.next_cursor).toBeNull();
    const first = result.items[0];
    expect(first?.url).toBe(`/app/empleo/oferta/${first?.empresa.slug}/${ids.c}-${first?.slug}`);
    expect(first?.pais).toMatchObject({ id: 28, slug: "espana", iso: "ES" });
    expect(result.facets.cargos).toEqual([
      { slug: "visitador-medico", nombre: "Visitador médico", count: 2 },
      { slug: "farmaceutico-comunitario", nombre: "Farmacéutico comunitario", count: 1 },
    ]);
    expect(result.facets.estados).toEqual([
      { id: MADRID, nombre: "Madrid", count: 2 },
      { id: BARCELONA, nombre: "Barcelona", count: 1 },
    ]);
    expect((await search("pais=mexico")).items.map((o) => o.id)).toEqual([ids.mexico]);
  });

  it("filters by job title, sub-division, work mode, contract and minimum salary; facets ignore their own filter", async () => {
    const byCargo = await search("pais=espana&cargo=visitador-medico");
    expect(byCargo.items.map((o) => o.id)).toEqual([ids.b, ids.a]);
    expect(byCargo.facets.cargos.map((f) => f.slug)).toContain("farmaceutico-comunitario");
    const byEstado = await search(`pais=espana&estado=${BARCELONA}`);
    expect(byEstado.items.map((o) => o.id)).toEqual([ids.b]);
    expect(byEstado.facets.estados).toHaveLength(2);
    expect((await search("pais=espana&modalidad=hibrido")).items.map((o) => o.id)).toEqual([ids.c]);
    expect((await search("pais=espana&contrato=temporal")).items.map((o) => o.id)).toEqual([ids.b]);
    // max 40,000 ≥ 35,000; the other has only a minimum of 25,000.
    expect((await search("pais=espana&salario_min=35000")).items.map((o) => o.id)).toEqual([ids.a]);
    expect((await search("pais=espana&salario_min=25000")).items.map((o) => o.id)).toEqual([ids.c, ids.a]);
  });

  it("with keywords (as written or misspelt), counts the total and each facet leaving out only its own filter", async () => {
    // Argentina keeps these offers apart from the Spanish ones above.
    const pais = findPaisBySlug("argentina");
    const [uno, dos] = findEstadosOfPais(pais?.id ?? 0);
    if (!pais || !uno || !dos) throw new Error("Argentina has sub-divisions");
    const offer = (titulo: string, cargoId: number, estadoId: number) =>
      insertOffer(server.ctx, empresaId, { titulo, cargoId, paisId: pais.id, estadoId, ciudad: "Rosario", publishedAt: ago(2) });
    const wanted = await offer("Visitador médico oncología", VISITADOR, uno.id);
    await offer("Visitador médico oncología", VISITADOR, dos.id);
    await offer("Farmacéutico de oncología", FARMACEUTICO_COMUNITARIO, uno.id);
    await offer("Visitador médico cardiología", VISITADOR, uno.id);
    const byName = <T extends { nombre: string }>(list: T[]) => [...list].sort((x, y) => x.nombre.localeCompare(y.nombre, "es"));
    for (const q of ["oncologia", "oncolgia"]) {
      const narrowed = await search(`pais=argentina&q=${q}&cargo=visitador-medico&estado=${uno.id}`);
      expect(narrowed.items.map((o) => o.id)).toEqual([wanted.id]);
      expect(narrowed.total).toBe(1);
      // Job titles within the sub-division; sub-divisions of the job title.
      expect(byName(narrowed.facets.cargos).map((f) => [f.slug, f.count])).toEqual([
        ["farmaceutico-comunitario", 1],
        ["visitador-medico", 1],
      ]);
      expect(byName(narrowed.facets.estados)).toEqual(byName([uno, dos].map((e) => ({ id: e.id, nombre: e.nombre, count: 1 }))));
      const all = await search(`pais=argentina&q=${q}`);
      expect(all.total).toBe(3);
      expect(all.facets.cargos.map((f) => [f.slug, f.count])).toEqual([
        ["visitador-medico", 2],
        ["farmaceutico-comunitario", 1],
      ]);
      expect(all.facets.estados).toEqual([
        { id: uno.id, nombre: uno.nombre, count: 2 },
        { id: dos.id, nombre: dos.nombre, count: 1 },
      ]);
    }
  });

  it("answers 404 in Spanish for an unknown country or job title, and 422 for bad parameters", async () => {
    const pais = await server.fetch("/api/empleo/ofertas?pais=atlantida");
    expect(pais.status).toBe(404);
    expect((await pais.json()).message).toBe("País no encontrado.");
    const cargo = await server.fetch("/api/empleo/ofertas?pais=espana&cargo=astronauta");
    expect(cargo.status).toBe(404);
    expect((await cargo.json()).message).toBe("Puesto no encontrado.");
    expect((await server.fetch("/api/empleo/ofertas")).status).toBe(422);
    expect((await server.fetch("/api/empleo/ofertas?pais=espana&limit=500")).status).toBe(422);
    expect((await server.fetch("/api/empleo/ofertas?pais=espana&cursor=nope")).status).toBe(422);
  });

  it("shows closed and expired offers on their own page with is_open false; drafts are 404", async () => {
    const open = await (await server.fetch(`/api/empleo/ofertas/${ids.a}`)).json();
    expect(open).toMatchObject({ is_open: true, closed_reason: null, status: "publicada", viewer: null });
    const closed = await (await server.fetch(`/api/empleo/ofertas/${ids.closed}`)).json();
    expect(closed).toMatchObject({ is_open: false, closed_reason: "cerrada" });
    const expired = await (await server.fetch(`/api/empleo/ofertas/${ids.expired}`)).json();
    expect(expired).toMatchObject({ is_open: false, closed_reason: "caducada" });
    expect((await server.fetch(`/api/empleo/ofertas/${ids.draft}`)).status).toBe(404);
    expect((await server.fetch("/api/empleo/ofertas/99999999")).status).toBe(404);
    expect((await server.fetch("/api/empleo/ofertas/abc")).status).toBe(404);
  });

  it("an offer disappears from the list when it expires, before and after the expiry job", async () => {
    const soon = await insertOffer(server.ctx, empresaId, {
      titulo: "Caduca enseguida",
      publishedAt: ago(1),
      expiresAt: new Date(Date.now() + 1500),
    });
    // Inserted directly, so without the publishing service's invalidation: drop the anonymous
    // copies of earlier answers here. (Those copies may show an offer whose expiry date just
    // passed for up to a minute, like the pages: decisions 0015 and 0045.)
    await server.ctx.pageCache.invalidate("jobs");
    expect((await search("pais=espana")).items.map((o) => o.id)).toContain(soon.id);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    await server.ctx.pageCache.invalidate("jobs");
    expect((await search("pais=espana")).items.map((o) => o.id)).not.toContain(soon.id);
    expect(await expireOffers(server.ctx)).toBeGreaterThanOrEqual(2);
    const detail = await (await server.fetch(`/api/empleo/ofertas/${soon.id}`)).json();
    expect(detail).toMatchObject({ status: "caducada", is_open: false, closed_reason: "caducada" });
  });

  it("lists open offers only in the sitemap", async () => {
    const response = await server.fetch("/sitemap-empleo.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/xml");
    const xml = await response.text();
    expect(xml).toContain(`/app/empleo/oferta/`);
    expect(xml).toContain(`/${ids.a}-`);
    expect(xml).toContain(`/${ids.mexico}-`);
    for (const hidden of [ids.draft, ids.closed, ids.expired]) expect(xml).not.toContain(`/${hidden}-`);
    expect(xml).toMatch(/<lastmod>\d{4}-\d\d-\d\dT/);
    expect(xml).toContain("/app/empleo/p/espana");
  });
});

describe("keyword search", () => {
  let title: number;
  let description: number;
  beforeAll(async () => {
    const ctx = server.ctx;
    const pais = 181; // Perú: its own country keeps these tests apart
    description = (
      await insertOffer(ctx, empresaId, {
        paisId: pais,
        estadoId: 2745,
        ciudad: "Lima",
        titulo: "Técnico de laboratorio",
        cargoId: 46,
        descripcionTexto: "Trabajarás junto al farmacéutico responsable del control de calidad.",
        publishedAt: ago(1),
      })
    ).id;
    title = (
      await insertOffer(ctx, empresaId, {
        paisId: pais,
        estadoId: 2745,
        ciudad: "Lima",
        titulo: "Farmacéutico de guardia",
        cargoId: 21,
        publishedAt: ago(60),
      })
    ).id;
    await insertOffer(ctx, empresaId, {
      paisId: pais,
      estadoId: 2745,
      ciudad: "Lima",
      titulo: "Enfermera de quirófano",
      cargoId: 20,
      publishedAt: ago(2),
    });
  });

  it("ignores accents and case, and ranks a title match above a description match", async () => {
    for (const q of ["farmaceutico", "FARMACÉUTICO", "Farmacéuticos"]) {
      const result = await search(`pais=peru&q=${encodeURIComponent(q)}`);
      expect(result.items.map((o) => o.id)).toEqual([title, description]);
      expect(result.total).toBe(2);
    }
  });

  it("matches words of the city and the job title, and returns nothing for unknown words", async () => {
    expect((await search(`pais=peru&q=${encodeURIComponent("enfermera lima")}`)).total).toBe(1);
    expect((await search("pais=peru&q=xylofono")).items).toEqual([]);
    // Newest first without keywords.
    expect((await search("pais=peru")).items[0]?.id).toBe(description);
  });
});

describe("cursor pagination", () => {
  it("never repeats or skips an offer when new ones are published between pages", async () => {
    const ctx = server.ctx;
    const pais = 47; // Colombia
    const created: number[] = [];
    for (let i = 0; i < 7; i++) {
      const row = await insertOffer(ctx, otherEmpresaId, {
        paisId: pais,
        estadoId: 717,
        ciudad: "Bogotá",
        titulo: `Visitador médico Bogotá ${i}`,
        cargoId: VISITADOR,
        publishedAt: ago(100 - i),
      });
      created.push(row.id);
    }
    // The last pass lowers the cache threshold, so pages come from the cached ranked list.
    for (const q of ["", "&q=visitador", "&q=visitador&cached"]) {
      SEARCH_CACHE.minRows = q.endsWith("cached") ? 1 : 500;
      const seen: number[] = [];
      let page = await search(`pais=colombia&limit=3${q}`);
      seen.push(...page.items.map((o) => o.id));
      let fresh = 0;
      while (page.next_cursor) {
        // A new offer arrives between requests: it belongs before the cursor and must not appear later.
        const extra = await insertOffer(ctx, otherEmpresaId, {
          paisId: pais,
          estadoId: 717,
          ciudad: "Bogotá",
          titulo: `Visitador médico nuevo ${fresh++}`,
          cargoId: VISITADOR,
        });
        page = await search(`pais=colombia&limit=3${q}&cursor=${encodeURIComponent(page.next_cursor)}`);
        seen.push(...page.items.map((o) => o.id));
        expect(seen).not.toContain(extra.id);
      }
      expect(new Set(seen).size).toBe(seen.length);
      for (const id of created) expect(seen).toContain(id);
    }
    SEARCH_CACHE.minRows = 500;
  });
});

describe("the listing's country switcher", () => {
  let own: TestServer;
  beforeAll(async () => {
    own = await startTestServer();
    const company = (await createCompany(own.ctx, "Laboratorios Países")).empresa.id;
    const francia = findPaisBySlug("francia");
    const estado = francia ? findEstadosOfPais(francia.id)[0] : undefined;
    if (!francia || !estado) throw new Error("reference data without France");
    await insertOffer(own.ctx, company, { titulo: "Delegado en París", paisId: francia.id, estadoId: estado.id, publishedAt: ago(5) });
    await insertOffer(own.ctx, company, {
      titulo: "Cerrada en Alemania",
      paisId: 81,
      estadoId: null,
      status: "cerrada",
      publishedAt: ago(5),
    });
  });
  afterAll(() => own?.close());

  const options = async (pagePath: string) => {
    const response = await own.fetch(pagePath, { headers: { Accept: "text/html" } });
    expect(response.status).toBe(200);
    const html = await response.text();
    const select = /<select[^>]*name="pais"[^>]*>([\s\S]*?)<\/select>/.exec(html)?.[1] ?? "";
    return [...select.matchAll(/<option value="([^"]+)"/g)].map((m) => m[1]);
  };

  it("offers the Spanish-speaking markets and the other countries with open offers, nothing that leads to an empty list", async () => {
    const countries = await options("/app/empleo/p/espana");
    expect(countries).toEqual(expect.arrayContaining(["espana", "mexico", "argentina", "francia"]));
    expect(countries).not.toContain("alemania");
    expect(countries.length).toBeLessThan(100); // of 250
  });

  it("keeps the country shown among the choices even without offers", async () => {
    expect(await options("/app/empleo/p/alemania")).toContain("alemania");
  });
});
