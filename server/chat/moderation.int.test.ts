import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "#server/accounts";
import type { Db } from "#server/db/client";
import * as schema from "#server/db/schema";
import { listAuditLog } from "#server/platform/audit";
import { type ChatPerson, chatPerson, say, startChat } from "#tests/factories/chat";
import type { BrowserClient } from "#tests/support/browser-client";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { CONTEXT_MESSAGES, listReports } from "./moderation.service";

let server: TestServer;
let moderator: ChatPerson;
let victim: ChatPerson;
let offender: ChatPerson;
let conversationId: number;

type Report = {
  id: number;
  status: string;
  reason: string;
  message: { id: number; body: string; deleted: boolean } | null;
  reported_user: { id: number; suspended: boolean };
  context: unknown[];
};
const queue = async (who: ChatPerson, status = "pendiente") =>
  (await (await who.client.get(`/api/admin/chat/reports?status=${status}`)).json()) as Report[];
const resolve = (who: ChatPerson, id: number, action: string) => who.client.json(`/api/admin/chat/reports/${id}/resolve`, { action });
const report = async (body: Record<string, unknown>) => {
  const response = await victim.client.json("/api/chat/reports", { conversation_id: conversationId, reason: "acoso", ...body });
  return ((await response.json()) as { id: number }).id;
};

beforeAll(async () => {
  server = await startTestServer();
  moderator = await chatPerson(server, { roles: ["moderador"] });
  victim = await chatPerson(server, { nombre: "Víctima" });
  offender = await chatPerson(server, { nombre: "Ofensor" });
  conversationId = await startChat(offender, victim, "primer insulto");
});
afterAll(() => server?.close());

describe("moderation queue", () => {
  it("is for moderators only", async () => {
    expect((await victim.client.get("/api/admin/chat/reports")).status).toBe(403);
    expect((await server.fetch("/api/admin/chat/reports")).status).toBe(401);
  });

  it("deletes a reported message for everyone, and records who did it", async () => {
    const [message] = (
      (await (await victim.client.get(`/api/chat/conversations/${conversationId}/messages`)).json()) as { data: Array<{ id: number }> }
    ).data;
    const id = await report({ message_id: message?.id });
    const pending = await queue(moderator);
    expect(pending.find((r) => r.id === id)).toMatchObject({
      reason: "acoso",
      message: { body: "primer insulto" },
      reported_user: { id: offender.id },
    });
    expect((await resolve(victim, id, "delete_message")).status).toBe(403);
    expect((await resolve(moderator, id, "delete_message")).status).toBe(204);
    const history = (await (await victim.client.get(`/api/chat/conversations/${conversationId}/messages`)).json()) as {
      data: Array<{ deleted: boolean }>;
    };
    expect(history.data[0]?.deleted).toBe(true);
    expect((await queue(moderator)).map((r) => r.id)).not.toContain(id);
    expect((await queue(moderator, "resueltos")).find((r) => r.id === id)?.status).toBe("mensaje_eliminado");
    expect((await resolve(moderator, id, "dismiss")).status).toBe(409);
    const audit = await server.ctx.db.query.auditLog.findMany();
    expect(audit.find((entry) => entry.subjectId === String(id))).toMatchObject({
      action: "chat_report.delete_message",
      actorId: moderator.id,
    });
  });

  it("suspends the reported account from the chat, or dismisses a report", async () => {
    await say(offender, conversationId, "segundo insulto");
    const dismissed = await report({ reason: "spam" });
    expect((await resolve(moderator, dismissed, "dismiss")).status).toBe(204);
    expect((await say(offender, conversationId, "sigo aquí")).status).toBe(201);
    const suspended = await report({});
    expect((await resolve(moderator, suspended, "suspend_account")).status).toBe(204);
    const refused = await say(offender, conversationId, "¿me oyes?");
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toMatch(/Tu cuenta no puede enviar mensajes/);
  });
});

/** The same database as the server's, through a Drizzle that counts the statements it runs. */
function countingDb(): { db: Db; count: () => number } {
  let statements = 0;
  const logger = { logQuery: () => void statements++ };
  const client = (server.ctx.db as unknown as { $client: never }).$client;
  const db = (server.ctx.database.kind === "pglite"
    ? drizzlePglite(client, { schema, logger })
    : drizzlePg(client, { schema, logger })) as unknown as Db;
  return { db, count: () => statements };
}

describe("the context of each report", () => {
  it("is the conversation's last messages, oldest first, for every report, in a fixed number of queries", async () => {
    const chats: Array<{ id: number; bodies: string[] }> = [];
    for (const [n, sent] of [
      [1, 14],
      [2, 3],
      [3, 1],
    ] as const) {
      const reporterOf = await chatPerson(server, { nombre: `Denunciante ${n}` });
      const sender = await chatPerson(server, { nombre: `Remitente ${n}` });
      const bodies = [`conversación ${n} mensaje 1`];
      const id = await startChat(sender, reporterOf, bodies[0]);
      await reporterOf.client.json(`/api/chat/conversations/${id}/accept`, {});
      for (let i = 2; i <= sent; i++) {
        bodies.push(`conversación ${n} mensaje ${i}`);
        await say(i % 2 ? sender : reporterOf, id, bodies.at(-1) as string);
      }
      await reporterOf.client.json("/api/chat/reports", { conversation_id: id, reason: "spam" });
      chats.push({ id, bodies });
    }
    const actor: SessionUser = {
      id: moderator.id,
      email: moderator.email,
      registerType: "web",
      roles: ["moderador"],
      sessionId: 0,
      sessionKind: "web",
    };
    const counting = countingDb();
    const reports = await listReports({ ...server.ctx, db: counting.db }, actor, { status: "pendiente" });
    for (const chat of chats) {
      const shown = reports.find((r) => r.conversation_id === chat.id);
      expect(shown?.context.map((m) => m.body)).toEqual(chat.bodies.slice(-CONTEXT_MESSAGES));
    }
    // One query for the reports, one for all their conversations' messages (before: one per conversation).
    expect(counting.count()).toBe(2);
  });
});

