import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "#server/accounts/factories";
import { auditLog, productVersions } from "#server/db/schema";
import { mailsTo } from "#tests/factories/accounts";
import { createProduct } from "#tests/factories/visita";
import { BrowserClient } from "#tests/support/browser-client";
import { imageBytes, PNG_SIGNATURE_THEN_HTML } from "#tests/support/files";
import { startTestServer, type TestServer } from "#tests/support/test-server";

let server: TestServer;
let rep: BrowserClient;
let repEmail: string;
let otherRep: BrowserClient;
let moderator: BrowserClient;
let web: BrowserClient;
let labId: number;
let existing: Awaited<ReturnType<typeof createProduct>>;

/** A complete proposal; codes are unique per call unless given. */
let next = 0;
function proposal(overrides: Record<string, unknown> = {}) {
  next++;
  return {
    nombre: `Novafen ${next} 400 mg comprimidos recubiertos`,
    laboratorio_id: labId,
    numero_registro: String(7_700_000 + next),
    forma: "comprimido_recubierto",
    receta: "sin_receta",
    principios_activos: [{ nombre: "ibuprofeno", dosis: "400", unidad: "mg" }],
    presentaciones: [{ cn: String(960_000 + next), nombre: "20 comprimidos" }],
    atc: "N02BE01",
    vias: ["oral"],
    ...overrides,
  };
}

beforeAll(async () => {
  server = await startTestServer();
  existing = await createProduct(server.ctx, { name: "Dolokit 1 g comprimidos", cns: ["654321"] });
  labId = existing.laboratory.id;
  const repUser = await createUser(server.ctx.db, { type: "visita", nombre: "Lucía" });
  repEmail = repUser.email;
  rep = await new BrowserClient(server).signInAs(repUser.id);
  otherRep = await new BrowserClient(server).signInAs((await createUser(server.ctx.db, { type: "visita" })).id);
  moderator = await new BrowserClient(server).signInAs((await createUser(server.ctx.db, { roles: ["moderador"] })).id);
  web = await new BrowserClient(server).signInAs((await createUser(server.ctx.db, { type: "web" })).id);
});
afterAll(() => server?.close());

describe("revisions: guards (spec §6)", () => {
  it("answers 401 to anonymous requests and 403 to other roles", async () => {
    const anonymous = new BrowserClient(server);
    expect((await anonymous.json("/api/visita/revisiones", { nada: 1 })).status).toBe(401);
    expect((await anonymous.get("/api/visita/moderacion/revisiones")).status).toBe(401);
    expect((await anonymous.json("/api/visita/moderacion/revisiones/1/aprobar", {})).status).toBe(401);
    expect((await web.json("/api/visita/revisiones", { datos: proposal() })).status).toBe(403);
    expect((await rep.get("/api/visita/moderacion/revisiones")).status).toBe(403);
    expect((await rep.json("/api/visita/moderacion/revisiones/1/aprobar", {})).status).toBe(403);
    expect((await moderator.json("/api/visita/revisiones", { datos: proposal() })).status).toBe(403);
  });

  it("refuses bad input with Spanish messages per field", async () => {
    const response = await rep.json("/api/visita/revisiones", {
      datos: proposal({ nombre: "", presentaciones: [{ cn: "12", nombre: "x" }] }),
    });
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body.errors["datos.nombre"][0]).toBe("El nombre es obligatorio.");
    expect(body.errors["datos.presentaciones.0.cn"][0]).toBe("El código nacional son 6 cifras (o 7 con el dígito de control).");
    const unknownLab = await rep.json("/api/visita/revisiones", { datos: proposal({ laboratorio_id: 999999 }) });
    expect(unknownLab.status).toBe(422);
    expect((await unknownLab.json()).errors.laboratorio_id[0]).toBe("Elige un laboratorio del catálogo.");
  });
});

