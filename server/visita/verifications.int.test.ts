import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmpresa, createUser } from "#server/accounts/factories";
import { laboratoryCompanies, products, users, visitVerifications } from "#server/db/schema";
import { mailsTo } from "#tests/factories/accounts";
import { BARCELONA, createProduct, MADRID } from "#tests/factories/visita";
import { BrowserClient } from "#tests/support/browser-client";
import { startTestServer, type TestServer } from "#tests/support/test-server";

let server: TestServer;
let rep: BrowserClient;
let repId: number;
let repEmail: string;
let productId: number;
let otherProductId: number;

beforeAll(async () => {
  server = await startTestServer();
  const product = await createProduct(server.ctx, { name: "Cardiolex 5 mg comprimidos", laboratory: "Laboratorios Verificados" });
  productId = product.id;
  otherProductId = (await createProduct(server.ctx, { name: "Otrofarma 10 mg cápsulas", laboratory: "Laboratorios Ajenos" })).id;
  const user = await createUser(server.ctx.db, { type: "visita", nombre: "Javier", apellidos: "Romero Visitador" });
  repId = user.id;
  repEmail = user.email;
  rep = await new BrowserClient(server).signInAs(user.id);
  for (const id of [productId, otherProductId])
    expect((await rep.json("/api/visita/cartera", { producto_id: id, zonas: [MADRID] })).status).toBe(201);
});
afterAll(() => server?.close());

/** The token of the latest request e-mailed to this address, read from the link in the e-mail. */
async function tokenMailedTo(email: string): Promise<string> {
  const [mail] = await mailsTo(server, email, "visita_verification_request");
  const match = mail?.text.match(/\/app\/visita\/visitador\/public\/verify\/([A-Za-z0-9_-]+)/);
  if (!match?.[1]) throw new Error(`no verification link mailed to ${email}`);
  return match[1];
}

const ask = (email: string, producto = productId, client = rep) =>
  client.json("/api/visita/verificaciones", {
    producto_id: producto,
    nombre: "Dra. Ana Ruiz",
    email,
    num_colegiado: "282812345",
    estado_id: MADRID,
  });
const answer = (token: string, decision: "confirmar" | "rechazar", client = new BrowserClient(server)) =>
  client.json(`/api/visita/verificacion-publica/${token}`, { decision });
const myEntry = async (id = productId) => {
  const panel = await (await rep.get("/api/visita/panel")).json();
  return panel.cartera.find((e: { producto: { id: number } }) => e.producto.id === id);
};

