import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CountedEvent } from "#common/visita/stats";
import type { SessionUser } from "#server/accounts";
import { createUser } from "#server/accounts/factories";
import { portfolioEntries, promotions, representativeProfiles, visitaDailyCounts } from "#server/db/schema";
import { flushVisitaFigures, getStatsDashboard } from "#server/visita";
import { createProduct } from "#tests/factories/visita";
import { BrowserClient } from "#tests/support/browser-client";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { portfolioEntryUrl } from "./products.service";
import { profileHandle } from "./representative-card";

// Decision 0125: the figures beacon answers before the session and CSRF checks (a browser's beacon
// needs no XSRF token), changes nothing but aggregate counters, ignores another site's pages; a
// promotion's «Contactar» and the chat it starts count for the promotion; the representative's
// own table shows the views of their products through their portfolio entry.

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
let server: TestServer;
let product: Awaited<ReturnType<typeof createProduct>>;
let rep: Awaited<ReturnType<typeof createUser>>;
let promotionId: number;

/** A beacon as a plain HTTP client sends it: no cookie, no XSRF token. */
const bare = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  server.fetch("/api/visita/estadisticas/eventos", {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "Content-Type": "application/json", "User-Agent": CHROME, ...headers },
  });

async function countsOf(event: CountedEvent) {
  const rows = await server.ctx.db.select().from(visitaDailyCounts).where(eq(visitaDailyCounts.event, event));
  return rows.map((row) => ({
    productId: row.productId,
    representativeId: row.representativeId,
    promotionId: row.promotionId,
    count: row.count,
  }));
}

beforeAll(async () => {
  server = await startTestServer();
  product = await createProduct(server.ctx, { name: "Promocionado 20 mg comprimidos", laboratory: "Laboratorios Baliza" });
  rep = await createUser(server.ctx.db, { type: "visita", roles: ["visitador_farmaceutico"], nombre: "Leire" });
  await server.ctx.db.insert(representativeProfiles).values({ userId: rep.id, public: true });
  await server.ctx.db.insert(portfolioEntries).values({ userId: rep.id, productId: product.id });
  const now = Date.now();
  const [promotion] = await server.ctx.db
    .insert(promotions)
    .values({
      productId: product.id,
      authorId: rep.id,
      kind: "descuento",
      title: "Dos por uno en Promocionado",
      description: "Para farmacias.",
      startsAt: new Date(now - 86_400_000),
      endsAt: new Date(now + 30 * 86_400_000),
      status: "activa",
      publishedAt: new Date(now - 86_400_000),
    })
    .returning({ id: promotions.id });
  promotionId = promotion?.id ?? 0;
});
afterAll(() => server?.close());

describe("the figures beacon", () => {
  it("counts without a CSRF token, and not from another site's page, answering 204 either way", async () => {
    expect((await bare({ evento: "vista_producto", producto_id: product.id })).status).toBe(204);
    expect((await bare({ evento: "vista_producto", producto_id: product.id }, { Origin: "https://otro-sitio.example" })).status).toBe(204);
    // Malformed input is still a 422 with a Spanish message per field.
    const bad = await bare({ evento: "vista_cartera", producto_id: product.id });
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors).toMatchObject({ visitador_id: ["Falta el identificador del objeto."] });
    await flushVisitaFigures(server.ctx);
    expect(await countsOf("vista_producto")).toEqual([{ productId: product.id, representativeId: null, promotionId: null, count: 1 }]);
  });

  it("answers a beacon whose path has a malformed escape, and the server goes on (issue 24: no request ends the process)", async () => {
    const malformed = await server.fetch("/api/empleo/ofertas/%E0%A4%A/vistas", {
      method: "POST",
      body: "{}",
      headers: { "Content-Type": "application/json", "User-Agent": CHROME },
    });
    expect(malformed.status).toBeGreaterThanOrEqual(400);
    expect(malformed.status).toBeLessThan(500);
    expect((await server.fetch("/healthz")).status).toBe(200);
  });

  it("counts a promotion's «Contactar» and the chat it starts for that promotion", async () => {
    const pro = await new BrowserClient(server).signInAs((await createUser(server.ctx.db, {})).id);
    const page = await (await pro.get(`/app/visita/laboratorio-promocion/${product.laboratory.slug}/${promotionId}`)).text();
    // The page's «Contactar» says where the person comes from.
    expect(page).toContain(`origen=visita&amp;promocion=${promotionId}`);
    expect((await bare({ evento: "contacto", visitador_id: rep.id, promocion_id: promotionId })).status).toBe(204);
    // A promotion named with someone who is not its author is not counted.
    const other = await createUser(server.ctx.db, { type: "visita", roles: ["visitador_farmaceutico"] });
    await bare({ evento: "contacto", visitador_id: other.id, promocion_id: promotionId });
    const started = await pro.json("/api/chat/conversations", {
      user_id: rep.id,
      client_id: crypto.randomUUID(),
      body: "Hola, me interesa la promoción.",
      origen: "visita",
      promocion_id: promotionId,
    });
    expect(started.status).toBe(201);
    await flushVisitaFigures(server.ctx);
    const expected = [{ productId: product.id, representativeId: rep.id, promotionId, count: 1 }];
    expect(await countsOf("contacto")).toEqual(expected);
    expect(await countsOf("chat_iniciado")).toEqual(expected);
    const own = await getStatsDashboard(server.ctx, asSession(rep), { rango: "7" });
    expect(own.promociones.find((row) => row.id === promotionId)?.cifras).toMatchObject({ contacto: 1, chat_iniciado: 1 });
  });

  it("shows a representative the views of their product through their profile and entry, not a column of zeros", async () => {
    // The profile's product links lead to the representative's entry (whose view counts for them),
    // not to the product's own page (whose views are nobody's).
    const [entry] = await server.ctx.db
      .select({ id: portfolioEntries.id })
      .from(portfolioEntries)
      .where(eq(portfolioEntries.userId, rep.id));
    const profile = await (await server.fetch(`/app/visita/user/${profileHandle(rep.id, rep.nombre, rep.apellidos)}`)).text();
    expect(profile).toContain(`href="${portfolioEntryUrl(product.slug, entry?.id ?? 0)}"`);
    expect((await bare({ evento: "vista_cartera", producto_id: product.id, visitador_id: rep.id })).status).toBe(204);
    await flushVisitaFigures(server.ctx);
    const own = await getStatsDashboard(server.ctx, asSession(rep), { rango: "7" });
    expect(own.eventos).toContain("vista_cartera");
    // A product's own page is nobody's: its views never reach a representative, so no such column.
    expect(own.eventos).not.toContain("vista_producto");
    expect(own.productos.find((row) => row.id === product.id)?.cifras.vista_cartera).toBe(1);
    const csv = await (await new BrowserClient(server).signInAs(rep.id)).get("/api/visita/estadisticas/csv?tabla=productos&rango=7");
    const [header, line] = new TextDecoder().decode(new Uint8Array(await csv.arrayBuffer()).slice(3)).split("\r\n");
    expect(header).not.toContain("Visitas a la ficha");
    expect(line).toMatch(/^Promocionado 20 mg comprimidos;/);
  });
});

const asSession = (user: Awaited<ReturnType<typeof createUser>>): SessionUser => ({
  id: user.id,
  email: user.email,
  registerType: user.registerType,
  roles: user.roles,
  sessionId: 0,
  sessionKind: "web",
});