describe("revisions: propose → approve or reject", () => {
  it("a new product approved is in the catalogue; the author is told by e-mail and in the app", async () => {
    const created = await rep.json("/api/visita/revisiones", {
      datos: proposal({ nombre: "Zentrafil 50 mg comprimidos" }),
      comentario: "Falta en el catálogo",
    });
    expect(created.status).toBe(201);
    const revision = await created.json();
    expect(revision).toMatchObject({ tipo: "nuevo", estado: "pendiente", producto_id: null });

    const image = await imageBytes(300, 200, "png");
    const form = new FormData();
    form.set("imagen", new Blob([new Uint8Array(image)], { type: "image/png" }), "caja.png");
    const uploaded = await rep.fetch(`/api/visita/revisiones/${revision.id}/imagen`, { method: "PUT", body: form });
    expect(uploaded.status).toBe(200);
    expect((await uploaded.json()).imagen_url).toMatch(/^\/api\/visita\/revisiones\/\d+\/imagen/);
    const fake = new FormData();
    fake.set("imagen", new Blob([new Uint8Array(PNG_SIGNATURE_THEN_HTML)], { type: "image/png" }), "x.png");
    expect((await rep.fetch(`/api/visita/revisiones/${revision.id}/imagen`, { method: "PUT", body: fake })).status).toBe(415);
    expect((await otherRep.get(`/api/visita/revisiones/${revision.id}`)).status).toBe(404);

    const queue = await (await moderator.get("/api/visita/moderacion/revisiones?tipo=nuevo")).json();
    expect(queue.items.map((i: { id: number }) => i.id)).toContain(revision.id);
    const review = await (await moderator.get(`/api/visita/moderacion/revisiones/${revision.id}`)).json();
    expect(review.comparacion.find((f: { campo: string }) => f.campo === "nombre")).toMatchObject({
      valor: "Zentrafil 50 mg comprimidos",
      actual: null,
    });

    const approved = await moderator.json(`/api/visita/moderacion/revisiones/${revision.id}/aprobar`, {});
    expect(approved.status).toBe(200);
    const { producto_id, url } = await approved.json();
    expect(url).toBe(`/app/visita/producto/zentrafil-50-mg-comprimidos/${producto_id}`);
    expect((await moderator.json(`/api/visita/moderacion/revisiones/${revision.id}/aprobar`, {})).status).toBe(409);

    const found = await (await server.fetch("/api/visita/productos?q=zentrafil")).json();
    expect(found.items.map((i: { id: number }) => i.id)).toEqual([producto_id]);
    const product = await (await server.fetch(`/api/visita/productos/${producto_id}`)).json();
    expect(product.detalle.principios_activos).toEqual([{ nombre: "ibuprofeno", dosis: "400", unidad: "mg" }]);
    const picture = await server.fetch(product.detalle.imagen_url);
    expect(picture.headers.get("content-type")).toBe("image/webp");

    const mails = await mailsTo(server, repEmail, "visita_revision_approved");
    expect(mails[0]?.subject).toMatch(/^Hemos aprobado tu propuesta de nuevo producto «Zentrafil 50 mg comprimidos»/);
    expect(mails[0]?.text).toContain(url);
    const mine = await (await rep.get("/api/visita/revisiones")).json();
    expect(mine.find((r: { id: number }) => r.id === revision.id)).toMatchObject({ estado: "aprobada", producto_id });
    const audit = await server.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, String(revision.id)));
    expect(audit.map((a) => a.action).sort()).toEqual(["visita_revision.approve", "visita_revision.create", "visita_revision.image"]);
  });

  it("a change approved keeps the previous version; a change rejected changes nothing and the author reads why", async () => {
    const base = await (await rep.get(`/api/visita/productos/${existing.id}`)).json();
    const current = await (await moderator.get(`/api/visita/productos/${existing.id}`)).json();
    expect(current.detalle.version).toBe(1);
    const change = proposal({
      nombre: "Dolokit 1 g comprimidos efervescentes",
      forma: "comprimido_efervescente",
      presentaciones: [{ cn: "654321", nombre: "40 comprimidos" }],
      numero_registro: existing.registrationNumber,
      atc: existing.atcCode,
    });
    const rejected = await (await rep.json("/api/visita/revisiones", { producto_id: existing.id, datos: change })).json();
    expect(rejected.tipo).toBe("cambios");
    const noReason = await moderator.json(`/api/visita/moderacion/revisiones/${rejected.id}/rechazar`, { motivo: "" });
    expect(noReason.status).toBe(422);
    expect((await noReason.json()).errors.motivo[0]).toBe("El motivo es obligatorio.");
    const reject = await moderator.json(`/api/visita/moderacion/revisiones/${rejected.id}/rechazar`, {
      motivo: "La forma no coincide con la ficha técnica.",
    });
    expect(reject.status).toBe(204);
    expect((await (await server.fetch(`/api/visita/productos/${existing.id}`)).json()).nombre).toBe(base.nombre);
    const rejection = await mailsTo(server, repEmail, "visita_revision_rejected");
    expect(rejection[0]?.text).toContain("La forma no coincide con la ficha técnica.");

    const accepted = await (await rep.json("/api/visita/revisiones", { producto_id: existing.id, datos: change })).json();
    const review = await (await moderator.get(`/api/visita/moderacion/revisiones/${accepted.id}`)).json();
    expect(review.comparacion.find((f: { campo: string }) => f.campo === "nombre")).toMatchObject({
      actual: "Dolokit 1 g comprimidos",
      valor: "Dolokit 1 g comprimidos efervescentes",
      cambia: true,
    });
    expect((await moderator.json(`/api/visita/moderacion/revisiones/${accepted.id}/aprobar`, {})).status).toBe(200);
    const after = await (await server.fetch(`/api/visita/productos/${existing.id}`)).json();
    expect(after).toMatchObject({
      nombre: "Dolokit 1 g comprimidos efervescentes",
      detalle: { version: 2, forma: { clave: "comprimido_efervescente" } },
    });
    // Once applied, the review compares with the state it replaced.
    const applied = await (await moderator.get(`/api/visita/moderacion/revisiones/${accepted.id}`)).json();
    expect(applied.comparacion.find((f: { campo: string }) => f.campo === "nombre")).toMatchObject({
      actual: "Dolokit 1 g comprimidos",
      cambia: true,
    });
    const versions = await server.ctx.db.select().from(productVersions).where(eq(productVersions.productId, existing.id));
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({ version: 1, data: { nombre: "Dolokit 1 g comprimidos", forma: "comprimido" } });
  });
});

