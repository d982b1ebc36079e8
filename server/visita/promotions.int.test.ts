import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isoDateIn } from "#common/time-zone";
import { createEmpresa, createUser } from "#server/accounts/factories";
import { auditLog, laboratoryCompanies, portfolioEntries, promotions } from "#server/db/schema";
import { expireDuePromotions, listActivePromotionsOfRepresentative, listMyPromotions, marketingLaboratoriesOf } from "#server/visita";
import { createProduct } from "#tests/factories/visita";
import { BrowserClient } from "#tests/support/browser-client";
import { startTestServer, type TestServer } from "#tests/support/test-server";

let server: TestServer;
let otc: Awaited<ReturnType<typeof createProduct>>;
let rx: Awaited<ReturnType<typeof createProduct>>;
let foreign: Awaited<ReturnType<typeof createProduct>>;
let rep: BrowserClient;
let repId: number;
let otherRep: BrowserClient;
let mkt: BrowserClient;
let otherMkt: BrowserClient;
let moderator: BrowserClient;
let mktId: number;

const DAY = 24 * 60 * 60 * 1000;
const madridToday = () => isoDateIn(Date.now(), "Europe/Madrid");
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
const input = (overrides: Record<string, unknown> = {}) => ({
  tipo: "muestras",
  titulo: "Muestras para tu consulta",
  descripcion: "Pide muestras gratuitas en https://example.com/muestras para tu centro.",
  condiciones: "Hasta 10 unidades.",
  fecha_inicio: day(-1),
  fecha_fin: day(30),
  ...overrides,
});
const pageHtml = async (client: BrowserClient | TestServer, path: string) => {
  const response = await client.fetch(path, { headers: { Accept: "text/html" } });
  return { response, html: await response.text() };
};
const endNow = (id: number) =>
  server.ctx.db
    .update(promotions)
    .set({ endsAt: new Date(Date.now() - 1000) })
    .where(eq(promotions.id, id));

beforeAll(async () => {
  server = await startTestServer();
  otc = await createProduct(server.ctx, { name: "Tosalin 10 mg jarabe", laboratory: "Laboratorios Brisa" });
  rx = await createProduct(server.ctx, {
    name: "Presoral 20 mg comprimidos",
    laboratory: "Laboratorios Brisa",
    ingredients: [{ name: "olmesartán", strength: "20", unit: "mg" }],
    atcCode: "C09CA08",
    prescription: "receta",
  });
  foreign = await createProduct(server.ctx, { name: "Otrolab 5 mg comprimidos", laboratory: "Laboratorios Lejanos" });
  const repUser = await createUser(server.ctx.db, { type: "visita", nombre: "Marta", apellidos: "Promotora" });
  repId = repUser.id;
  await server.ctx.db.insert(portfolioEntries).values([
    { userId: repId, productId: otc.id },
    { userId: repId, productId: rx.id },
  ]);
  rep = await new BrowserClient(server).signInAs(repId);
  otherRep = await new BrowserClient(server).signInAs((await createUser(server.ctx.db, { type: "visita" })).id);
  const { empresa } = await createEmpresa(server.ctx.db, { nombre: "Laboratorio de Elena S.A." });
  await server.ctx.db.insert(laboratoryCompanies).values({ laboratoryId: otc.laboratory.id, empresaId: empresa.id });
  const mktUser = await createUser(server.ctx.db, { type: "mkt", nombre: "Elena", apellidos: "Brisa", empresaId: empresa.id });
  mkt = await new BrowserClient(server).signInAs(mktUser.id);
  mktId = mktUser.id;
  const { empresa: otherEmpresa } = await createEmpresa(server.ctx.db, { nombre: "Otro laboratorio S.A." });
  await server.ctx.db.insert(laboratoryCompanies).values({ laboratoryId: foreign.laboratory.id, empresaId: otherEmpresa.id });
  const otherMktUser = await createUser(server.ctx.db, { type: "mkt", empresaId: otherEmpresa.id });
  otherMkt = await new BrowserClient(server).signInAs(otherMktUser.id);
  moderator = await new BrowserClient(server).signInAs((await createUser(server.ctx.db, { roles: ["moderador"] })).id);
});
afterAll(() => server?.close());

