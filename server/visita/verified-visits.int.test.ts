import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "#server/accounts/factories";
import { visitVerifications } from "#server/db/schema";
import { mailsTo, verifyProfessional } from "#tests/factories/accounts";
import { createProduct, MADRID } from "#tests/factories/visita";
import { BrowserClient } from "#tests/support/browser-client";
import { startTestServer, type TestServer } from "#tests/support/test-server";

// Issue 30, points 4 and 5: visits confirmed by verified professionals count apart, a representative
// asks a verified professional in the app, and a user may accept message requests only from them.
let server: TestServer;
let rep: BrowserClient;
let repId: number;
let productId: number;

beforeAll(async () => {
  server = await startTestServer();
  productId = (await createProduct(server.ctx, { name: "Tensiolex 10 mg comprimidos", laboratory: "Laboratorios Contados" })).id;
  const user = await createUser(server.ctx.db, { type: "visita", nombre: "Marta", apellidos: "Visitadora" });
  repId = user.id;
  rep = await new BrowserClient(server).signInAs(user.id);
  expect((await rep.json("/api/visita/cartera", { producto_id: productId, zonas: [MADRID] })).status).toBe(201);
  expect((await rep.json("/api/visita/perfil", { publico: true }, "PUT")).status).toBe(200);
});
afterAll(() => server?.close());

const ask = (email: string) =>
  rep.json("/api/visita/verificaciones", { producto_id: productId, nombre: "Dr. Luis Gil", email, estado_id: MADRID });
const profile = async () =>
  (await (await new BrowserClient(server).get(`/api/visita/visitadores/${repId}`)).json()) as {
    url: string;
    verificaciones: number;
    verificaciones_profesionales: number;
  };
const accountPage = async (client: BrowserClient) =>
  (await client.fetch("/app/cuenta/profesional", { headers: { Accept: "text/html" } })).text();

describe("visits confirmed by verified professionals", () => {
  it("a verified professional confirms in the app with a button, and the profile counts it apart", async () => {
    const pro = await createUser(server.ctx.db, { type: "web" });
    await verifyProfessional(server.ctx.db, pro.id);
    const proClient = await new BrowserClient(server).signInAs(pro.id);
    const before = await profile();
    expect((await ask(pro.email)).status).toBe(201);
    const [row] = await server.ctx.db.select().from(visitVerifications).where(eq(visitVerifications.professionalEmail, pro.email));
    expect(row?.professionalUserId).toBe(pro.id);

    const html = await accountPage(proClient);
    expect(html).toContain("Visitas por confirmar");
    expect(html).toContain("Tensiolex 10 mg comprimidos");
    // Someone else cannot answer it from their page.
    const other = await new BrowserClient(server).signInAs((await createUser(server.ctx.db, { type: "web" })).id);
    const form = (decision: string) => new URLSearchParams({ intent: "visita", id: String(row?.id), decision });
    expect(
      (await other.fetch("/app/cuenta/profesional", { method: "POST", body: form("confirmar"), headers: { Accept: "text/html" } })).status,
    ).toBe(404);

    const confirmed = await proClient.fetch("/app/cuenta/profesional", {
      method: "POST",
      body: form("confirmar"),
      headers: { Accept: "text/html" },
    });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain("Visita confirmada");
    const after = await profile();
    expect(after.verificaciones).toBe(before.verificaciones + 1);
    expect(after.verificaciones_profesionales).toBe(before.verificaciones_profesionales + 1);
    const publicPage = await (await new BrowserClient(server).fetch(after.url, { headers: { Accept: "text/html" } })).text();
    expect(publicPage).toContain(
      after.verificaciones_profesionales === 1
        ? "1 visita confirmada por profesionales verificados"
        : `${after.verificaciones_profesionales} visitas confirmadas por profesionales verificados`,
    );
  });

  it("a confirmation by the e-mailed link of someone who is not a verified professional counts only in the total", async () => {
    const before = await profile();
    const email = `sin-verificar-${randomUUID()}@example.com`;
    expect((await ask(email)).status).toBe(201);
    const [mail] = await mailsTo(server, email, "visita_verification_request");
    const token = mail?.text.match(/\/verify\/([A-Za-z0-9_-]+)/)?.[1];
    expect((await new BrowserClient(server).json(`/api/visita/verificacion-publica/${token}`, { decision: "confirmar" })).status).toBe(200);
    const after = await profile();
    expect(after.verificaciones).toBe(before.verificaciones + 1);
    expect(after.verificaciones_profesionales).toBe(before.verificaciones_profesionales);
  });

  it("an expired verification no longer counts the confirmation apart", async () => {
    const pro = await createUser(server.ctx.db, { type: "web" });
    await verifyProfessional(server.ctx.db, pro.id, new Date(Date.now() - 1000));
    expect((await ask(pro.email)).status).toBe(201);
    const [row] = await server.ctx.db.select().from(visitVerifications).where(eq(visitVerifications.professionalEmail, pro.email));
    // Not verified now: not asked in the app (the e-mailed link is the way).
    expect(row?.professionalUserId).toBeNull();
  });
});

describe("message requests only from verified professionals", () => {
  it("refuses a first message from anyone else; a verified professional still reaches them", async () => {
    const careful = await createUser(server.ctx.db, { type: "web" });
    const carefulClient = await new BrowserClient(server).signInAs(careful.id);
    const settings = await carefulClient.json("/api/chat/settings", { verified_requests_only: true }, "PUT");
    expect(settings.status).toBe(200);
    expect(await settings.json()).toMatchObject({ verified_requests_only: true });

    const start = (client: BrowserClient) =>
      client.json("/api/chat/conversations", { user_id: careful.id, client_id: randomUUID(), body: "Hola" });
    const refused = await start(rep);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      message: "Esta persona solo acepta solicitudes de mensajes de profesionales sanitarios verificados.",
    });

    const pro = await createUser(server.ctx.db, { type: "web" });
    await verifyProfessional(server.ctx.db, pro.id);
    const proClient = await new BrowserClient(server).signInAs(pro.id);
    expect((await start(proClient)).status).toBe(201);

    // The people in the careful user's list: the badge only on the verified one.
    const list = (await (await carefulClient.get("/api/chat/conversations?folder=requests")).json()) as {
      data: Array<{ other: { id: number; profesional_verificado: boolean } }>;
    };
    expect(list.data.map((c) => c.other)).toEqual([expect.objectContaining({ id: pro.id, profesional_verificado: true })]);
    const repView = (await (await proClient.get("/api/chat/conversations")).json()) as {
      data: Array<{ other: { profesional_verificado: boolean } }>;
    };
    expect(repView.data.every((c) => c.other.profesional_verificado === false)).toBe(true);
  });
});
