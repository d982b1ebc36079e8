import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChatPerson, chatPerson, newClientId, say, startChat } from "#tests/factories/chat";
import { bearerTokenFor } from "#tests/support/browser-client";
import { startTestServer, type TestServer } from "#tests/support/test-server";

let server: TestServer;
let pro: ChatPerson;
let rep: ChatPerson;
let stranger: ChatPerson;

type Conversation = {
  id: number;
  status: string;
  incoming_request: boolean;
  unread_count: number;
  last_message: { body: string } | null;
  other: { nombre: string; role_label: string };
};
type Message = { id: number; body: string; client_id: string; deleted: boolean; sender_id: number };

const list = async (who: ChatPerson, query = "") =>
  (await (await who.client.get(`/api/chat/conversations${query}`)).json()) as { data: Conversation[]; requests_count: number };
const history = async (who: ChatPerson, id: number, query = "") =>
  (await (await who.client.get(`/api/chat/conversations/${id}/messages${query}`)).json()) as {
    data: Message[];
    next_cursor: number | null;
  };
const notifications = async (who: ChatPerson) =>
  ((await (await who.client.get("/api/user")).json()) as { chat_unread: number }).chat_unread;

beforeAll(async () => {
  server = await startTestServer();
  pro = await chatPerson(server, { nombre: "Marta", apellidos: "Ruiz Gómez" });
  rep = await chatPerson(server, { type: "visita", nombre: "Álvaro", apellidos: "Núñez" });
  stranger = await chatPerson(server, { nombre: "Pedro", apellidos: "Extraño" });
});
afterAll(() => server?.close());

describe("starting a conversation", () => {
  it("arrives as a request the recipient accepts; replies then flow both ways", async () => {
    const id = await startChat(pro, rep, "Hola, ¿distribuye el producto en Madrid?");
    const inbox = await list(rep);
    expect(inbox.data.map((c) => c.id)).not.toContain(id);
    expect(inbox.requests_count).toBe(1);
    const requests = await list(rep, "?folder=requests");
    expect(requests.data[0]).toMatchObject({ id, incoming_request: true, unread_count: 1, other: { nombre: "Marta Ruiz Gómez" } });
    expect(requests.data[0]?.last_message?.body).toBe("Hola, ¿distribuye el producto en Madrid?");
    // The sender sees it in their inbox as pending.
    expect((await list(pro)).data[0]).toMatchObject({ id, status: "request", incoming_request: false });

    expect((await rep.client.fetch(`/api/chat/conversations/${id}/accept`, { method: "POST" })).status).toBe(204);
    expect((await list(rep)).data[0]).toMatchObject({ id, status: "active" });
    expect((await say(rep, id, "Sí, cubro Madrid y Barcelona.")).status).toBe(201);
    expect((await history(pro, id)).data.map((m) => m.body)).toEqual([
      "Hola, ¿distribuye el producto en Madrid?",
      "Sí, cubro Madrid y Barcelona.",
    ]);
  });

  it("writing again to the same person reuses the conversation", async () => {
    const first = await startChat(stranger, rep, "Primera");
    const second = await startChat(stranger, rep, "Segunda");
    expect(second).toBe(first);
    expect((await history(rep, first)).data.map((m) => m.body)).toEqual(["Primera", "Segunda"]);
  });

  it("refuses to write to oneself, to nobody, and anonymous or bad input", async () => {
    const self = await pro.client.json("/api/chat/conversations", { user_id: pro.id, client_id: newClientId(), body: "Hola" });
    expect(self.status).toBe(422);
    const nobody = await pro.client.json("/api/chat/conversations", { user_id: 99_999_999, client_id: newClientId(), body: "Hola" });
    expect(nobody.status).toBe(404);
    const empty = await pro.client.json("/api/chat/conversations", { user_id: rep.id, client_id: newClientId(), body: "   " });
    expect(empty.status).toBe(422);
    expect(((await empty.json()) as { errors: Record<string, string[]> }).errors.body).toEqual(["Escribe un mensaje."]);
    const badId = await pro.client.json("/api/chat/conversations", { user_id: rep.id, client_id: "no-soy-un-uuid", body: "Hola" });
    expect(badId.status).toBe(422);
    const anonymous = await server.fetch("/api/chat/conversations");
    expect(anonymous.status).toBe(401);
  });

  it("a declined request leaves the recipient's lists and the sender's later messages never reach them", async () => {
    const spammer = await chatPerson(server, { nombre: "Spam" });
    const id = await startChat(spammer, pro, "Oferta increíble");
    expect((await pro.client.fetch(`/api/chat/conversations/${id}/decline`, { method: "POST" })).status).toBe(204);
    expect((await list(pro, "?folder=requests")).data.map((c) => c.id)).not.toContain(id);
    expect((await list(pro)).data.map((c) => c.id)).not.toContain(id);
    expect((await say(spammer, id, "¿Sigues ahí?")).status).toBe(201); // not told
    expect((await history(pro, id)).data.map((m) => m.body)).toEqual(["Oferta increíble"]);
    expect((await history(spammer, id)).data.map((m) => m.body)).toEqual(["Oferta increíble", "¿Sigues ahí?"]);
  });
});