describe("verified visits", () => {
  it("guards the representative's operations: 401 anonymous (before validation), 403 other roles", async () => {
    const anonymous = new BrowserClient(server);
    expect((await anonymous.json("/api/visita/verificaciones", { nada: 1 })).status).toBe(401);
    expect((await anonymous.get("/api/visita/verificaciones")).status).toBe(401);
    expect((await anonymous.json("/api/visita/verificaciones/1/reenviar", {})).status).toBe(401);
    expect((await anonymous.get("/api/visita/panel")).status).toBe(401);
    expect((await anonymous.json("/api/visita/perfil", { publico: true }, "PUT")).status).toBe(401);
    const web = await new BrowserClient(server).signInAs((await createUser(server.ctx.db, { type: "web" })).id);
    expect((await ask("x@centro.test", productId, web)).status).toBe(403);
    expect((await web.get("/api/visita/panel")).status).toBe(403);
    expect((await web.get("/api/visita/panel/laboratorio")).status).toBe(403);
    expect((await rep.get("/api/visita/panel/laboratorio")).status).toBe(403);
    expect((await web.json("/api/visita/perfil", { publico: true }, "PUT")).status).toBe(403);
  });

  it("sends a single-use link that a GET never consumes; confirming counts once", async () => {
    const created = await ask("  Ana.Ruiz@Centro-Salud.TEST ");
    expect(created.status).toBe(201);
    const request = await created.json();
    expect(request).toMatchObject({ estado: "pendiente", profesional: { email: "ana.ruiz@centro-salud.test", provincia: { id: MADRID } } });
    const token = await tokenMailedTo("ana.ruiz@centro-salud.test");
    // Only the hash is stored.
    const [row] = await server.ctx.db.select().from(visitVerifications).where(eq(visitVerifications.id, request.id));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.tokenHash).not.toContain(token);

    // Mail scanners and people opening the link (page and API) change nothing.
    for (let i = 0; i < 3; i++) {
      expect((await server.fetch(`/app/visita/visitador/public/verify/${token}`)).status).toBe(200);
      expect((await server.fetch(`/app/visita/visitador/public/verify/${token}.data`)).status).toBe(200);
      expect((await server.fetch(`/api/visita/verificacion-publica/${token}`)).status).toBe(200);
    }
    const page = await (await server.fetch(`/app/visita/visitador/public/verify/${token}`)).text();
    expect(page).toContain("Javier Romero Visitador");
    expect(page).toContain("Cardiolex 5 mg comprimidos");
    expect(page).toContain("Confirmar");
    expect(await myEntry()).toMatchObject({ verificaciones: 0, pendientes: 1 });

    // The representative cannot answer their own request.
    expect((await answer(token, "confirmar", rep)).status).toBe(403);

    const confirmed = await answer(token, "confirmar");
    expect(confirmed.status).toBe(200);
    expect((await confirmed.json()).estado).toBe("confirmada");
    const again = await answer(token, "rechazar");
    expect(again.status).toBe(410);
    expect((await again.json()).message).toBe("Ya confirmaste esta visita. ¡Gracias!");
    const entry = await myEntry();
    expect(entry).toMatchObject({ verificaciones: 1, pendientes: 0 });
    expect(Date.parse(entry.ultima_verificacion)).toBeGreaterThan(Date.now() - 60_000);

    // Once a year per professional, representative and product; another product is another count.
    const twice = await ask("ana.ruiz@centro-salud.test");
    expect(twice.status).toBe(409);
    expect((await twice.json()).errors.email[0]).toMatch(/últimos 12 meses/);
    expect((await ask("ana.ruiz@centro-salud.test", otherProductId)).status).toBe(201);
    // A year later the same professional may confirm again.
    await server.ctx.db
      .update(visitVerifications)
      .set({ decidedAt: new Date(Date.now() - 366 * 24 * 60 * 60 * 1000) })
      .where(eq(visitVerifications.id, request.id));
    expect((await ask("ana.ruiz@centro-salud.test")).status).toBe(201);
  });

  it("records a decline, which does not count", async () => {
    const before = (await myEntry()).verificaciones;
    expect((await ask("declina@centro.test")).status).toBe(201);
    const declined = await answer(await tokenMailedTo("declina@centro.test"), "rechazar");
    expect((await declined.json()).estado).toBe("rechazada");
    expect((await myEntry()).verificaciones).toBe(before);
  });

  it("expires links after their date", async () => {
    const request = await (await ask("caduca@centro.test")).json();
    const token = await tokenMailedTo("caduca@centro.test");
    await server.ctx.db
      .update(visitVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(visitVerifications.id, request.id));
    expect((await (await server.fetch(`/api/visita/verificacion-publica/${token}`)).json()).estado).toBe("caducada");
    const late = await answer(token, "confirmar");
    expect(late.status).toBe(410);
    expect((await late.json()).message).toMatch(/caducado/);
    const listed = await (await rep.get(`/api/visita/verificaciones?producto_id=${productId}`)).json();
    expect(listed.find((v: { id: number }) => v.id === request.id).estado).toBe("caducada");
  });

  it("resends with a new link (the old one stops working) and cancels while pending", async () => {
    const request = await (await ask("reenvio@centro.test")).json();
    const first = await tokenMailedTo("reenvio@centro.test");
    const resent = await rep.json(`/api/visita/verificaciones/${request.id}/reenviar`, {});
    expect(resent.status).toBe(200);
    expect((await resent.json()).envios).toBe(2);
    const second = await tokenMailedTo("reenvio@centro.test");
    expect(second).not.toBe(first);
    expect((await server.fetch(`/api/visita/verificacion-publica/${first}`)).status).toBe(404);
    expect((await server.fetch(`/api/visita/verificacion-publica/${second}`)).status).toBe(200);

    // Someone else's request does not exist for another representative.
    const other = await new BrowserClient(server).signInAs((await createUser(server.ctx.db, { type: "visita" })).id);
    expect((await other.json(`/api/visita/verificaciones/${request.id}/cancelar`, {})).status).toBe(404);

    const cancelled = await rep.json(`/api/visita/verificaciones/${request.id}/cancelar`, {});
    expect((await cancelled.json()).estado).toBe("cancelada");
    expect((await rep.json(`/api/visita/verificaciones/${request.id}/reenviar`, {})).status).toBe(409);
    const closed = await answer(second, "confirmar");
    expect(closed.status).toBe(410);
    expect((await closed.json()).message).toBe("El visitador ha cancelado esta solicitud.");
  });

  it("refuses self-verification, a second open request, products not carried and bad input", async () => {
    const self = await ask(repEmail.toUpperCase());
    expect(self.status).toBe(422);
    expect((await self.json()).errors.email[0]).toMatch(/propias visitas/);
    expect((await ask("doble@centro.test")).status).toBe(201);
    const doble = await ask("doble@centro.test");
    expect(doble.status).toBe(409);
    expect((await doble.json()).errors.email[0]).toMatch(/pendiente/);
    const notCarried = (await createProduct(server.ctx)).id;
    expect((await ask("a@centro.test", notCarried)).status).toBe(404);
    const bad = await rep.json("/api/visita/verificaciones", { producto_id: productId, nombre: "", email: "no-es-correo" });
    expect(bad.status).toBe(422);
    const body = await bad.json();
    expect(body.errors.email[0]).toBe("Escribe un correo electrónico válido.");
    expect(body.errors.nombre[0]).toBe("Escribe el nombre del profesional.");
    expect((await server.fetch("/api/visita/verificacion-publica/no-existe")).status).toBe(404);
    expect((await server.fetch("/app/visita/visitador/public/verify/no-existe")).status).toBe(404);
    expect((await new BrowserClient(server).json("/api/visita/verificacion-publica/x", { decision: "tal vez" })).status).toBe(422);
  });

  it("refuses the representative's own mailbox behind a +tag or Gmail's dots, with the same message", async () => {
    const [local, domain] = repEmail.split("@");
    const tagged = await ask(`${local}+x@${domain}`);
    expect(tagged.status).toBe(422);
    expect((await tagged.json()).errors.email[0]).toBe("No puedes verificar tus propias visitas: escribe el correo del profesional.");
    expect(await mailsTo(server, `${local}+x@${domain}`, "visita_verification_request")).toEqual([]);

    const gmailRep = await createUser(server.ctx.db, { type: "visita", email: "javier.romero.visitas@gmail.com" });
    // Carries the other laboratory's product, so the laboratory dashboard below counts nobody new.
    const gmail = await new BrowserClient(server).signInAs(gmailRep.id);
    expect((await gmail.json("/api/visita/cartera", { producto_id: otherProductId, zonas: [MADRID] })).status).toBe(201);
    for (const own of [
      "javierromerovisitas@gmail.com",
      "j.a.v.i.e.r.romero.visitas+cardio@gmail.com",
      "Javier.Romero.Visitas@googlemail.com",
    ]) {
      const refused = await ask(own, otherProductId, gmail);
      expect(refused.status, own).toBe(422);
      expect((await refused.json()).errors.email[0]).toMatch(/propias visitas/);
    }
    // Dots count at providers that do not ignore them, and another Gmail account is someone else.
    expect((await ask("javierromero.visitas@centro.test", otherProductId, gmail)).status).toBe(201);
    expect((await ask("javier.romero.visitas@centro.test", otherProductId, gmail)).status).toBe(201);
    expect((await ask("javier.romero.visita@gmail.com", otherProductId, gmail)).status).toBe(201);
  });

  it("keeps the verifications with the representative when they change employer", async () => {
    const before = (await myEntry()).verificaciones;
    const { empresa } = await createEmpresa(server.ctx.db, { nombre: "Nueva Empresa Farmacéutica" });
    await server.ctx.db.update(users).set({ empresaId: empresa.id }).where(eq(users.id, repId));
    expect((await myEntry()).verificaciones).toBe(before);
  });
});

