import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDaysIsoDate } from "#common/jobs";
import { endOfDayIn } from "#common/time-zone";
import { delegaciones, ofertas } from "#server/db/schema";
import { BARCELONA, createCandidate, createCompany, insertOffer, offerPayload } from "#tests/factories/jobs";
import { BrowserClient } from "#tests/support/browser-client";
import { startTestServer, type TestServer } from "#tests/support/test-server";

let server: TestServer;
let company: BrowserClient;
let rival: BrowserClient;
let candidate: BrowserClient;

beforeAll(async () => {
  server = await startTestServer();
  company = await new BrowserClient(server).signInAs((await createCompany(server.ctx, "Laboratorios Panel")).user.id);
  rival = await new BrowserClient(server).signInAs((await createCompany(server.ctx, "Laboratorios Rival")).user.id);
  candidate = await new BrowserClient(server).signInAs((await createCandidate(server.ctx)).id);
});
afterAll(() => server?.close());

describe("the employment panel", () => {
  it("creates a draft, publishes it, closes it and duplicates it", async () => {
    const created = await company.json("/api/empleo/panel/ofertas", offerPayload());
    expect(created.status).toBe(201);
    const draft = await created.json();
    expect(draft).toMatchObject({ status: "borrador", is_open: false, titulo: "Visitador médico zona centro", counts: { total: 0 } });
    expect(draft.salario).toEqual({ min: 28000, max: 36000, moneda: "EUR", periodo: "anual" });
    // A draft is invisible to the public and to other companies, visible to its own.
    expect((await server.fetch(`/api/empleo/ofertas/${draft.id}`)).status).toBe(404);
    expect((await rival.get(`/api/empleo/ofertas/${draft.id}`)).status).toBe(404);
    expect((await company.get(`/api/empleo/ofertas/${draft.id}`)).status).toBe(200);

    const published = await (await company.fetch(`/api/empleo/panel/ofertas/${draft.id}/publicar`, { method: "POST" })).json();
    expect(published).toMatchObject({ status: "publicada", is_open: true });
    const list = await (await server.fetch("/api/empleo/ofertas?pais=espana")).json();
    expect(list.items.map((o: { id: number }) => o.id)).toContain(draft.id);

    const closed = await (await company.fetch(`/api/empleo/panel/ofertas/${draft.id}/cerrar`, { method: "POST" })).json();
    expect(closed).toMatchObject({ status: "cerrada", is_open: false, closed_reason: "cerrada" });
    const republish = await company.fetch(`/api/empleo/panel/ofertas/${draft.id}/publicar`, { method: "POST" });
    expect(republish.status).toBe(409);

    const copy = await company.fetch(`/api/empleo/panel/ofertas/${draft.id}/duplicar`, { method: "POST" });
    expect(copy.status).toBe(201);
    const duplicate = await copy.json();
    expect(duplicate.id).not.toBe(draft.id);
    expect(duplicate).toMatchObject({ status: "borrador", titulo: draft.titulo });

    const mine = await (await company.get("/api/empleo/panel/ofertas")).json();
    expect(mine.map((o: { id: number }) => o.id)).toEqual([duplicate.id, draft.id]);
    expect(await (await rival.get("/api/empleo/panel/ofertas")).json()).toEqual([]);
  });

  it("keeps the closing date the user chose, as the end of that day in their time zone", async () => {
    const day = addDaysIsoDate(30);
    const madrid = await (await company.json("/api/empleo/panel/ofertas", offerPayload({ fecha_expiracion: day }))).json();
    expect(madrid.fecha_expiracion).toBe(day);
    const [row] = await server.ctx.db.select({ expiresAt: ofertas.expiresAt }).from(ofertas).where(eq(ofertas.id, madrid.id));
    expect(row?.expiresAt?.toISOString()).toBe(endOfDayIn(day, "Europe/Madrid").toISOString());
    // Shown on the offer page as the same day (Spain by default).
    const html = await (await company.get(`/app/empleo/panel/ofertas/${madrid.id}/editar`)).text();
    expect(html).toContain(`value="${day}"`);

    // A user in Mexico City chooses the same day: it ends there, six hours later.
    const response = await company.fetch("/api/empleo/panel/ofertas", {
      method: "POST",
      body: JSON.stringify(offerPayload({ fecha_expiracion: day })),
      headers: { "Content-Type": "application/json", "X-Timezone": "America/Mexico_City" },
    });
    const mexico = await response.json();
    const [other] = await server.ctx.db.select({ expiresAt: ofertas.expiresAt }).from(ofertas).where(eq(ofertas.id, mexico.id));
    expect(other?.expiresAt?.toISOString()).toBe(endOfDayIn(day, "America/Mexico_City").toISOString());
  });

  it("edits an offer and sanitises the description (scripts, handlers and bad links removed)", async () => {
    const draft = await (await company.json("/api/empleo/panel/ofertas", offerPayload())).json();
    const html =
      '<p onclick="steal()">Buscamos <b>delegado</b> para la zona de Barcelona con experiencia.<script>alert(1)</script></p>' +
      '<img src=x onerror="alert(2)"><a href="javascript:alert(3)">mal</a> <a href="https://example.com/info">info</a><iframe src="https://evil"></iframe>';
    const response = await company.json(
      `/api/empleo/panel/ofertas/${draft.id}`,
      offerPayload({ titulo: "Delegado Barcelona", estado_id: BARCELONA, ciudad: "Barcelona", descripcion: html }),
      "PUT",
    );
    expect(response.status).toBe(200);
    const updated = await response.json();
    expect(updated).toMatchObject({ titulo: "Delegado Barcelona", estado: { id: BARCELONA, nombre: "Barcelona" } });
    const out: string = updated.descripcion_html;
    for (const bad of ["<script", "alert(1)", "onclick", "onerror", "<img", "javascript:", "<iframe"]) expect(out).not.toContain(bad);
    expect(out).toContain("<strong>delegado</strong>");
    expect(out).toContain('<a href="https://example.com/info" target="_blank" rel="noopener noreferrer nofollow">info</a>');
    expect(updated.snippet).toContain("Buscamos delegado para la zona de Barcelona");
  });

  it("rejects invalid offers with Spanish messages per field", async () => {
    const response = await company.json(
      "/api/empleo/panel/ofertas",
      offerPayload({ salario_min: 40000, salario_max: 30000, salario_moneda: "", fecha_expiracion: "2001-01-01", titulo: "" }),
    );
    expect(response.status).toBe(422);
    const { errors } = await response.json();
    expect(errors.salario_max).toEqual(["El salario máximo no puede ser menor que el mínimo."]);
    expect(errors.salario_moneda).toEqual(["Indica la moneda del salario."]);
    expect(errors.fecha_expiracion).toEqual(["La fecha de caducidad debe ser posterior a hoy."]);
    expect(errors.titulo).toBeDefined();

    const wrongEstado = await company.json("/api/empleo/panel/ofertas", offerPayload({ pais_id: 154 }));
    expect(wrongEstado.status).toBe(422);
    expect((await wrongEstado.json()).errors.estado_id).toEqual(["La provincia o estado no pertenece al país elegido."]);

    const empty = await company.json("/api/empleo/panel/ofertas", offerPayload({ descripcion: "<script>x</script><p>corta</p>" }));
    expect(empty.status).toBe(422);
    expect((await empty.json()).errors.descripcion).toBeDefined();
  });

  it("keeps each company to its own offers and candidates out of the panel", async () => {
    const { empresa } = await createCompany(server.ctx, "Otra empresa");
    const foreign = await insertOffer(server.ctx, empresa.id);
    expect((await company.get(`/api/empleo/panel/ofertas/${foreign.id}`)).status).toBe(404);
    expect((await company.json(`/api/empleo/panel/ofertas/${foreign.id}`, offerPayload(), "PUT")).status).toBe(404);
    for (const action of ["publicar", "cerrar", "duplicar"]) {
      expect((await company.fetch(`/api/empleo/panel/ofertas/${foreign.id}/${action}`, { method: "POST" })).status).toBe(404);
    }
    expect((await company.get(`/api/empleo/panel/ofertas/${foreign.id}/candidaturas`)).status).toBe(404);
    expect((await candidate.get("/api/empleo/panel/ofertas")).status).toBe(403);
    expect((await candidate.json("/api/empleo/panel/ofertas", offerPayload())).status).toBe(403);
    expect((await server.fetch("/api/empleo/panel/ofertas")).status).toBe(401);
  });

  it("documents the jobs API in OpenAPI", async () => {
    const doc = await (await server.fetch("/api/openapi.json")).json();
    for (const path of [
      "/empleo/ofertas",
      "/empleo/ofertas/{id}/candidaturas",
      "/empleo/panel/candidaturas/{id}/estado",
      "/empleo/alertas/baja/{token}",
    ]) {
      expect(doc.paths[path]).toBeDefined();
    }
  });
});

describe("the offer form", () => {
  it("offers every delegation of the company, and none of another company's", async () => {
    const owner = await createCompany(server.ctx, "Laboratorios Sedes");
    const other = await createCompany(server.ctx, "Laboratorios Ajenos");
    await server.ctx.db.insert(delegaciones).values([
      { empresaId: owner.empresa.id, nombre: "Delegación Bilbao" },
      { empresaId: owner.empresa.id, nombre: "Delegación Sevilla" },
      { empresaId: other.empresa.id, nombre: "Delegación Ajena Valencia" },
    ]);
    const browser = await new BrowserClient(server).signInAs(owner.user.id);
    const page = await browser.fetch("/app/empleo/panel/ofertas/nueva", { headers: { Accept: "text/html" } });
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const nombre of ["Sede central", "Delegación Bilbao", "Delegación Sevilla"]) expect(html).toContain(nombre);
    expect(html).not.toContain("Delegación Ajena Valencia");
  });
});
