import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "#server/accounts/factories";
import { mailOutbox, notificationPreferences, portfolioEntries, representativeProfiles, visitaDailyCounts } from "#server/db/schema";
import { takeBeaconToken } from "#server/platform/figures-beacon";
import { flushVisitaFigures, runWeeklySummaries } from "#server/visita";
import { createProduct } from "#tests/factories/visita";
import { BrowserClient } from "#tests/support/browser-client";
import { startTestServer, type TestServer } from "#tests/support/test-server";

// Issue 32, what was left: beacons whose ids do not exist or do not belong together are dropped and
// a visitor over the limit is dropped silently; a chat actually started from a representative's page
// counts; the weekly summary e-mail goes once per week, only with figures, and honours the opt-out.

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
let server: TestServer;
let product: Awaited<ReturnType<typeof createProduct>>;
let other: Awaited<ReturnType<typeof createProduct>>;
let repId: number;
let hiddenRepId: number;

const beacon = (client: BrowserClient, body: Record<string, unknown>) =>
  client.fetch("/api/visita/estadisticas/eventos", {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "Content-Type": "application/json", "User-Agent": CHROME },
  });

async function countsOf(representativeId: number | null, productId: number | null) {
  const rows = await server.ctx.db.select().from(visitaDailyCounts);
  return rows
    .filter(
      (row) =>
        (representativeId === null || row.representativeId === representativeId) && (productId === null || row.productId === productId),
    )
    .map((row) => ({ event: row.event, productId: row.productId, representativeId: row.representativeId, count: row.count }));
}

beforeAll(async () => {
  server = await startTestServer();
  product = await createProduct(server.ctx, { name: "Contable 5 mg comprimidos", laboratory: "Laboratorios Cuenta" });
  other = await createProduct(server.ctx, { name: "Ajeno 5 mg comprimidos", laboratory: "Laboratorios Cuenta" });
  repId = (await createUser(server.ctx.db, { type: "visita", roles: ["visitador_farmaceutico"], nombre: "Begoña" })).id;
  hiddenRepId = (await createUser(server.ctx.db, { type: "visita", roles: ["visitador_farmaceutico"] })).id;
  await server.ctx.db.insert(representativeProfiles).values({ userId: repId, public: true });
  await server.ctx.db.insert(portfolioEntries).values({ userId: repId, productId: product.id });
});
afterAll(() => server?.close());

describe("the figures' beacon", () => {
  it("drops ids that do not exist or do not belong together, always answering 204", async () => {
    const anonymous = new BrowserClient(server);
    const sent = [
      { evento: "vista_cartera", producto_id: product.id, visitador_id: repId }, // counted
      { evento: "vista_cartera", producto_id: other.id, visitador_id: repId }, // not in the portfolio
      { evento: "contacto", producto_id: other.id, visitador_id: repId }, // not in the portfolio
      { evento: "vista_perfil", visitador_id: hiddenRepId }, // no public profile
      { evento: "contacto", visitador_id: hiddenRepId }, // no public profile
      { evento: "vista_producto", producto_id: 987_654 }, // no such product
      { evento: "vista_promocion", promocion_id: 987_654 }, // no such promotion
      { evento: "vista_perfil", visitador_id: repId }, // counted
    ];
    for (const body of sent) expect((await beacon(anonymous, body)).status).toBe(204);
    expect((await beacon(anonymous, { evento: "vista_cartera", producto_id: product.id })).status).toBe(422);
    await flushVisitaFigures(server.ctx);
    expect(await countsOf(repId, null)).toEqual(
      expect.arrayContaining([
        { event: "vista_cartera", productId: product.id, representativeId: repId, count: 1 },
        { event: "vista_perfil", productId: null, representativeId: repId, count: 1 },
      ]),
    );
    expect(await countsOf(repId, null)).toHaveLength(2);
    expect(await countsOf(hiddenRepId, null)).toEqual([]);
    expect(await countsOf(null, other.id)).toEqual([]);
  });

  it("drops a visitor's beacons past the limit silently, and still counts everyone else", async () => {
    const busyId = (await createUser(server.ctx.db, {})).id;
    const busy = await new BrowserClient(server).signInAs(busyId);
    const calm = await new BrowserClient(server).signInAs((await createUser(server.ctx.db, {})).id);
    const before = (await countsOf(null, other.id)).reduce((sum, row) => sum + row.count, 0);
    // 300 beacons an hour per visitor: 299 already spent, the 300th counts, the next ones answer the same and count nothing.
    for (let i = 0; i < 299; i++) takeBeaconToken(server.ctx, "visitaBeacon", `u:${busyId}`);
    for (let i = 0; i < 3; i++) expect((await beacon(busy, { evento: "vista_producto", producto_id: other.id })).status).toBe(204);
    expect((await beacon(calm, { evento: "vista_producto", producto_id: other.id })).status).toBe(204);
    await flushVisitaFigures(server.ctx);
    const after = (await countsOf(null, other.id)).reduce((sum, row) => sum + row.count, 0);
    expect(after - before).toBe(2);
  });
});

