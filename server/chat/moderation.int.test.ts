import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChatPerson, chatPerson, say, startChat } from "#tests/factories/chat";
import { startTestServer, type TestServer } from "#tests/support/test-server";

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
