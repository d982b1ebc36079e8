import net from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "#server/db/schema";
import { createLogger } from "#server/platform/logger";
import { startTestServer, type TestServer } from "#tests/support/test-server";

// An SMTP server that misbehaves: it drops the connection when the message is about to be sent, or
// refuses the recipient quoting the address. The send fails, the message waits for a retry, the
// log line names no address, and the process goes on answering.
const lines: string[] = [];
const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
let smtp: net.Server;
let mode: "drop" | "refuse" = "drop";
const servers: TestServer[] = [];

beforeAll(async () => {
  smtp = net.createServer((socket) => {
    socket.on("error", () => {});
    socket.write("220 averiado ESMTP\r\n");
    socket.on("data", (data) => {
      const line = data.toString();
      if (/^(EHLO|HELO)/i.test(line)) socket.write("250-averiado\r\n250 8BITMIME\r\n");
      else if (/^MAIL/i.test(line)) socket.write("250 ok\r\n");
      else if (/^RCPT/i.test(line)) {
        const address = /<([^>]+)>/.exec(line)?.[1] ?? "";
        socket.write(mode === "refuse" ? `550 5.1.1 <${address}>: Recipient address rejected\r\n` : "250 ok\r\n");
      } else if (/^DATA/i.test(line)) socket.destroy();
      else if (/^RSET/i.test(line)) socket.write("250 ok\r\n");
      else if (/^QUIT/i.test(line)) socket.end("221 adios\r\n");
    });
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
});
afterAll(async () => {
  for (const server of servers) await server.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe("an SMTP server that fails", () => {
  for (const pooled of [false, true]) {
    it(`keeps the message and the process alive${pooled ? " (pooled connections)" : ""}`, async () => {
      const port = (smtp.address() as net.AddressInfo).port;
      const logger = createLogger("info", { write: (line: string) => void lines.push(line.trimEnd()) });
      const server = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}${pooled ? "?pool=true" : ""}` }, { logger });
      servers.push(server);
      const { mailer, db } = server.ctx;
      for (const [kind, to] of [
        ["drop", "ana.smtp@example.com"],
        ["refuse", "bruno.smtp@example.com"],
      ] as const) {
        mode = kind;
        lines.length = 0;
        await mailer.enqueue({ to, subject: "Hola", html: "<p>Hola</p>", text: "Hola", kind: "test" });
        await mailer.deliverDue();
        const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
        expect(row).toMatchObject({ status: "pending", attempts: 1 });
        expect((await server.fetch("/healthz")).status).toBe(200);
        const failures = entries().filter((entry) => entry.msg === "mail delivery failed");
        expect(failures).toHaveLength(1);
        expect(lines.join("\n")).not.toContain(to);
        if (kind === "refuse") expect(JSON.stringify(failures[0])).toContain("[correo]");
      }
    });
  }
});
