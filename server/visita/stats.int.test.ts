import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serializeCookieChoice } from "#common/legal/consent-cookie";
import type { SessionUser } from "#server/accounts";
import { createEmpresa, createUser } from "#server/accounts/factories";
import { laboratoryCompanies, portfolioEntries, representativeProfiles, visitaDailyCounts } from "#server/db/schema";
import { flushVisitaFigures, getStatsDashboard } from "#server/visita";
import { BARCELONA, createProduct, MADRID } from "#tests/factories/visita";
import { BrowserClient } from "#tests/support/browser-client";
import { startTestServer, type TestServer } from "#tests/support/test-server";

// Issue 32: the figures add up for a scripted sequence, a laboratory sees only its own products,
// a declined analytics choice leaves nothing that points at the visitor, and the CSV opens in Excel.

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
let server: TestServer;
let ours: Awaited<ReturnType<typeof createProduct>>;
let theirs: Awaited<ReturnType<typeof createProduct>>;
let quiet: Awaited<ReturnType<typeof createProduct>>;
let repId: number;
let mkt: BrowserClient;
let mktUser: Created;
let repUser: Created;
let rep: BrowserClient;

const beacon = (client: BrowserClient, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  client.fetch("/api/visita/estadisticas/eventos", {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "Content-Type": "application/json", "User-Agent": CHROME, ...headers },
  });

beforeAll(async () => {
  server = await startTestServer();
  ours = await createProduct(server.ctx, { name: "Analgésico Ñandú 500 mg comprimidos", laboratory: "Laboratorios Cifras" });
  quiet = await createProduct(server.ctx, { name: "Silencioso 10 mg comprimidos", laboratory: "Laboratorios Cifras" });
  theirs = await createProduct(server.ctx, { name: "Ajeno 20 mg comprimidos", laboratory: "Laboratorios Otros" });
  const { empresa } = await createEmpresa(server.ctx.db, { nombre: "Cifras Marketing S.L." });
  await server.ctx.db.insert(laboratoryCompanies).values({ laboratoryId: ours.laboratory.id, empresaId: empresa.id });
  mktUser = await createUser(server.ctx.db, { type: "mkt", empresaId: empresa.id });
  mkt = await new BrowserClient(server).signInAs(mktUser.id);
  const representative = await createUser(server.ctx.db, { type: "visita", roles: ["visitador_farmaceutico"], nombre: "Íñigo" });
  repUser = representative;
  repId = representative.id;
  rep = await new BrowserClient(server).signInAs(repId);
  await server.ctx.db.insert(representativeProfiles).values({ userId: repId, public: true });
  await server.ctx.db.insert(portfolioEntries).values([
    { userId: repId, productId: ours.id },
    { userId: repId, productId: theirs.id },
  ]);
});
afterAll(() => server?.close());