describe("revisions: duplicates (same CN)", () => {
  it("catches a proposal whose CN is already in the catalogue or in another pending proposal", async () => {
    const inCatalogue = await rep.json("/api/visita/revisiones", {
      datos: proposal({ presentaciones: [{ cn: "6543210", nombre: "10 comprimidos" }] }),
    });
    // 6543210 carries a wrong check digit; the right one is accepted and found duplicate.
    expect(inCatalogue.status).toBe(422);
    const duplicate = await rep.json("/api/visita/revisiones", {
      datos: proposal({ presentaciones: [{ cn: "654321", nombre: "10 comprimidos" }] }),
    });
    expect(duplicate.status).toBe(409);
    const body = await duplicate.json();
    expect(body.errors["presentaciones.0.cn"][0]).toMatch(
      /^Este medicamento ya está en el catálogo: el código nacional 654321\.\d es de «Dolokit/,
    );

    const first = await otherRep.json("/api/visita/revisiones", {
      datos: proposal({ presentaciones: [{ cn: "700001", nombre: "30 cápsulas" }] }),
    });
    expect(first.status).toBe(201);
    const second = await rep.json("/api/visita/revisiones", {
      datos: proposal({ presentaciones: [{ cn: "700001", nombre: "30 cápsulas" }] }),
    });
    expect(second.status).toBe(409);
    expect((await second.json()).errors["presentaciones.0.cn"][0]).toMatch(
      /^Ya hay una propuesta pendiente de revisión con el código nacional 700001\.\d/,
    );
  });
});