describe("public profile", () => {
  it("is 404 to others until the representative makes it public; the owner sees a preview", async () => {
    const settings = await (await rep.get("/api/visita/perfil")).json();
    expect(settings.publico).toBe(false);
    expect(settings.url).toBe(`/app/visita/user/${repId}-javier-romero-visitador`);
    expect((await server.fetch(`/api/visita/visitadores/${repId}`)).status).toBe(404);
    expect((await server.fetch(settings.url)).status).toBe(404);
    expect((await server.fetch(`/app/user/${repId}-javier-romero-visitador`)).status).toBe(404);
    const preview = await rep.get(settings.url);
    expect(preview.status).toBe(200);
    expect(await preview.text()).toContain("Tu perfil no es público");

    const made = await rep.json("/api/visita/perfil", { publico: true }, "PUT");
    expect((await made.json()).publico).toBe(true);
    const profile = await (await server.fetch(`/api/visita/visitadores/${repId}`)).json();
    expect(profile.usuario.nombre).toBe("Javier Romero Visitador");
    const item = profile.cartera.find((e: { producto: { id: number } }) => e.producto.id === productId);
    expect(item.verificaciones).toBeGreaterThanOrEqual(1);
    expect(item.pendientes).toBe(0);
    expect(profile.contactar_url).toBe(`/app/chat?to=${repId}&origen=visita`);

    const page = await server.fetch(settings.url);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toMatch(/public/);
    const html = await page.text();
    expect(html).toContain('"@type":"ProfilePage"');
    expect(html).toContain('property="og:title"');
    expect(html).toContain("Cardiolex 5 mg comprimidos");
    expect(html).toContain("Contactar");
    // /app/user/{user} shows it too; a stale or missing name redirects permanently to the handle.
    expect((await server.fetch(`/app/user/${repId}-javier-romero-visitador`)).status).toBe(200);
    const stale = await server.fetch(`/app/visita/user/${repId}`);
    expect(stale.status).toBe(301);
    expect(stale.headers.get("location")).toBe(settings.url);

    await rep.json("/api/visita/perfil", { publico: false }, "PUT");
    expect((await server.fetch(settings.url)).status).toBe(404);
  });

  it("is 404 for accounts that are not representatives", async () => {
    const web = await createUser(server.ctx.db, { type: "web" });
    expect((await server.fetch(`/api/visita/visitadores/${web.id}`)).status).toBe(404);
    expect((await server.fetch("/api/visita/visitadores/abc")).status).toBe(404);
  });
});

