import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "#server/accounts/factories";
import { newsletterSubscriptions, users } from "#server/db/schema";
import { mailsTo } from "#tests/factories/accounts";
import { BrowserClient } from "#tests/support/browser-client";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { createNewsArea, createNewsCategory, createNoticia } from "./factories";
import { sendWeeklyNewsletters } from "./newsletter.service";

let server: TestServer;
let second: TestServer | undefined;
let areaA: { id: number };
let areaB: { id: number };

// Monday 23 Nov 2026, 10:00 in Madrid (09:00 UTC): the newsletter of week 2026-W48 is due.
const MONDAY = new Date("2026-11-23T09:00:00Z");
const DAY = 86_400_000;

beforeAll(async () => {
  server = await startTestServer();
  if (server.ctx.database.kind === "postgres") second = await startTestServer({}, { shareDatabaseWith: server });
  areaA = await createNewsArea(server.ctx.db, { nombre: "Farmacia comunitaria" });
  areaB = await createNewsArea(server.ctx.db, { nombre: "Biotecnología" });
  const category = await createNewsCategory(server.ctx.db, { nombre: "Actualidad" });
  const item = (titulo: string, areaId: number, publicadaEn: Date) =>
    createNoticia(server.ctx.db, { titulo, areaId, categoryId: category.id, status: "publicada", publicadaEn });
  await item("Las farmacias amplían el servicio de cribado", areaA.id, new Date(MONDAY.getTime() - 2 * DAY));
  await item("Una biotecnológica gallega cierra su ronda", areaB.id, new Date(MONDAY.getTime() - 3 * DAY));
  await item("Noticia de hace dos semanas", areaA.id, new Date(MONDAY.getTime() - 14 * DAY));
});
afterAll(async () => {
  await second?.close();
  await server?.close();
});

const submit = async (client: BrowserClient, path: string, fields: [string, string][]) => {
  const response = await client.fetch(path, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Accept: "text/html", "Content-Type": "application/x-www-form-urlencoded" },
  });
  return { status: response.status, html: await response.text() };
};

