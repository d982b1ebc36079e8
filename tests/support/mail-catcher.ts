import { createServer as createHttpServer, type Server } from "node:http";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type CaughtMail = { to: string[]; from: string; subject: string; text: string; html: string; receivedAt: string };

/**
 * A real SMTP server on loopback that keeps every message, plus a tiny JSON API to read them:
 * GET /messages?to=address → CaughtMail[] (newest last); DELETE /messages clears.
 */
export async function startMailCatcher(smtpPort: number, apiPort?: number) {
  const messages: CaughtMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onAuth: (_auth, _session, callback) => callback(null, { user: "test" }),
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = (Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : []).flatMap((address) =>
            address.value.map((v) => (v.address ?? "").toLowerCase()),
          );
          messages.push({
            to,
            from: parsed.from?.text ?? "",
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
            receivedAt: new Date().toISOString(),
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(smtpPort, "127.0.0.1", resolve));

  let api: Server | undefined;
  if (apiPort) {
    api = createHttpServer((req, res) => {
      const url = new URL(req.url ?? "/", "http://localhost");
      if (req.method === "DELETE") messages.length = 0;
      const to = url.searchParams.get("to")?.toLowerCase();
      res.setHeader("Content-Type", "application/json");
      res.end(JSON.stringify(to ? messages.filter((m) => m.to.includes(to)) : messages));
    });
    await new Promise<void>((resolve) => api?.listen(apiPort, "127.0.0.1", resolve));
  }
  return {
    messages,
    async close() {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await new Promise<void>((resolve) => (api ? api.close(() => resolve()) : resolve()));
    },
  };
}
