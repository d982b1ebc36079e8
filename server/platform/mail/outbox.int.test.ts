import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "#server/db/schema";
import { startMailCatcher } from "#tests/support/mail-catcher";
import { freePort } from "#tests/support/net";
import { startTestServer, type TestServer } from "#tests/support/test-server";

let server: TestServer;
let smtpPort: number;
beforeAll(async () => {
  smtpPort = await freePort();
  server = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
});
afterAll(() => server?.close());

describe("mail outbox", () => {
  it("keeps a message while the mail server is down and delivers it once it is back", async () => {
    const { mailer, db } = server.ctx;
    await mailer.enqueue({ to: "ana@example.com", subject: "Hola", html: "<p>Hola</p>", text: "Hola", kind: "test" });
    await mailer.deliverDue(); // the server is down: the attempt fails

    const [pending] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, "ana@example.com"));
    expect(pending).toMatchObject({ status: "pending", attempts: 1 });
    expect(pending?.lastError).toBeTruthy();
    expect(pending?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    const catcher = await startMailCatcher(smtpPort);
    try {
      // Time passes: the retry is due.
      await db
        .update(mailOutbox)
        .set({ nextAttemptAt: new Date(Date.now() - 1000) })
        .where(eq(mailOutbox.id, pending?.id ?? 0));
      expect(await mailer.deliverDue()).toBe(1);
      expect(catcher.messages).toHaveLength(1);
      expect(catcher.messages[0]).toMatchObject({ to: ["ana@example.com"], subject: "Hola", text: "Hola" });
      const [sent] = await db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.id, pending?.id ?? 0));
      expect(sent?.status).toBe("sent");
      expect(await mailer.deliverDue()).toBe(0); // never sent twice
    } finally {
      await catcher.close();
    }
  });
});
