import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createUser } from "#server/accounts/factories";
import { laboratories, notifications, portfolioEntries, productPresentations, products } from "#server/db/schema";
import { cimaClientOf, syncFromCima } from "#server/visita";
import { mailsTo } from "#tests/factories/accounts";
import { type FakeCima, startFakeCima } from "#tests/support/cima/fake-cima";
import { AMOXICILINA, BROKEN, HEPARINA, IBUPROFENO, PARACETAMOL, SUPPLY } from "#tests/support/cima/fixtures";
import { startTestServer, type TestServer } from "#tests/support/test-server";

let server: TestServer;
let cima: FakeCima;
const client = (overrides = {}) =>
  cimaClientOf(server.ctx.config, { baseUrl: cima.url, delayMs: 0, retries: 0, timeoutMs: 1000, ...overrides });
const product = async (nregistro: string) => {
  const [row] = await server.ctx.db.select().from(products).where(eq(products.registrationNumber, nregistro));
  return row;
};
const presentation = async (cn: string) =>
  (await server.ctx.db.select().from(productPresentations).where(eq(productPresentations.cn, cn)))[0];

beforeAll(async () => {
  server = await startTestServer();
  cima = await startFakeCima();
  for (const detail of [IBUPROFENO, PARACETAMOL, AMOXICILINA, HEPARINA, BROKEN])
    cima.medicines.set(detail.nregistro, structuredClone(detail));
  cima.supply.push(...SUPPLY);
});
afterAll(async () => {
  await cima?.close();
  await server?.close();
});
beforeEach(() => {
  cima.requests.length = 0;
});