const page = async (client: BrowserClient, path: string, init: RequestInit = {}) => {
  const response = await client.fetch(path, { ...init, headers: { Accept: "text/html", ...(init.headers ?? {}) } });
  return { status: response.status, text: await response.text() };
};
const pageAction = (client: BrowserClient, fields: Record<string, string>) =>
  page(client, "/app/admin/denuncias", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });

describe("a reported file", () => {
  it("is shown to the moderator by its name, in the report and in its context, never as an empty line", async () => {
    const other = await chatPerson(server, { nombre: "Receptora" });
    const sender = await chatPerson(server, { nombre: "Remitente" });
    const id = await startChat(sender, other, "Te mando el folleto");
    const [file] = await server.ctx.db
      .insert(schema.chatMessages)
      .values({
        conversationId: id,
        senderId: sender.id,
        clientId: crypto.randomUUID(),
        body: "",
        attachment: { kind: "pdf", key: "chat/folleto.pdf", name: "folleto-dudoso.pdf", size: 1234 },
      })
      .returning({ id: schema.chatMessages.id });
    const reported = await other.client.json("/api/chat/reports", { conversation_id: id, message_id: file?.id, reason: "spam" });
    expect(reported.status).toBe(201);
    const entry = (await queue(moderator)).find((r) => r.message?.id === file?.id) as unknown as {
      message: { attachment_name: string | null };
      context: Array<{ body: string; attachment_name: string | null }>;
    };
    expect(entry.message.attachment_name).toBe("folleto-dudoso.pdf");
    expect(entry.context.map((m) => [m.body, m.attachment_name])).toEqual([
      ["Te mando el folleto", null],
      ["", "folleto-dudoso.pdf"],
    ]);
    const shown = await page(moderator.client, "/app/admin/denuncias");
    expect(shown.text).toContain("Archivo adjunto: folleto-dudoso.pdf");
  });
});

describe("the moderation queue page of the back office", () => {
  it("shows moderators the pending reports in context, and nobody else", async () => {
    const other = await chatPerson(server, { nombre: "Denunciante" });
    const spammer = await chatPerson(server, { nombre: "Spammer" });
    const id = await startChat(spammer, other, "Compra ya en https://oferta.example/gratis");
    const reportId = (
      (await (await other.client.json("/api/chat/reports", { conversation_id: id, reason: "spam" })).json()) as { id: number }
    ).id;
    expect((await page(victim.client, "/app/admin/denuncias")).status).toBe(403);
    expect((await pageAction(victim.client, { id: String(reportId), action: "dismiss" })).status).toBe(403);
    const shown = await page(moderator.client, "/app/admin/denuncias");
    expect(shown.status).toBe(200);
    expect(shown.text).toContain("Denuncias del chat");
    expect(shown.text).toContain("Spam o publicidad no deseada");
    // The reported text is shown with its address as a link that opens in a new tab.
    expect(shown.text).toMatch(/<a[^>]*href="https:\/\/oferta.example\/gratis"[^>]*target="_blank"/);
    expect(shown.text).toContain("Bloquear la cuenta");
    expect((await queue(moderator)).map((r) => r.id)).toContain(reportId);
  });

  it("blocks the reported account from the whole site: its sessions end, and both steps are audited", async () => {
    const other = await chatPerson(server, { nombre: "Acosada" });
    const abuser = await chatPerson(server, { nombre: "Acosador" });
    const id = await startChat(abuser, other, "te voy a encontrar");
    const reportId = (
      (await (await other.client.json("/api/chat/reports", { conversation_id: id, reason: "acoso" })).json()) as { id: number }
    ).id;
    const bad = await pageAction(moderator.client, { id: String(reportId), action: "borrar_todo" });
    expect(bad.status).toBe(422);
    expect(bad.text).toContain("Elige una acción.");
    const done = await pageAction(moderator.client, { id: String(reportId), action: "block_account" });
    expect(done.status).toBe(200);
    expect(done.text).toContain("Cuenta bloqueada");
    // The abuser's session ended: the API no longer knows them.
    expect((await abuser.client.get("/api/chat/conversations")).status).toBe(401);
    expect((await queue(moderator, "resueltos")).find((r) => r.id === reportId)?.status).toBe("cuenta_bloqueada");
    const audit = (await listAuditLog(server.ctx.db, { q: String(abuser.id) })).items;
    expect(audit.find((row) => row.action === "user.block" && row.subjectId === String(abuser.id))?.actorId).toBe(moderator.id);
    const reportAudit = await listAuditLog(server.ctx.db, { subjectType: "chat_report", q: String(reportId) });
    expect(reportAudit.items.find((row) => row.subjectId === String(reportId))?.action).toBe("chat_report.block_account");
    expect((await pageAction(moderator.client, { id: String(reportId), action: "dismiss" })).text).toContain(
      "Esta denuncia ya se ha resuelto.",
    );
  });
});