describe("laboratory dashboard", () => {
  it("shows marketing only its own laboratory's products, carriers by province and their counts", async () => {
    const { empresa } = await createEmpresa(server.ctx.db, { nombre: "Laboratorios Verificados S.A." });
    const [lab] = await server.ctx.db.select({ id: products.holderLaboratoryId }).from(products).where(eq(products.id, productId));
    await server.ctx.db.insert(laboratoryCompanies).values({ laboratoryId: lab?.id as number, empresaId: empresa.id });
    const other = await new BrowserClient(server).signInAs((await createUser(server.ctx.db, { type: "visita" })).id);
    await other.json("/api/visita/cartera", { producto_id: productId, zonas: [BARCELONA] });

    const mkt = await new BrowserClient(server).signInAs((await createUser(server.ctx.db, { type: "mkt", empresaId: empresa.id })).id);
    const panel = await (await mkt.get("/api/visita/panel/laboratorio")).json();
    expect(panel.laboratorios.map((l: { nombre: string }) => l.nombre)).toEqual(["Laboratorios Verificados"]);
    const ids = panel.productos.map((p: { producto: { id: number } }) => p.producto.id);
    expect(ids).toContain(productId);
    expect(ids).not.toContain(otherProductId);
    const item = panel.productos.find((p: { producto: { id: number } }) => p.producto.id === productId);
    expect(item.provincias).toEqual([
      { id: BARCELONA, nombre: "Barcelona", visitadores: 1 },
      { id: MADRID, nombre: "Madrid", visitadores: 1 },
    ]);
    const javier = item.visitadores.find((v: { usuario: { id: number } }) => v.usuario.id === repId);
    expect(javier.verificaciones).toBeGreaterThanOrEqual(1);
    expect(item.verificaciones).toBe(javier.verificaciones);

    // Another laboratory's marketing user sees none of it.
    const { empresa: rival } = await createEmpresa(server.ctx.db, { nombre: "Laboratorios Rivales" });
    const rivalMkt = await new BrowserClient(server).signInAs((await createUser(server.ctx.db, { type: "mkt", empresaId: rival.id })).id);
    expect(await (await rivalMkt.get("/api/visita/panel/laboratorio")).json()).toEqual({ laboratorios: [], productos: [] });
    const page = await (await rivalMkt.get("/app/visita/visitador")).text();
    expect(page).not.toContain("Cardiolex");

    // Unused in the count: pending, declined and cancelled requests.
    const counted = await server.ctx.db
      .select()
      .from(visitVerifications)
      .where(
        and(
          eq(visitVerifications.representativeId, repId),
          eq(visitVerifications.productId, productId),
          eq(visitVerifications.status, "confirmada"),
        ),
      );
    expect(javier.verificaciones).toBe(counted.length);
  });
});