describe("promotions API: §6 guards and authorisation", () => {
  it("answers 401 to anonymous writes whatever the body, and 403 to other roles", async () => {
    const anonymous = new BrowserClient(server);
    expect((await anonymous.json("/api/visita/promociones", { nada: true })).status).toBe(401);
    expect((await anonymous.json("/api/visita/promociones/1", {}, "PUT")).status).toBe(401);
    expect((await anonymous.get("/api/visita/promociones")).status).toBe(401);
    expect((await anonymous.json("/api/visita/promociones/1/retirada", {})).status).toBe(401);
    const web = await new BrowserClient(server).signInAs((await createUser(server.ctx.db, { type: "web" })).id);
    expect((await web.json("/api/visita/promociones", { producto_id: otc.id, ...input() })).status).toBe(403);
    expect((await web.get("/api/visita/promociones")).status).toBe(403);
    expect((await rep.json("/api/visita/promociones/1/retirada", { motivo: "Engañosa" })).status).toBe(403);
  });

  it("lets a representative promote only products in their portfolio, and nobody else edit it", async () => {
    expect((await rep.json("/api/visita/promociones", { producto_id: foreign.id, ...input() })).status).toBe(403);
    expect((await rep.json("/api/visita/promociones", { producto_id: 99999999, ...input() })).status).toBe(404);
    const created = await rep.json("/api/visita/promociones", { producto_id: otc.id, ...input() });
    expect(created.status).toBe(201);
    const promo = await created.json();
    expect(promo).toMatchObject({ estado: "borrador", tipo: "muestras", fecha_inicio: day(-1), fecha_fin: day(30) });
    expect(promo.url).toBe(`/app/visita/laboratorio-promocion/laboratorios-brisa/${promo.id}`);
    expect(promo.autor.contactar_url).toBe(`/app/chat?to=${repId}`);

    expect((await otherRep.json(`/api/visita/promociones/${promo.id}`, input({ titulo: "Mía" }), "PUT")).status).toBe(404);
    expect((await otherRep.fetch(`/api/visita/promociones/${promo.id}/publicar`, { method: "POST" })).status).toBe(404);
    expect((await otherMkt.json(`/api/visita/promociones/${promo.id}`, input(), "PUT")).status).toBe(404);
    // The laboratory's marketing user may edit it; a draft is not public.
    const edited = await mkt.json(`/api/visita/promociones/${promo.id}`, input({ titulo: "Muestras revisadas" }), "PUT");
    expect(edited.status).toBe(200);
    expect((await server.fetch(`/api/visita/promociones/${promo.id}`)).status).toBe(404);
  });

  it("lets marketing promote only its laboratory's products", async () => {
    expect((await mkt.json("/api/visita/promociones", { producto_id: foreign.id, ...input() })).status).toBe(403);
    const own = await mkt.json("/api/visita/promociones", { producto_id: otc.id, ...input({ tipo: "descuento" }), publicar: true });
    expect(own.status).toBe(201);
    expect((await own.json()).estado).toBe("activa");
    const theirs = await (await otherMkt.get("/api/visita/promociones")).json();
    expect(theirs).toEqual([]);
  });

  it("refuses bad input with Spanish messages per field", async () => {
    const bad = await rep.json("/api/visita/promociones", {
      producto_id: otc.id,
      ...input({ tipo: "regalo", titulo: "", fecha_inicio: "31/12/2026" }),
    });
    expect(bad.status).toBe(422);
    const { errors } = await bad.json();
    expect(errors.tipo[0]).toBe("Elige el tipo de promoción.");
    expect(errors.titulo[0]).toBe("El título debe tener al menos 3 caracteres.");
    expect(errors.fecha_inicio[0]).toBe("Indica una fecha de inicio válida.");
    const reversed = await rep.json("/api/visita/promociones", {
      producto_id: otc.id,
      ...input({ fecha_inicio: day(5), fecha_fin: day(2) }),
    });
    expect((await reversed.json()).errors.fecha_fin[0]).toBe("La fecha de fin no puede ser anterior a la de inicio.");
    const past = await rep.json("/api/visita/promociones", {
      producto_id: otc.id,
      ...input({ fecha_inicio: day(-9), fecha_fin: day(-2) }),
    });
    expect(past.status).toBe(422);
    expect((await past.json()).errors.fecha_fin[0]).toBe("La fecha de fin ya ha pasado.");
  });
});