describe("the figures of the visita area", () => {
  it("add up for a scripted sequence of views and clicks", async () => {
    const anonymous = new BrowserClient(server);
    const accepted = serializeCookieChoice({ analytics: true, publicidad: false });
    const madrileño = await new BrowserClient(server).signInAs((await createUser(server.ctx.db, { estadoId: MADRID })).id);
    withChoice(madrileño, accepted);
    const barcelonés = await new BrowserClient(server).signInAs((await createUser(server.ctx.db, { estadoId: BARCELONA })).id);
    withChoice(barcelonés, accepted);
    for (let i = 0; i < 3; i++) expect((await beacon(anonymous, { evento: "vista_producto", producto_id: ours.id })).status).toBe(204);
    await beacon(madrileño, { evento: "vista_producto", producto_id: ours.id }, {});
    await beacon(barcelonés, { evento: "vista_producto", producto_id: ours.id }, {});
    await beacon(anonymous, { evento: "vista_cartera", producto_id: ours.id, visitador_id: repId });
    await beacon(anonymous, { evento: "contacto", producto_id: ours.id, visitador_id: repId });
    await beacon(anonymous, { evento: "contacto", producto_id: theirs.id, visitador_id: repId });
    await beacon(anonymous, { evento: "vista_perfil", visitador_id: repId });
    await beacon(anonymous, { evento: "vista_producto", producto_id: theirs.id });
    // Not counted: a crawler, the representative's own profile, an unknown product.
    await beacon(
      anonymous,
      { evento: "vista_producto", producto_id: ours.id },
      { "User-Agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" },
    );
    await beacon(rep, { evento: "vista_perfil", visitador_id: repId });
    await beacon(anonymous, { evento: "vista_producto", producto_id: 999_999 });
    expect((await beacon(anonymous, { evento: "vista_cartera", producto_id: ours.id })).status).toBe(422);
    await flushVisitaFigures(server.ctx);

    const lab = await getStatsDashboard(server.ctx, asSession(mktUser), { rango: "7" });
    expect(lab.alcance).toBe("laboratorio");
    const row = lab.productos.find((p) => p.id === ours.id);
    expect(row?.cifras).toEqual({ vista_producto: 5, vista_cartera: 1, contacto: 1 });
    expect(lab.totales).toEqual({ vista_producto: 5, vista_cartera: 1, contacto: 1 });
    expect(lab.provincias.map((p) => [p.nombre, p.cifras.vista_producto])).toEqual(
      expect.arrayContaining([
        ["Sin provincia declarada", 3],
        [expect.any(String), 1],
      ]),
    );
    expect(lab.provincias).toHaveLength(3);
    // The product with no events is listed with zero figures.
    expect(lab.productos.find((p) => p.id === quiet.id)?.cifras).toEqual({});
    // The representative's figures reach the laboratory for its own products only.
    expect(lab.visitadores.find((r) => r.id === repId)?.cifras).toEqual({ vista_cartera: 1, contacto: 1 });

    const own = await getStatsDashboard(server.ctx, asSession(repUser), { rango: "7" });
    expect(own.alcance).toBe("visitador");
    expect(own.totales).toEqual({ vista_perfil: 1, vista_cartera: 1, contacto: 2 });
    expect(own.productos.map((p) => p.id).sort()).toEqual([ours.id, theirs.id].sort());
  });

  it("never show a laboratory another laboratory's products", async () => {
    const lab = await getStatsDashboard(server.ctx, asSession(mktUser), { rango: "30" });
    expect(lab.productos.map((p) => p.id).sort()).toEqual([ours.id, quiet.id].sort());
    const csv = await (await mkt.get("/api/visita/estadisticas/csv?tabla=productos&rango=30")).text();
    expect(csv).not.toContain("Ajeno");
  });

  it("keep nothing that points at a visitor who declined analytics cookies", async () => {
    const declined = serializeCookieChoice({ analytics: false, publicidad: false });
    const visitor = await new BrowserClient(server).signInAs((await createUser(server.ctx.db, { estadoId: MADRID })).id);
    withChoice(visitor, declined);
    await beacon(visitor, { evento: "vista_producto", producto_id: quiet.id }, {});
    await beacon(visitor, { evento: "vista_producto", producto_id: quiet.id }, { "Sec-GPC": "1" });
    await flushVisitaFigures(server.ctx);
    const rows = await server.ctx.db.select().from(visitaDailyCounts).where(eq(visitaDailyCounts.productId, quiet.id));
    expect(rows).toEqual([expect.objectContaining({ event: "vista_producto", estadoId: null, representativeId: null, count: 2 })]);
  });

  it("export every table as CSV that Excel opens with its accents", async () => {
    const response = await mkt.get("/api/visita/estadisticas/csv?tabla=productos&rango=7");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...lines] = new TextDecoder().decode(bytes.slice(3)).trim().split("\r\n");
    expect(header?.split(";")).toEqual([
      "Producto",
      "Visitas a la ficha",
      "Visitas a promociones",
      "Visitas a la cartera",
      "Contactos",
      "Clics en promociones",
      "Chats iniciados",
      "Verificaciones solicitadas",
      "Verificaciones confirmadas",
      "Verificaciones rechazadas",
    ]);
    expect(lines).toContain("Analgésico Ñandú 500 mg comprimidos;5;0;1;1;0;0;0;0;0");
    for (const table of ["visitadores", "provincias", "promociones", "dias"])
      expect((await mkt.get(`/api/visita/estadisticas/csv?tabla=${table}&rango=90`)).status).toBe(200);
    expect((await mkt.get("/api/visita/estadisticas/csv?tabla=clientes")).status).toBe(422);
    const bad = await mkt.get("/api/visita/estadisticas/csv?tabla=dias&rango=personalizado&desde=2026-02-30&hasta=x");
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors).toMatchObject({ desde: ["Indica una fecha de inicio válida."] });
    expect((await new BrowserClient(server).get("/api/visita/estadisticas/csv?tabla=dias")).status).toBe(401);
  });
});

type Created = Awaited<ReturnType<typeof createUser>>;
const asSession = (user: Created): SessionUser => ({
  id: user.id,
  email: user.email,
  registerType: user.registerType,
  roles: user.roles,
  sessionId: 0,
  sessionKind: "web",
});

/** The consent cookie in the client's jar (the client writes the Cookie header itself). */
const withChoice = (client: BrowserClient, choice: string) =>
  (client as unknown as { cookies: Map<string, string> }).cookies.set("farmanexo_consent", choice);