describe("authorisation", () => {
  it("nobody reads, writes, marks or reports a conversation they are not in (404 as for a missing one)", async () => {
    const id = await startChat(pro, await chatPerson(server));
    const outsider = stranger;
    expect((await outsider.client.get(`/api/chat/conversations/${id}`)).status).toBe(404);
    expect((await outsider.client.get(`/api/chat/conversations/${id}/messages`)).status).toBe(404);
    expect((await say(outsider, id, "Me cuelo")).status).toBe(404);
    expect((await outsider.client.json(`/api/chat/conversations/${id}/read`, { message_id: 1 })).status).toBe(404);
    expect((await outsider.client.json("/api/chat/reports", { conversation_id: id, reason: "spam" })).status).toBe(404);
    const [message] = (await history(pro, id)).data;
    expect((await outsider.client.fetch(`/api/chat/messages/${message?.id}`, { method: "DELETE" })).status).toBe(404);
    expect((await history(pro, id)).data[0]?.deleted).toBe(false);
  });

  it("works for API clients with a bearer token and no CSRF token", async () => {
    const token = await bearerTokenFor(server, rep.id);
    const response = await server.fetch("/api/chat/conversations", { headers: { Authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
  });
});

describe("sending", () => {
  it("resending the same client_id never duplicates the message", async () => {
    const other = await chatPerson(server);
    const id = await startChat(pro, other);
    const clientId = newClientId();
    const first = await say(pro, id, "Una sola vez", clientId);
    const again = await say(pro, id, "Una sola vez", clientId);
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    const [a, b] = [(await first.json()) as { message: Message }, (await again.json()) as { message: Message; duplicate: boolean }];
    expect(b).toMatchObject({ duplicate: true, message: { id: a.message.id } });
    const concurrent = newClientId();
    const results = await Promise.all([
      say(pro, id, "Carrera", concurrent),
      say(pro, id, "Carrera", concurrent),
      say(pro, id, "Carrera", concurrent),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect((await history(other, id)).data.filter((m) => m.body === "Una sola vez" || m.body === "Carrera")).toHaveLength(2);
  });

  it("pages history backwards with a cursor", async () => {
    const other = await chatPerson(server);
    const id = await startChat(pro, other, "m0");
    for (let i = 1; i < 7; i++) await say(pro, id, `m${i}`);
    const newest = await history(other, id, "?limit=3");
    expect(newest.data.map((m) => m.body)).toEqual(["m4", "m5", "m6"]);
    const older = await history(other, id, `?limit=3&before=${newest.next_cursor}`);
    expect(older.data.map((m) => m.body)).toEqual(["m1", "m2", "m3"]);
    const oldest = await history(other, id, `?limit=3&before=${older.next_cursor}`);
    expect(oldest).toEqual({ data: [expect.objectContaining({ body: "m0" })], next_cursor: null });
    expect((await other.client.get(`/api/chat/conversations/${id}/messages?before=abc`)).status).toBe(422);
  });

  it("limits how fast one user sends", async () => {
    const other = await chatPerson(server);
    const id = await startChat(pro, other);
    await server.ctx.db.execute(sql`UPDATE rate_limits SET count = 1000 WHERE key = ${`chatSend:${pro.id}`}`);
    const response = await say(pro, id, "Demasiado rápido");
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBeTruthy();
    await server.ctx.db.execute(sql`DELETE FROM rate_limits WHERE key = ${`chatSend:${pro.id}`}`);
  });
});

describe("unread counts and read marks", () => {
  it("counts unread messages in authUser.notifications, clears them on read, and shows the mark to the sender", async () => {
    const reader = await chatPerson(server);
    const id = await startChat(pro, reader, "uno");
    await say(pro, id, "dos");
    expect(await notifications(reader)).toBe(2);
    const messages = (await history(reader, id)).data;
    expect((await reader.client.json(`/api/chat/conversations/${id}/read`, { message_id: messages[0]?.id })).status).toBe(204);
    expect(await notifications(reader)).toBe(1);
    const view = (await (await pro.client.get(`/api/chat/conversations/${id}`)).json()) as { other_read_message_id: number };
    expect(view.other_read_message_id).toBe(messages[0]?.id);
    await reader.client.json(`/api/chat/conversations/${id}/read`, { message_id: Number.MAX_SAFE_INTEGER });
    expect(await notifications(reader)).toBe(0);
    const after = (await (await reader.client.get(`/api/chat/conversations/${id}`)).json()) as {
      last_read_message_id: number;
      unread_count: number;
    };
    expect(after).toMatchObject({ last_read_message_id: messages[1]?.id, unread_count: 0 });
  });

  it("with read receipts off a user neither sends nor sees read marks", async () => {
    const private_ = await chatPerson(server);
    const id = await startChat(pro, private_);
    expect((await private_.client.json("/api/chat/settings", { read_receipts: false }, "PUT")).status).toBe(200);
    const [message] = (await history(private_, id)).data;
    await private_.client.json(`/api/chat/conversations/${id}/read`, { message_id: message?.id });
    const seenByPro = (await (await pro.client.get(`/api/chat/conversations/${id}`)).json()) as { other_read_message_id: number | null };
    expect(seenByPro.other_read_message_id).toBeNull();
    const seenByPrivate = (await (await private_.client.get(`/api/chat/conversations/${id}`)).json()) as {
      other_read_message_id: number | null;
    };
    expect(seenByPrivate.other_read_message_id).toBeNull();
  });

  it("a muted conversation leaves the header count", async () => {
    const muter = await chatPerson(server);
    const id = await startChat(pro, muter);
    expect(await notifications(muter)).toBe(1);
    const muted = await muter.client.json(`/api/chat/conversations/${id}/mute`, { muted: true }, "PUT");
    expect(((await muted.json()) as { muted: boolean }).muted).toBe(true);
    expect(await notifications(muter)).toBe(0);
  });
});

describe("safety", () => {
  it("a blocked user's messages never reach the blocker, and the blocked user is not told", async () => {
    const blocker = await chatPerson(server);
    const pest = await chatPerson(server);
    const id = await startChat(pest, blocker, "hola");
    expect((await blocker.client.fetch(`/api/chat/blocks/${pest.id}`, { method: "PUT" })).status).toBe(204);
    const before = await notifications(blocker);
    const sent = await say(pest, id, "¿Por qué no contestas?");
    expect(sent.status).toBe(201);
    expect((await history(blocker, id)).data.map((m) => m.body)).toEqual(["hola"]);
    expect(await notifications(blocker)).toBe(before);
    // The blocker cannot write to someone they blocked until they unblock.
    expect((await say(blocker, id, "Te desbloqueo")).status).toBe(403);
    expect((await blocker.client.fetch(`/api/chat/blocks/${pest.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await say(blocker, id, "Te desbloqueo")).status).toBe(201);
  });

  it("deletes one's own message for everyone within 15 minutes, not later, and not someone else's", async () => {
    const other = await chatPerson(server);
    const id = await startChat(pro, other, "me arrepiento");
    const [message] = (await history(pro, id)).data;
    expect(await notifications(other)).toBe(1);
    expect((await other.client.fetch(`/api/chat/messages/${message?.id}`, { method: "DELETE" })).status).toBe(404);
    expect((await pro.client.fetch(`/api/chat/messages/${message?.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await history(other, id)).data[0]).toMatchObject({ deleted: true, body: "" });
    expect(await notifications(other)).toBe(0);

    const late = (await (await say(pro, id, "antiguo")).json()) as { message: Message };
    await server.ctx.db.execute(sql`UPDATE chat_messages SET created_at = now() - interval '16 minutes' WHERE id = ${late.message.id}`);
    const refused = await pro.client.fetch(`/api/chat/messages/${late.message.id}`, { method: "DELETE" });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe(
      "Solo puedes eliminar un mensaje durante los 15 minutos siguientes a su envío.",
    );
  });

  it("reports a message the other person sent, not one of one's own", async () => {
    const other = await chatPerson(server);
    const id = await startChat(other, pro, "mensaje ofensivo");
    const [message] = (await history(pro, id)).data;
    const report = await pro.client.json("/api/chat/reports", {
      conversation_id: id,
      message_id: message?.id,
      reason: "acoso",
      details: "Insultos",
    });
    expect(report.status).toBe(201);
    const own = await other.client.json("/api/chat/reports", { conversation_id: id, message_id: message?.id, reason: "acoso" });
    expect(own.status).toBe(404);
    const badReason = await pro.client.json("/api/chat/reports", { conversation_id: id, reason: "aburrido" });
    expect(badReason.status).toBe(422);
  });
});