describe("states and expiry", () => {
  it("publishes, shows it on the product page, and treats it as caducada from its end, before and after the job", async () => {
    const promo = await (
      await rep.json("/api/visita/promociones", { producto_id: otc.id, ...input({ titulo: "Campaña de invierno" }) })
    ).json();
    const published = await rep.fetch(`/api/visita/promociones/${promo.id}/publicar`, { method: "POST" });
    expect((await published.json()).estado).toBe("activa");
    expect((await pageHtml(server, `/app/visita/producto/${otc.slug}/${otc.id}`)).html).toContain("Campaña de invierno");
    const publicView = await (await server.fetch(`/api/visita/promociones/${promo.id}`)).json();
    expect(publicView).toMatchObject({ restringido: false, promocion: { titulo: "Campaña de invierno", estado: "activa" } });

    await endNow(promo.id);
    // Before the job runs: every query already says caducada. (A fresh render: the cached page
    // above is kept only until the promotion's end, which endNow moved behind its back.)
    expect((await pageHtml(server, `/app/visita/producto/${otc.slug}/${otc.id}?tras=fin`)).html).not.toContain("Campaña de invierno");
    expect((await server.fetch(`/api/visita/promociones/${promo.id}`)).status).toBe(410);
    const mine = await (await rep.get("/api/visita/promociones/por-estado")).json();
    expect(mine.caducada.map((p: { id: number }) => p.id)).toContain(promo.id);
    expect(mine.activa.map((p: { id: number }) => p.id)).not.toContain(promo.id);
    const [stored] = await server.ctx.db.select({ status: promotions.status }).from(promotions).where(eq(promotions.id, promo.id));
    expect(stored?.status).toBe("activa");

    // The job writes it, once.
    expect(await expireDuePromotions(server.ctx)).toContain(promo.id);
    expect(await expireDuePromotions(server.ctx)).not.toContain(promo.id);
    const [after] = await server.ctx.db.select({ status: promotions.status }).from(promotions).where(eq(promotions.id, promo.id));
    expect(after?.status).toBe("caducada");
  });

  it("keeps a promotion ending today active until the end of that day in the author's zone", async () => {
    const created = await rep.fetch("/api/visita/promociones", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Timezone": "Europe/Madrid" },
      // "Today" in the author's zone: between 23:00 and 24:00 UTC, Madrid is already on the next day.
      body: JSON.stringify({ producto_id: otc.id, ...input({ fecha_inicio: madridToday(), fecha_fin: madridToday() }), publicar: true }),
    });
    const promo = await created.json();
    expect(promo.estado).toBe("activa");
    expect(new Date(promo.fin).getTime()).toBeGreaterThan(Date.now());
    expect(await expireDuePromotions(server.ctx)).not.toContain(promo.id);
  });
});