describe("the weekly newsletter", () => {
  it("is chosen in the account, sent once a week with the week's news of the chosen areas, and ends with one click", async () => {
    const reader = await createUser(server.ctx.db, { type: "web", email: "lectora.boletin@example.com", nombre: "Nuria" });
    const browser = await new BrowserClient(server).signInAs(reader.id);
    const bad = await submit(browser, "/app/cuenta/boletin", [
      ["subscribed", "on"],
      ["area_ids", "999999"],
    ]);
    expect(bad.status).toBe(422);
    expect(bad.html).toContain("Elige áreas de la lista.");
    const saved = await submit(browser, "/app/cuenta/boletin", [
      ["subscribed", "on"],
      ["area_ids", String(areaA.id)],
    ]);
    expect(saved.html).toContain("recibirás el boletín cada lunes por la mañana");
    expect(await (await browser.fetch("/app/cuenta/boletin", { headers: { Accept: "text/html" } })).text()).toMatch(
      new RegExp(`value="${areaA.id}"[^>]*checked|checked[^>]*value="${areaA.id}"`),
    );

    // Not before Monday 08:00; then once, even when two instances run the pass together.
    expect((await sendWeeklyNewsletters(server.ctx, new Date("2026-11-23T06:30:00Z"))).sent).toBe(0);
    const passes = await Promise.all([sendWeeklyNewsletters(server.ctx, MONDAY), sendWeeklyNewsletters((second ?? server).ctx, MONDAY)]);
    expect(passes.reduce((sum, pass) => sum + pass.sent, 0)).toBeGreaterThanOrEqual(1);
    expect((await sendWeeklyNewsletters(server.ctx, new Date(MONDAY.getTime() + DAY))).sent).toBe(0);
    const mails = await mailsTo(server, reader.email, "news_newsletter");
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    if (!mail) throw new Error("no newsletter");
    expect(mail.subject).toContain("Las noticias de la semana del 23 de noviembre");
    expect(mail.text).toContain("Las farmacias amplían el servicio de cribado");
    expect(mail.text).not.toContain("Una biotecnológica gallega");
    expect(mail.text).not.toContain("Noticia de hace dos semanas");
    expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const oneClick = /^<(.+)>$/.exec(mail.headers?.["List-Unsubscribe"] ?? "")?.[1] ?? "";
    expect(new URL(oneClick).pathname).toMatch(/^\/api\/newsletter\/baja\/[\w-]+$/); // APP_URL of whichever instance sent it
    const pageLink = /https?:\/\/\S+\/app\/noticias\/boletin\/baja\/[\w-]+/.exec(mail.text)?.[0] ?? "";
    expect(pageLink).not.toBe("");

    // The page asks first (a GET changes nothing), then the button ends the subscription.
    const anonymous = new BrowserClient(server);
    const ask = await anonymous.fetch(new URL(pageLink).pathname, { headers: { Accept: "text/html" } });
    expect(await ask.text()).toContain("Darme de baja");
    expect(await server.ctx.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.userId, reader.id))).toHaveLength(1);
    const done = await submit(anonymous, new URL(pageLink).pathname, []);
    expect(done.html).toContain("Te has dado de baja");
    expect(await server.ctx.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.userId, reader.id))).toHaveLength(0);
    // The mail client's one-click POST (no cookies) finds nothing left to end.
    expect((await server.fetch(new URL(oneClick).pathname, { method: "POST" })).status).toBe(404);
  });

  it("honours the one-click POST of RFC 8058 without a session", async () => {
    const reader = await createUser(server.ctx.db, { type: "web", email: "un.clic@example.com" });
    await submit(await new BrowserClient(server).signInAs(reader.id), "/app/cuenta/boletin", [["subscribed", "on"]]);
    await server.ctx.db.update(newsletterSubscriptions).set({ lastWeek: null }).where(eq(newsletterSubscriptions.userId, reader.id));
    await sendWeeklyNewsletters(server.ctx, new Date(MONDAY.getTime() + 7 * DAY));
    const [mail] = await mailsTo(server, reader.email, "news_newsletter");
    // No area chosen: every area's news of that week (none in the following week, so nothing sent…)
    expect(mail).toBeUndefined();
    await sendWeeklyNewsletters(server.ctx, new Date(MONDAY.getTime() + 7 * DAY));
    const [row] = await server.ctx.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.userId, reader.id));
    expect(row?.lastWeek).toBe("2026-W49");

    await server.ctx.db.update(newsletterSubscriptions).set({ lastWeek: null }).where(eq(newsletterSubscriptions.userId, reader.id));
    await sendWeeklyNewsletters(server.ctx, MONDAY);
    const [weekly] = await mailsTo(server, reader.email, "news_newsletter");
    expect(weekly?.text).toContain("Una biotecnológica gallega");
    const url = /^<(.+)>$/.exec(weekly?.headers?.["List-Unsubscribe"] ?? "")?.[1] ?? "";
    const response = await server.fetch(new URL(url).pathname, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(200);
    expect((await response.json()).message).toBe("Te has dado de baja del boletín semanal.");
  });

  it("skips blocked and unconfirmed accounts, and subscribes those who accept publicidad at registration", async () => {
    const blocked = await createUser(server.ctx.db, { type: "web" });
    const unconfirmed = await createUser(server.ctx.db, { type: "web", verified: false });
    for (const user of [blocked, unconfirmed]) {
      await server.ctx.db.insert(newsletterSubscriptions).values({ userId: user.id, unsubscribeHash: `hash-${user.id}` });
    }
    await server.ctx.db.update(users).set({ blockedAt: new Date() }).where(eq(users.id, blocked.id));
    await sendWeeklyNewsletters(server.ctx, MONDAY);
    expect(await mailsTo(server, blocked.email, "news_newsletter")).toHaveLength(0);
    expect(await mailsTo(server, unconfirmed.email, "news_newsletter")).toHaveLength(0);

    const register = (email: string, publicidad: boolean) =>
      new BrowserClient(server).json("/api/register", {
        email,
        password: "Valeriana-Corteza-73",
        password_confirmation: "Valeriana-Corteza-73",
        register_type: "web",
        pais_id: 28,
        publicidad,
        acepta_condiciones: true,
      });
    expect((await register("acepta.publicidad@example.com", true)).status).toBeLessThan(300);
    expect((await register("sin.publicidad@example.com", false)).status).toBeLessThan(300);
    const subscribed = await server.ctx.db
      .select({ email: users.email })
      .from(newsletterSubscriptions)
      .innerJoin(users, eq(users.id, newsletterSubscriptions.userId));
    expect(subscribed.map((row) => row.email)).toContain("acepta.publicidad@example.com");
    expect(subscribed.map((row) => row.email)).not.toContain("sin.publicidad@example.com");
  });
});