describe("catalogue sync from CIMA", () => {
  it("loads every page, each detail and the supply problems; reports the medicine with missing fields", async () => {
    const result = await syncFromCima(server.ctx, client());
    expect(result).toMatchObject({ status: "done", mode: "full" });
    expect(result.counts).toMatchObject({ created: 4, medicines: 4, pages: 3, skipped: 1, presentations: 5 });
    expect(result.skipped).toEqual([{ nregistro: "70005", problem: expect.stringContaining("labtitular") }]);

    const ibu = await product("70001");
    expect(ibu).toMatchObject({
      name: IBUPROFENO.nombre,
      prescription: "receta",
      generic: true,
      form: "comprimido_recubierto",
      formLabel: "COMPRIMIDO RECUBIERTO CON PELÍCULA",
      routes: ["oral"],
      atcCode: "M01AE01",
      registerStatus: "autorizado",
      smpcUrl: "https://cima.aemps.es/cima/pdfs/ft/70001/FT_70001.pdf",
      leafletUrl: "https://cima.aemps.es/cima/pdfs/p/70001/P_70001.pdf",
    });
    expect(ibu?.authorisedAt?.toISOString()).toBe("2008-03-14T22:00:00.000Z");
    expect(ibu?.photos).toHaveLength(2);
    expect(await presentation("700012")).toMatchObject({ marketed: false, supplyProblem: false });
    // The gate follows the register: OTC, prescription-only and hospital use.
    expect((await product("70002"))?.prescription).toBe("sin_receta");
    expect((await product("70004"))?.prescription).toBe("uso_hospitalario");
    expect((await product("70004"))?.routes).toEqual(["subcutanea", "intravenosa"]);
    // Laboratories from the register: holders and marketers.
    const labs = (await server.ctx.db.select({ name: laboratories.name }).from(laboratories)).map((l) => l.name);
    expect(labs).toEqual(expect.arrayContaining(["Nortefarma, S.A.", "Surlab Pharma, S.L.", "Distribuciones Surlab, S.L."]));
    expect((await product("70002"))?.marketingLaboratoryId).not.toBeNull();
    // Vacuumed after writing (decision 0137): the visibility map lets the laboratory facet be counted
    // from an index alone, without reading the table (relallvisible is what VACUUM sets).
    const vacuumed = (await server.ctx.db.execute(sql`SELECT relallvisible FROM pg_class WHERE relname = 'products'`)) as unknown as {
      rows: Array<{ relallvisible: number }>;
    };
    expect(Number(vacuumed.rows[0]?.relallvisible)).toBeGreaterThan(0);
    // The supply problem with its dates and note.
    expect(await presentation("700031")).toMatchObject({
      supplyProblem: true,
      supplyFrom: new Date(SUPPLY[0]?.fini as number),
      supplyUntil: new Date(SUPPLY[0]?.ffin as number),
      supplyNote: SUPPLY[0]?.observ,
    });
    expect((await product("70003"))?.supplyProblem).toBe(true);
    expect(await product("70005")).toBeUndefined();
    // Polite: every request named the product; all of them reached the fake (no other host is configured).
    expect(cima.requests.length).toBeGreaterThan(5);
    for (const request of cima.requests) expect(request.userAgent).toMatch(/^Farmanexo-catalogo\/1\.0 \(\+http:\/\/127\.0\.0\.1:\d+\)$/);
    // Searchable by name, active ingredient and national code.
    for (const q of ["ibuprofeno nortefarma", "clavulanato", "700021", "paracetamlo"]) {
      const found = await (await server.fetch(`/api/visita/productos?q=${encodeURIComponent(q)}`)).json();
      expect(found.total, q).toBeGreaterThan(0);
    }
  });

  it("a second run (incremental, and a full one) changes nothing", async () => {
    const before = await product("70001");
    const incremental = await syncFromCima(server.ctx, client());
    expect(incremental).toMatchObject({ status: "done", mode: "incremental" });
    expect(incremental.counts).toMatchObject({ supplyChanged: 0 });
    expect(incremental.counts.created ?? 0).toBe(0);
    expect(cima.requests.some((r) => r.url.startsWith("/cima/rest/registroCambios?fecha="))).toBe(true);
    const full = await syncFromCima(server.ctx, client(), { full: true });
    expect(full.counts).toMatchObject({ created: 0, updated: 0, unchanged: 4, supplyChanged: 0 });
    expect((await product("70001"))?.updatedAt).toEqual(before?.updatedAt);
  });

  it("a medicine suspended between runs is flagged, kept, and its representatives told", async () => {
    const rep = await createUser(server.ctx.db, { type: "visita", nombre: "Marta" });
    const ibu = await product("70001");
    await server.ctx.db.insert(portfolioEntries).values({ userId: rep.id, productId: ibu?.id as number });
    const susp = Date.UTC(2026, 10, 20, 23);
    const detail = cima.medicines.get("70001") as typeof IBUPROFENO;
    detail.estado = { aut: (IBUPROFENO.estado as { aut: number }).aut, susp };
    cima.changes.push({ nregistro: "70001", fecha: susp, tipoCambio: 3, cambios: ["estado"] });
    const result = await syncFromCima(server.ctx, client());
    expect(result).toMatchObject({ status: "done", mode: "incremental" });
    expect(result.counts).toMatchObject({ updated: 1, flagged: 1 });
    expect(await product("70001")).toMatchObject({ registerStatus: "suspendido", suspendedAt: new Date(susp) });
    const notices = await server.ctx.db.select().from(notifications).where(eq(notifications.userId, rep.id));
    expect(notices[0]).toMatchObject({
      kind: "register_change",
      text: expect.stringContaining("La AEMPS ha suspendido «IBUPROFENO NORTEFARMA"),
    });
    const mails = await mailsTo(server, rep.email, "visita_register_change");
    expect(mails[0]?.subject).toContain("La AEMPS ha suspendido");
    // Still in the portfolio: nothing was deleted.
    expect(await server.ctx.db.select().from(portfolioEntries).where(eq(portfolioEntries.userId, rep.id))).toHaveLength(1);
  });

  for (const kind of ["503", "timeout", "malformed"] as const) {
    it(`a run that fails on page 2 (${kind}) resumes there on the next run`, async () => {
      cima.faults.push({ path: "/medicamentos", pagina: 2, kind, times: 1 });
      const failed = await syncFromCima(server.ctx, client({ timeoutMs: 300 }), { full: true });
      expect(failed.status).toBe("failed");
      expect(failed.error).toMatch(kind === "503" ? /503/ : kind === "timeout" ? /Sin respuesta/ : /malformada/);
      cima.requests.length = 0;
      const resumed = await syncFromCima(server.ctx, client({ timeoutMs: 300 }), { full: true });
      expect(resumed).toMatchObject({ status: "done", resumed: true });
      expect(cima.requests.some((r) => r.url === "/cima/rest/medicamentos?pagina=1")).toBe(false);
      expect(cima.requests.some((r) => r.url === "/cima/rest/medicamentos?pagina=2")).toBe(true);
      const [{ n } = { n: 0 }] = await server.ctx.db.select({ n: sql<number>`count(*)::int` }).from(products);
      expect(n).toBe(4);
    });
  }

  it("a 503 followed by success is retried within the run", async () => {
    cima.faults.push({ path: "/medicamento", kind: "503", times: 1 });
    const result = await syncFromCima(server.ctx, client({ retries: 2 }), { full: true });
    expect(result.status).toBe("done");
    expect(cima.requests.filter((r) => r.url.startsWith("/cima/rest/medicamento?")).length).toBe(6);
  });
});