describe("ending a promotion early", () => {
  it("lets its author end it now; it disappears at once and others cannot", async () => {
    const promo = await (
      await rep.json("/api/visita/promociones", { producto_id: otc.id, ...input({ titulo: "Muestras agotables" }), publicar: true })
    ).json();
    expect((await otherRep.fetch(`/api/visita/promociones/${promo.id}/finalizar`, { method: "POST" })).status).toBe(404);
    const ended = await rep.fetch(`/api/visita/promociones/${promo.id}/finalizar`, { method: "POST" });
    expect((await ended.json()).estado).toBe("caducada");
    expect((await pageHtml(server, `/app/visita/producto/${otc.slug}/${otc.id}`)).html).not.toContain("Muestras agotables");
    expect((await rep.fetch(`/api/visita/promociones/${promo.id}/finalizar`, { method: "POST" })).status).toBe(409);
  });
});

describe("the professional gate on promotion pages", () => {
  let rxPromo: { id: number; url: string };
  beforeAll(async () => {
    rxPromo = await (
      await rep.json("/api/visita/promociones", {
        producto_id: rx.id,
        ...input({ titulo: "Formación en hipertensión", descripcion: "Sesión sobre olmesartán y su titulación." }),
        publicar: true,
      })
    ).json();
  });

  it("anonymous visitors and non-professionals get only the gate, in HTML, .data and JSON", async () => {
    const secrets = ["Formación en hipertensión", "olmesartán", "titulación"];
    const { response, html } = await pageHtml(server, rxPromo.url);
    expect(response.status).toBe(200);
    expect(html).toContain("¿Es usted profesional sanitario?");
    for (const secret of secrets) expect(html).not.toContain(secret);
    expect(html).toContain('content="noindex, nofollow"');
    // The gate alone, the same for every anonymous visitor: cacheable (decision 0048).
    expect(response.headers.get("cache-control")).toMatch(/^public/);
    const dataText = await (await server.fetch(`${rxPromo.url}.data`)).text();
    for (const secret of secrets) expect(dataText).not.toContain(secret);
    const json = await (await server.fetch(`/api/visita/promociones/${rxPromo.id}`)).json();
    expect(json).toMatchObject({ restringido: true, promocion: null });
    expect(JSON.stringify(json)).not.toContain("olmesartán");
    const web = await new BrowserClient(server).signInAs((await createUser(server.ctx.db, { type: "web" })).id);
    expect((await pageHtml(web, rxPromo.url)).html).not.toContain("Formación en hipertensión");
    // Nor on the representative's public list or the product page.
    expect((await pageHtml(server, `/app/visita/producto/${rx.slug}/${rx.id}`)).html).not.toContain("Formación en hipertensión");
  });

  it("a professional (gate answered) sees it with Contactar and Open Graph; a wrong slug moves permanently", async () => {
    const client = new BrowserClient(server);
    const answer = await client.fetch(rxPromo.url, { method: "POST", body: new URLSearchParams({ intent: "gate", respuesta: "si" }) });
    expect(answer.status).toBe(303);
    const { html } = await pageHtml(client, rxPromo.url);
    expect(html).toContain("Formación en hipertensión");
    expect(html).toContain(`/app/chat?to=${repId}`);
    expect(html).toContain('property="og:title"');
    const moved = await server.fetch(rxPromo.url.replace("laboratorios-brisa", "otro-lab"), { headers: { Accept: "text/html" } });
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toContain(rxPromo.url);
  });
});

