import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CACHE_CONTROL } from "#common/cache-policy";
import type { SessionUser } from "#server/accounts";
import { createEmpresa, createUser } from "#server/accounts/factories";
import { laboratories, laboratoryCompanies, notifications, productRevisions, products } from "#server/db/schema";
import { cimaClientOf, getStatsDashboard, importCatalogue, listLaboratoryDirectory, productAsProposal, syncFromCima } from "#server/visita";
import { mailsTo } from "#tests/factories/accounts";
import { BrowserClient } from "#tests/support/browser-client";
import { type FakeCima, startFakeCima } from "#tests/support/cima/fake-cima";
import { cimaDetail, IBUPROFENO, PARACETAMOL } from "#tests/support/cima/fixtures";
import { startTestServer, type TestServer } from "#tests/support/test-server";

// Issue 29, what follows an import: proposals the register covers are closed with a note, a
// laboratory's new medicines reach its marketing team's dashboards, and the laboratory directory.

let server: TestServer;
let cima: FakeCima;
let rep: Awaited<ReturnType<typeof createUser>>;
let repClient: BrowserClient;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "register-follow-up-"));

const client = () => cimaClientOf(server.ctx.config, { baseUrl: cima.url, delayMs: 0, retries: 0, timeoutMs: 2000 });
const productOf = async (nregistro: string) =>
  (await server.ctx.db.select().from(products).where(eq(products.registrationNumber, nregistro)))[0] as typeof products.$inferSelect;
const labSlug = async (name: string) =>
  ((await server.ctx.db.select().from(laboratories).where(eq(laboratories.name, name)))[0] as { slug: string }).slug;
const revision = async (id: number) => (await server.ctx.db.select().from(productRevisions).where(eq(productRevisions.id, id)))[0];
const html = async (path: string, cookie?: string) => {
  const response = await server.fetch(path, { headers: { Accept: "text/html", ...(cookie ? { Cookie: cookie } : {}) } });
  return { response, text: await response.text() };
};

/** A proposal of a new medicine as the form would save it, sent for review. */
async function proposeNew(nombre: string, numero: string, cns: string[]) {
  const data = {
    nombre,
    laboratorio_id: 1,
    numero_registro: numero,
    forma: "comprimido",
    receta: "receta",
    principios_activos: [{ nombre: "ibuprofeno", dosis: "600", unidad: "mg" }],
    presentaciones: cns.map((cn) => ({ cn, nombre: `${nombre}, 40 comprimidos` })),
  };
  const [row] = await server.ctx.db
    .insert(productRevisions)
    .values({ kind: "nuevo", authorId: rep.id, status: "pendiente", data, cns })
    .returning({ id: productRevisions.id });
  return (row as { id: number }).id;
}

/** A change proposal on a product, built from its current state with `change` applied. */
async function proposeChange(productId: number, change: Record<string, unknown>) {
  const current = await productAsProposal(server.ctx.db, productId);
  if (!current) throw new Error("no product");
  const data = { ...current.data, ...change };
  const [row] = await server.ctx.db
    .insert(productRevisions)
    .values({
      kind: "cambios",
      productId,
      baseVersion: current.version,
      authorId: rep.id,
      status: "pendiente",
      data,
      cns: data.presentaciones.map((p) => p.cn),
    })
    .returning({ id: productRevisions.id });
  return (row as { id: number }).id;
}

const NEW_NORTEFARMA = cimaDetail({
  nregistro: "70010",
  nombre: "NAPROXENO NORTEFARMA 550 mg COMPRIMIDOS",
  labtitular: "Nortefarma, S.A.",
  labcomercializador: "Distribuciones Surlab, S.L.",
  cpresc: "Medicamento Sujeto A Prescripción Médica",
  receta: true,
  pa: [["NAPROXENO", "550", "mg"]],
  atc: ["M01AE02", "NAPROXENO"],
  forma: [10, "COMPRIMIDO"],
  vias: [[48, "VÍA ORAL"]],
  presentaciones: [["700101", "NAPROXENO NORTEFARMA 550 mg COMPRIMIDOS, 40 comprimidos"]],
});

