import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unreadUnsubscribeToken } from "#server/chat/unread-email";
import { newsletterSubscriptions } from "#server/db/schema";
import { unsubscribeTokenOf as alertTokenOf } from "#server/jobs/alerts.service";
import { unsubscribeTokenOf as newsletterTokenOf } from "#server/news/newsletter.service";
import { hashToken } from "#server/platform/tokens";
import { createCandidate } from "#tests/factories/jobs";
import { BrowserClient } from "#tests/support/browser-client";
import { startTestServer, type TestServer } from "#tests/support/test-server";

/**
 * Every link the product e-mails that acts on something (unsubscribes) changes nothing when
 * opened: mail scanners GET every link, page and `.data` alike. Only the page's button (a POST)
 * acts. The account links are tested in server/accounts/email-links.int.test.ts, the verified
 * visit's in server/visita/verifications.int.test.ts.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe("links in e-mails, opened by a mail scanner", () => {
  it("leave the newsletter, job alert and chat e-mail subscriptions in place", async () => {
    const user = await createCandidate(server.ctx, { nombre: "Marta" });
    const client = await new BrowserClient(server).signInAs(user.id);
    await server.ctx.db
      .insert(newsletterSubscriptions)
      .values({ userId: user.id, unsubscribeHash: hashToken(newsletterTokenOf(server.ctx.secret, user.id)) });
    const alert = await (await client.json("/api/empleo/alertas", { pais: "espana", q: "farmacovigilancia" })).json();
    expect((await client.get("/api/chat/settings").then((r) => r.json())).unread_emails).toBe(true);

    const links = [
      `/app/noticias/boletin/baja/${newsletterTokenOf(server.ctx.secret, user.id)}`,
      `/app/empleo/alertas/baja/${alertTokenOf(server.ctx.secret, alert.id)}`,
      `/app/chat/baja/${unreadUnsubscribeToken(server.ctx.secret, user.id)}`,
    ];
    for (const link of links) {
      for (const path of [link, `${link}.data`]) {
        const opened = await server.fetch(path, { headers: { Accept: path.endsWith(".data") ? "*/*" : "text/html" } });
        expect([path, opened.status]).toEqual([path, 200]);
      }
    }

    expect(await server.ctx.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.userId, user.id))).toHaveLength(1);
    expect((await client.get("/api/empleo/alertas").then((r) => r.json())).map((a: { id: number }) => a.id)).toContain(alert.id);
    expect((await client.get("/api/chat/settings").then((r) => r.json())).unread_emails).toBe(true);
  });
});