describe("take-down by moderators", () => {
  it("hides the promotion, records it in the audit log and tells the author", async () => {
    const promo = await (
      await rep.json("/api/visita/promociones", { producto_id: otc.id, ...input({ titulo: "Promoción dudosa" }), publicar: true })
    ).json();
    expect((await moderator.json(`/api/visita/promociones/${promo.id}/retirada`, { motivo: "" })).status).toBe(422);
    const taken = await moderator.json(`/api/visita/promociones/${promo.id}/retirada`, { motivo: "Publicidad engañosa" });
    expect(taken.status).toBe(200);
    expect((await taken.json()).estado).toBe("retirada");
    expect((await server.fetch(`/api/visita/promociones/${promo.id}`)).status).toBe(404);
    const [entry] = await server.ctx.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'visita_promotion.take_down' AND ${auditLog.subjectId} = ${String(promo.id)}`);
    expect(entry?.after).toMatchObject({ status: "retirada", motivo: "Publicidad engañosa" });
    const mine = await (await rep.get("/api/visita/promociones/por-estado")).json();
    const retired = mine.retirada.find((p: { id: number }) => p.id === promo.id);
    expect(retired.retirada.motivo).toBe("Publicidad engañosa");
    expect((await rep.json(`/api/visita/promociones/${promo.id}`, input(), "PUT")).status).toBe(409);
    expect((await pageHtml(rep, `/app/visita/visitador/edit-promo/${promo.id}`)).html).toContain("Retirada por moderación");
    expect((await pageHtml(rep, "/app/visita/visitador")).html).toContain("Un moderador ha retirado tu promoción");
  });
});

describe("promotion pages", () => {
  it("guards crear-promocion and edit-promo (§6) and creates one through the form", async () => {
    const path = `/app/visita/visitador/crear-promocion/${otc.id}`;
    const anonymous = await server.fetch(path, { headers: { Accept: "text/html" } });
    expect(anonymous.status).toBe(302);
    expect(new URL(anonymous.headers.get("location") ?? "", server.url).searchParams.get("redirect_url")).toBe(path);
    const web = await new BrowserClient(server).signInAs((await createUser(server.ctx.db, { type: "web" })).id);
    expect((await web.fetch(path, { headers: { Accept: "text/html" } })).status).toBe(403);

    const form = new FormData();
    for (const [key, value] of Object.entries(input({ titulo: "Material para pacientes", tipo: "material" }))) form.set(key, String(value));
    form.set("intent", "publicar");
    const saved = await rep.fetch(path, { method: "POST", body: form });
    expect(saved.status).toBe(303);
    const location = saved.headers.get("location") ?? "";
    expect(location).toMatch(/\/app\/visita\/laboratorio-promocion\/laboratorios-brisa\/\d+$/);
    const page = await pageHtml(server, location);
    expect(page.html).toContain("Material para pacientes");
    expect(page.html).toContain('href="https://example.com/muestras"');

    const id = Number(location.split("/").pop());
    expect((await otherRep.fetch(`/app/visita/visitador/edit-promo/${id}`, { headers: { Accept: "text/html" } })).status).toBe(404);
    const invalid = new FormData();
    for (const [key, value] of Object.entries(input({ titulo: "" }))) invalid.set(key, String(value));
    const failed = await rep.fetch(`/app/visita/visitador/edit-promo/${id}`, { method: "POST", body: invalid });
    expect(failed.status).toBe(422);
    const failedHtml = await failed.text();
    expect(failedHtml).toContain("El título debe tener al menos 3 caracteres.");
    expect(failedHtml).toContain("Pide muestras gratuitas");
  });
});

describe("what other pages reuse (server/visita/index.ts)", () => {
  it("lists a representative's live promotions for their public profile, without prescription-only ones for non-professionals", async () => {
    const publicList = await listActivePromotionsOfRepresentative(server.ctx, repId);
    expect(publicList.length).toBeGreaterThan(0);
    expect(publicList.every((p) => p.estado === "activa" && !p.producto.requiere_receta)).toBe(true);
    const forProfessionals = await listActivePromotionsOfRepresentative(server.ctx, repId, { professional: true });
    expect(forProfessionals.some((p) => p.producto.requiere_receta)).toBe(true);
  });

  it("knows a marketing user's laboratory, and their list covers its products only", async () => {
    const mktUser = {
      id: mktId,
      email: "",
      registerType: "mkt" as const,
      roles: ["marketing" as const],
      sessionId: 0,
      sessionKind: "web" as const,
    };
    expect(await marketingLaboratoriesOf(server.ctx, mktUser)).toEqual([otc.laboratory.id]);
    const theirs = await listMyPromotions(server.ctx, mktUser);
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((p) => p.producto.laboratorio.id === otc.laboratory.id)).toBe(true);
  });
});