beforeAll(async () => {
  server = await startTestServer();
  cima = await startFakeCima();
  for (const detail of [IBUPROFENO, PARACETAMOL]) cima.medicines.set(detail.nregistro, structuredClone(detail));
  rep = await createUser(server.ctx.db, { type: "visita", nombre: "Nerea" });
  repClient = await new BrowserClient(server).signInAs(rep.id);
});
afterAll(async () => {
  await cima?.close();
  await server?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe("proposals the register covers", () => {
  let byNumber: number;
  let byCn: number;
  let unmatched: number;

  it("a sync closes new-product proposals it now has (by registration number or national code) with a note the author reads", async () => {
    byNumber = await proposeNew("Paracetamol Surlab 500", "70002", ["799001"]);
    byCn = await proposeNew("Ibuprofeno Norte 600", "79998", ["700011"]);
    unmatched = await proposeNew("Ketoprofeno Inventado 50", "79999", ["799999"]);

    const result = await syncFromCima(server.ctx, client());
    expect(result).toMatchObject({ status: "done", counts: { created: 2, proposalsClosed: 2 } });
    const paracetamol = await productOf("70002");
    const ibuprofeno = await productOf("70001");
    expect(await revision(byNumber)).toMatchObject({ status: "cerrada", productId: paracetamol.id });
    expect(await revision(byCn)).toMatchObject({ status: "cerrada", productId: ibuprofeno.id });
    expect(await revision(unmatched)).toMatchObject({ status: "pendiente", productId: null });

    // What the representative sees: the list of their proposals, the notice and the e-mail.
    const mine = (await (await repClient.get("/api/visita/revisiones")).json()) as Array<Record<string, unknown>>;
    const closed = mine.find((item) => item.id === byNumber);
    expect(closed).toMatchObject({
      estado: "cerrada",
      motivo: expect.stringContaining("El registro de la AEMPS ya incluye este medicamento"),
    });
    expect(String(closed?.motivo)).toContain(`«${PARACETAMOL.nombre}» (n.º de registro 70002)`);
    const notices = await server.ctx.db.select().from(notifications).where(eq(notifications.userId, rep.id));
    expect(notices.filter((n) => n.kind === "proposal_decided")).toHaveLength(2);
    expect(notices.map((n) => n.text)).toContainEqual(expect.stringContaining("Hemos cerrado tu propuesta «Ibuprofeno Norte 600»"));
    const mails = await mailsTo(server, rep.email, "visita_revision_covered");
    expect(mails.map((m) => m.subject)).toContainEqual(expect.stringContaining("«Paracetamol Surlab 500» ya está en el registro"));

    // A second run finds nothing more to close, and a moderator can no longer decide a closed one.
    expect((await syncFromCima(server.ctx, client())).counts.proposalsClosed ?? 0).toBe(0);
    expect(await revision(unmatched)).toMatchObject({ status: "pendiente" });
  });

  it("a change the register rewrote after it was proposed is closed; one that also changes the description stays for a moderator", async () => {
    const ibuprofeno = await productOf("70001");
    const registerOnly = await proposeChange(ibuprofeno.id, { comercializado: false, atc: "M01AE" });
    const withText = await proposeChange(ibuprofeno.id, { descripcion: "Antiinflamatorio para el dolor leve o moderado." });
    const detail = cima.medicines.get("70001") as Record<string, unknown>;
    detail.nombre = `${IBUPROFENO.nombre} (nuevo formato)`;
    cima.changes.push({ nregistro: "70001", fecha: Date.now(), tipoCambio: 3, cambios: ["nombre"] });

    const result = await syncFromCima(server.ctx, client());
    expect(result).toMatchObject({ status: "done", mode: "incremental", counts: { updated: 1, proposalsClosed: 1 } });
    expect(await revision(registerOnly)).toMatchObject({
      status: "cerrada",
      reason: expect.stringContaining(
        "La AEMPS ha actualizado «IBUPROFENO NORTEFARMA 600 mg COMPRIMIDOS RECUBIERTOS CON PELICULA EFG (nuevo formato)»",
      ),
    });
    expect(await revision(withText)).toMatchObject({ status: "pendiente" });
  });

  it("an offline import closes them too", async () => {
    const proposal = await proposeNew("Heparina propuesta", "70020", ["700201"]);
    fs.mkdirSync(path.join(tmp, "cima"));
    const medicine = cimaDetail({
      nregistro: "70020",
      nombre: "CETIRIZINA SURLAB 10 mg COMPRIMIDOS",
      labtitular: "Surlab Pharma, S.L.",
      cpresc: "Medicamento No Sujeto A Prescripción Médica",
      receta: false,
      pa: [["CETIRIZINA", "10", "mg"]],
      atc: ["R06AE07", "CETIRIZINA"],
      forma: [10, "COMPRIMIDO"],
      vias: [[48, "VÍA ORAL"]],
      presentaciones: [["700201", "CETIRIZINA SURLAB 10 mg COMPRIMIDOS, 20 comprimidos"]],
    });
    fs.writeFileSync(path.join(tmp, "cima", "70020.json"), JSON.stringify(medicine));
    const result = await importCatalogue(server.ctx, path.join(tmp, "cima"));
    expect(result.counts).toMatchObject({ created: 1, proposalsClosed: 1 });
    expect(await revision(proposal)).toMatchObject({ status: "cerrada", productId: (await productOf("70020")).id });
  });
});

describe("a laboratory's new medicines on its marketing team's dashboards", () => {
  it("lists a medicine the register just added first, marked new, with zero figures", async () => {
    const nortefarma = await productOf("70001");
    const empresaId = (await createEmpresa(server.ctx.db, { nombre: "Nortefarma Marketing S.L." })).empresa.id;
    await server.ctx.db.insert(laboratoryCompanies).values({ laboratoryId: nortefarma.holderLaboratoryId, empresaId });
    const mkt = await createUser(server.ctx.db, { type: "mkt", empresaId });
    const mktClient = await new BrowserClient(server).signInAs(mkt.id);
    // The products synced before are a month old; the next sync brings a new one.
    await server.ctx.db
      .update(products)
      .set({ createdAt: new Date(Date.now() - 40 * 24 * 3600 * 1000) })
      .where(eq(products.holderLaboratoryId, nortefarma.holderLaboratoryId));
    cima.medicines.set(NEW_NORTEFARMA.nregistro, structuredClone(NEW_NORTEFARMA));
    cima.changes.push({ nregistro: "70010", fecha: Date.now(), tipoCambio: 1, cambios: [] });
    expect((await syncFromCima(server.ctx, client())).counts).toMatchObject({ created: 1 });
    const naproxeno = await productOf("70010");

    const panel = await (await mktClient.get("/api/visita/panel/laboratorio")).json();
    expect(panel.laboratorios).toEqual([
      { id: nortefarma.holderLaboratoryId, nombre: "Nortefarma, S.A.", slug: await labSlug("Nortefarma, S.A.") },
    ]);
    expect(panel.productos[0]).toMatchObject({
      producto: { id: naproxeno.id },
      nuevo_en_registro: true,
      visitadores: [],
      verificaciones: 0,
      verificaciones_profesionales: 0,
    });
    expect(panel.productos.find((p: { producto: { id: number } }) => p.producto.id === nortefarma.id)).toMatchObject({
      nuevo_en_registro: false,
    });

    const stats = await getStatsDashboard(server.ctx, { ...mkt, sessionId: 0, sessionKind: "web" } as SessionUser, { rango: "30" });
    const row = stats.productos.find((p) => p.id === naproxeno.id);
    expect(row).toBeDefined();
    expect(Object.values(row?.cifras ?? {}).every((n) => n === 0)).toBe(true);

    // The panel names the team as the laboratory's, not as a representative.
    const page = await mktClient.fetch("/app/visita/visitador", { headers: { Accept: "text/html" } });
    const text = (await page.text()).replaceAll("<!-- -->", "");
    expect(text).toContain("Equipo de marketing de Nortefarma, S.A.");
    expect(text).toContain("Nuevo en el registro");
    expect(text).toContain("Panel de mi laboratorio</title>");
    expect(text).not.toContain("Farmacéutico comunitario");
  });
});

describe("the laboratory directory", () => {
  it("lists the register's holders and marketers with their medicines, filtered by name, cacheable", async () => {
    const { response, text } = await html("/app/visita/laboratorios");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe(CACHE_CONTROL.public);
    for (const name of ["Nortefarma, S.A.", "Surlab Pharma, S.L.", "Distribuciones Surlab, S.L."]) expect(text).toContain(name);
    const filtered = await html("/app/visita/laboratorios?q=SURLAB%20pharma");
    expect(filtered.text).toContain("Surlab Pharma, S.L.");
    expect(filtered.text).not.toContain("Nortefarma, S.A.");
    expect(filtered.text).toContain("noindex, follow");
    // Counted as everyone sees them: the prescription-only medicine it only markets is not.
    const distribuciones = await listLaboratoryDirectory(server.ctx, { q: "distribuciones surlab" });
    expect(distribuciones).toMatchObject({ total: 1, items: [{ nombre: "Distribuciones Surlab, S.L.", productos: 1 }] });
    expect((await listLaboratoryDirectory(server.ctx, { q: "nortefarma" })).items[0]?.productos).toBe(2);
    const nothing = await html("/app/visita/laboratorios?q=%25%25&pagina=abc");
    expect(nothing.response.status).toBe(200);
    expect(nothing.text).toContain("No hay ningún laboratorio con ese nombre");
  });

  it("a laboratory's page follows the professional gate: a prescription-only medicine it only markets is shown to professionals", async () => {
    const distribuciones = await labSlug("Distribuciones Surlab, S.L.");
    const anonymous = await html(`/app/visita/laboratorio/${distribuciones}`);
    expect(anonymous.response.status).toBe(200);
    expect(anonymous.response.headers.get("cache-control")).toBe(CACHE_CONTROL.public);
    expect(anonymous.text).toContain("PARACETAMOL SURLAB 500 mg COMPRIMIDOS");
    expect(anonymous.text).not.toContain("NAPROXENO NORTEFARMA");
    const professional = await html(`/app/visita/laboratorio/${distribuciones}`, "profesional_sanitario=1");
    expect(professional.response.headers.get("cache-control")).toBe("private, no-store");
    expect(professional.text).toContain("NAPROXENO NORTEFARMA 550 mg COMPRIMIDOS");
    expect(professional.text).toContain("Lo comercializa este laboratorio");
    // Served from the cache again, the anonymous page still hides it.
    expect((await html(`/app/visita/laboratorio/${distribuciones}`)).text).not.toContain("NAPROXENO NORTEFARMA");

    // The holder's page shows its prescription-only medicines by name to everyone, without detail.
    const holder = await html(`/app/visita/laboratorio/${await labSlug("Nortefarma, S.A.")}`);
    expect(holder.text).toContain("NAPROXENO NORTEFARMA 550 mg COMPRIMIDOS");
    expect(holder.text).not.toContain("700101");
    expect(holder.text).not.toContain("M01AE02");
    expect((await html("/app/visita/laboratorio/no-existe")).response.status).toBe(404);
  });
});