describe("a chat started from a representative's page", () => {
  it("counts once, when the request is actually created, with the product only if it is in the portfolio", async () => {
    const pro = await new BrowserClient(server).signInAs((await createUser(server.ctx.db, {})).id);
    const start = (userId: number, body: string, extra: Record<string, unknown> = {}) =>
      pro.json("/api/chat/conversations", { user_id: userId, client_id: crypto.randomUUID(), body, ...extra });
    expect((await start(repId, "Hola, ¿me cuentas más del producto?", { origen: "visita", producto_id: product.id })).status).toBe(201);
    // The conversation exists now: further messages are not new chats.
    expect((await start(repId, "¿Sigues ahí?", { origen: "visita", producto_id: product.id })).status).toBe(201);
    // From somewhere else (no origin) or to someone who is not a representative: not counted.
    const plain = (await createUser(server.ctx.db, {})).id;
    expect((await start(plain, "Hola", { origen: "visita" })).status).toBe(201);
    const another = await new BrowserClient(server).signInAs((await createUser(server.ctx.db, {})).id);
    expect(
      (await another.json("/api/chat/conversations", { user_id: hiddenRepId, client_id: crypto.randomUUID(), body: "Hola" })).status,
    ).toBe(201);
    // A product outside the portfolio is not attributed.
    const third = await new BrowserClient(server).signInAs((await createUser(server.ctx.db, {})).id);
    const r = await third.json("/api/chat/conversations", {
      user_id: repId,
      client_id: crypto.randomUUID(),
      body: "Hola",
      origen: "visita",
      producto_id: other.id,
    });
    expect(r.status).toBe(201);
    await flushVisitaFigures(server.ctx);
    const chats = (await server.ctx.db.select().from(visitaDailyCounts).where(eq(visitaDailyCounts.event, "chat_iniciado"))).map((row) => ({
      productId: row.productId,
      representativeId: row.representativeId,
      count: row.count,
    }));
    expect(chats).toEqual(
      expect.arrayContaining([
        { productId: product.id, representativeId: repId, count: 1 },
        { productId: null, representativeId: repId, count: 1 },
      ]),
    );
    expect(chats).toHaveLength(2);
  });
});

