import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmpresa, createUser } from "#server/accounts/factories";
import { listAuditLog } from "#server/platform/audit";
import { AppError } from "#server/platform/errors";
import { linkLaboratoryCompany } from "#server/visita";
import { createProduct } from "#tests/factories/visita";
import { BrowserClient } from "#tests/support/browser-client";
import { startTestServer, type TestServer } from "#tests/support/test-server";

let server: TestServer;
let product: Awaited<ReturnType<typeof createProduct>>;
let labId: number;
let empresaId: number;
let admin: BrowserClient;
let moderator: BrowserClient;
let mkt: BrowserClient;

const DAY = 24 * 60 * 60 * 1000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
const promotion = () => ({
  producto_id: product.id,
  tipo: "descuento",
  titulo: "Descuento de lanzamiento",
  descripcion: "Un descuento para las farmacias durante el lanzamiento.",
  condiciones: "Hasta fin de existencias.",
  fecha_inicio: day(0),
  fecha_fin: day(30),
});
const html = async (client: BrowserClient, path: string, init: RequestInit = {}) => {
  const response = await client.fetch(path, { ...init, headers: { Accept: "text/html", ...(init.headers ?? {}) } });
  return { status: response.status, text: await response.text() };
};
const postForm = (client: BrowserClient, fields: Record<string, string>) =>
  html(client, "/app/admin/laboratorios", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
const labsOnPanel = async (client: BrowserClient) => {
  const response = await client.get("/api/visita/panel/laboratorio");
  expect(response.status).toBe(200);
  return ((await response.json()).laboratorios as { id: number }[]).map((lab) => lab.id);
};
const auditOfLab = async () =>
  (await listAuditLog(server.ctx.db, { subjectType: "laboratory", q: String(labId) })).items.filter(
    (row) => row.subjectId === String(labId),
  );

beforeAll(async () => {
  server = await startTestServer();
  product = await createProduct(server.ctx, { name: "Equipol 5 mg comprimidos", laboratory: "Laboratorios Equipo" });
  labId = product.laboratory.id;
  empresaId = (await createEmpresa(server.ctx.db, { nombre: "Marketing Equipo S.L." })).empresa.id;
  admin = await new BrowserClient(server).signInAs((await createUser(server.ctx.db, { roles: ["admin"] })).id);
  moderator = await new BrowserClient(server).signInAs((await createUser(server.ctx.db, { roles: ["moderador"] })).id);
  mkt = await new BrowserClient(server).signInAs((await createUser(server.ctx.db, { type: "mkt", empresaId })).id);
});
afterAll(() => server?.close());

describe("a laboratory's marketing team in the back office", () => {
  it("lists laboratories by name for admins only", async () => {
    const page = await html(admin, "/app/admin/laboratorios?q=equipo");
    expect(page.status).toBe(200);
    expect(page.text).toContain("Laboratorios Equipo");
    expect(page.text).toContain("Sin empresa vinculada");
    const none = await html(admin, "/app/admin/laboratorios?q=no-existe-ninguno");
    expect(none.text).toContain("No hay laboratorios que coincidan.");
    expect((await html(moderator, "/app/admin/laboratorios")).status).toBe(403);
    expect((await html(mkt, "/app/admin/laboratorios")).status).toBe(403);
  });

  it("refuses a moderator or a marketing user who tries to link, in the page and in the service", async () => {
    expect((await postForm(moderator, { intent: "vincular", id: String(labId), empresa: String(empresaId) })).status).toBe(403);
    expect((await postForm(mkt, { intent: "vincular", id: String(labId), empresa: String(empresaId) })).status).toBe(403);
    const mktUser = { id: 0, email: "x@example.com", roles: ["marketing"] } as unknown as Parameters<typeof linkLaboratoryCompany>[1];
    await expect(linkLaboratoryCompany(server.ctx, mktUser, { laboratoryId: labId, empresa: String(empresaId) })).rejects.toMatchObject({
      status: 403,
    });
    await expect(linkLaboratoryCompany(server.ctx, null, { laboratoryId: labId, empresa: "1" })).rejects.toBeInstanceOf(AppError);
    expect(await labsOnPanel(mkt)).not.toContain(labId);
    expect(await auditOfLab()).toEqual([]);
  });

  it("answers bad input with a Spanish 4xx that keeps what was typed", async () => {
    const unknown = await postForm(admin, { intent: "vincular", id: String(labId), empresa: "Empresa Fantasma S.A." });
    expect(unknown.status).toBe(422);
    expect(unknown.text).toContain("No hay ninguna empresa con ese nombre o id.");
    expect(unknown.text).toContain("Empresa Fantasma S.A.");
    const empty = await postForm(admin, { intent: "vincular", id: String(labId), empresa: "  " });
    expect(empty.status).toBe(422);
    expect(empty.text).toContain("Indica el nombre o el id de la empresa.");
    const badId = await postForm(admin, { intent: "vincular", id: "abc", empresa: String(empresaId) });
    expect(badId.status).toBe(400);
    expect(badId.text).toContain("La petición no es válida.");
    const missingLab = await postForm(admin, { intent: "vincular", id: "999999999", empresa: String(empresaId) });
    expect(missingLab.status).toBe(404);
    expect(missingLab.text).toContain("No hemos encontrado este laboratorio.");
    expect((await postForm(admin, { intent: "borrar", id: String(labId) })).status).toBe(400);
    const unlinkNothing = await postForm(admin, { intent: "desvincular", id: String(labId) });
    expect(unlinkNothing.status).toBe(409);
    expect(unlinkNothing.text).toContain("no está vinculado a ninguna empresa");
    expect(await auditOfLab()).toEqual([]);
  });

  it("links a company by name: its marketing users get the dashboard and promote the laboratory's products", async () => {
    expect((await mkt.json("/api/visita/promociones", promotion())).status).toBe(403);
    const linked = await postForm(admin, { intent: "vincular", id: String(labId), empresa: "marketing equipo s.l." });
    expect(linked.status).toBe(200);
    expect(linked.text).toContain("Empresa vinculada");
    expect((await html(admin, "/app/admin/laboratorios?q=equipo")).text).toContain("Equipo de marketing: Marketing Equipo S.L.");

    expect(await labsOnPanel(mkt)).toContain(labId);
    const created = await mkt.json("/api/visita/promociones", promotion());
    expect(created.status).toBe(201);

    const [entry] = await auditOfLab();
    expect(entry).toMatchObject({ action: "visita_laboratory_team.link", subjectType: "laboratory" });
    expect(entry?.after).toEqual({ empresa: { id: empresaId, nombre: "Marketing Equipo S.L." } });
  });

  it("replaces the company only with an explicit «Cambiar», and unlinking takes the dashboard away", async () => {
    const { empresa: other } = await createEmpresa(server.ctx.db, { nombre: "Otra Agencia S.A." });
    const refused = await postForm(admin, { intent: "vincular", id: String(labId), empresa: String(other.id) });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain("Ya está vinculado a «Marketing Equipo S.L.»");
    expect(await labsOnPanel(mkt)).toContain(labId);

    const changed = await postForm(admin, { intent: "cambiar", id: String(labId), empresa: `#${other.id}` });
    expect(changed.status).toBe(200);
    expect(await labsOnPanel(mkt)).not.toContain(labId);
    const back = await postForm(admin, { intent: "cambiar", id: String(labId), empresa: String(empresaId) });
    expect(back.status).toBe(200);
    expect(await labsOnPanel(mkt)).toContain(labId);

    const unlinked = await postForm(admin, { intent: "desvincular", id: String(labId) });
    expect(unlinked.status).toBe(200);
    expect(unlinked.text).toContain("Empresa desvinculada");
    expect(await labsOnPanel(mkt)).not.toContain(labId);
    expect((await mkt.json("/api/visita/promociones", promotion())).status).toBe(403);

    const actions = (await auditOfLab()).map((row) => row.action);
    expect(actions.sort()).toEqual([
      "visita_laboratory_team.change",
      "visita_laboratory_team.change",
      "visita_laboratory_team.link",
      "visita_laboratory_team.unlink",
    ]);
  });
});