describe("the weekly summary e-mail", () => {
  // Monday 30 November 2026, 10:00 in Spain: last week is 23–29 November, the one before 16–22.
  const monday = new Date("2026-11-30T09:00:00Z");

  it("goes once a week to each representative with figures, compares with the week before and honours the opt-out", async () => {
    const quiet = await createUser(server.ctx.db, { type: "visita", roles: ["visitador_farmaceutico"] });
    const optedOut = await createUser(server.ctx.db, { type: "visita", roles: ["visitador_farmaceutico"] });
    const busy = await createUser(server.ctx.db, { type: "visita", roles: ["visitador_farmaceutico"], nombre: "Íñigo" });
    await server.ctx.db.insert(portfolioEntries).values({ userId: busy.id, productId: product.id });
    const row = (day: string, event: "vista_perfil" | "vista_cartera" | "contacto" | "chat_iniciado", userId: number, count: number) => ({
      day,
      event,
      representativeId: userId,
      productId: event === "vista_perfil" ? null : product.id,
      count,
    });
    await server.ctx.db.insert(visitaDailyCounts).values([
      row("2026-11-23", "vista_perfil", busy.id, 10),
      row("2026-11-29", "vista_cartera", busy.id, 4),
      row("2026-11-25", "contacto", busy.id, 3),
      row("2026-11-26", "chat_iniciado", busy.id, 2),
      row("2026-11-18", "vista_perfil", busy.id, 20),
      row("2026-11-17", "contacto", busy.id, 3),
      // This week's (not yet summarised) and older figures are not in the summary.
      row("2026-11-30", "vista_perfil", busy.id, 99),
      row("2026-11-10", "vista_perfil", busy.id, 99),
      // The quiet representative had figures only the week before: nothing to tell about last week.
      row("2026-11-20", "vista_perfil", quiet.id, 5),
      row("2026-11-24", "vista_perfil", optedOut.id, 5),
    ]);
    await server.ctx.db
      .insert(notificationPreferences)
      .values({ userId: optedOut.id, kind: "visita_weekly_summary", inApp: false, push: false, email: false });

    // Before Monday's sending hour nothing goes; then two instances at once, and a later pass, send one.
    expect(await runWeeklySummaries(server.ctx, new Date("2026-11-30T06:30:00Z"))).toBe(0);
    const runs = await Promise.all([runWeeklySummaries(server.ctx, monday), runWeeklySummaries(server.ctx, monday)]);
    expect(await runWeeklySummaries(server.ctx, new Date("2026-12-02T12:00:00Z"))).toBe(0);

    // (The representatives of the tests above may have figures of their own, counted today.)
    const all = await server.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "visita_weekly_summary"));
    expect(runs[0] + runs[1]).toBe(all.length);
    expect(new Set(all.map((mail) => mail.to)).size).toBe(all.length);
    const recipients = all.map((mail) => mail.to);
    expect(recipients).not.toContain(quiet.email.toLowerCase());
    expect(recipients).not.toContain(optedOut.email.toLowerCase());
    const mails = all.filter((mail) => mail.to === busy.email.toLowerCase());
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(mail?.subject).toContain("Tu semana en Farmanexo: del 23 de noviembre al 29 de noviembre");
    expect(mail?.text).toContain("Hola, Íñigo:");
    expect(mail?.text).toContain("Visitas: 14 (−6 respecto a la semana anterior).");
    expect(mail?.text).toContain("Clics en «Contactar»: 3 (igual que la semana anterior).");
    expect(mail?.text).toContain("Chats iniciados desde tu perfil o tus productos: 2 (+2 respecto a la semana anterior).");
    expect(mail?.text).toContain("Visitas verificadas confirmadas: 0 (igual que la semana anterior).");
    expect(mail?.text).toContain("/app/visita/visitador/estadisticas?rango=7");
    expect(mail?.text).toContain("/app/notificaciones/preferencias");
    expect(mail?.html).toContain("Visitas: 14 (−6 respecto a la semana anterior).");
    expect(mail?.html).toContain("«Contactar»");

    // The next week the representative is due again, with that week's figures (the 99 views of Monday 30).
    const claimed = await server.ctx.db
      .select({ week: representativeProfiles.summaryWeek })
      .from(representativeProfiles)
      .where(and(eq(representativeProfiles.userId, busy.id)));
    expect(claimed).toEqual([{ week: "2026-11-30" }]);
    await runWeeklySummaries(server.ctx, new Date("2026-12-07T09:00:00Z"));
    const again = await server.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, busy.email.toLowerCase()));
    const weekly = again.filter((m) => m.kind === "visita_weekly_summary");
    expect(weekly).toHaveLength(2);
    expect(weekly.map((m) => m.text).join("\n")).toContain("Visitas: 99 (+85 respecto a la semana anterior).");
  });
});
