import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChatPerson, ChatSocket, chatPerson, newClientId, say, startChat } from "#tests/factories/chat";
import { testDbKind } from "#tests/support/databases";
import { startTestServer, type TestServer } from "#tests/support/test-server";

type MessageFrame = { seq: number; kind: string; message: { id: number; body: string; client_id: string } };

const bodiesOf = (socket: ChatSocket) => socket.events("message").map((frame) => (frame as unknown as MessageFrame).message.body);

describe("real time on one instance", () => {
  let server: TestServer;
  let ana: ChatPerson;
  let bruno: ChatPerson;
  let conversationId: number;
  beforeAll(async () => {
    server = await startTestServer();
    ana = await chatPerson(server, { nombre: "Ana" });
    bruno = await chatPerson(server, { nombre: "Bruno" });
    conversationId = await startChat(ana, bruno, "Hola Bruno");
    await bruno.client.fetch(`/api/chat/conversations/${conversationId}/accept`, { method: "POST" });
  });
  afterAll(() => server?.close());

  it("delivers a message to the recipient's socket with its unread total, and the sender's other devices", async () => {
    const brunoSocket = await ChatSocket.open(server, bruno.id);
    const anaOtherDevice = await ChatSocket.open(server, ana.id);
    await say(ana, conversationId, "¿Nos vemos el martes?");
    const frame = await brunoSocket.waitFor((f) => f.kind === "message");
    expect(frame).toMatchObject({ conversation_id: conversationId, message: { body: "¿Nos vemos el martes?" }, unread_total: 2 });
    await anaOtherDevice.waitFor((f) => f.kind === "message");
    brunoSocket.close();
    anaOtherDevice.close();
  });

  it("sends over the socket; a connection killed mid-send and a resend with the same client_id yield one message", async () => {
    const brunoSocket = await ChatSocket.open(server, bruno.id);
    const flaky = await ChatSocket.open(server, ana.id);
    const clientId = newClientId();
    flaky.send({ type: "chat.send", conversation_id: conversationId, client_id: clientId, body: "Enviado con mala cobertura" });
    flaky.kill(); // no ack will ever arrive on this connection
    const retry = await ChatSocket.open(server, ana.id);
    retry.send({ type: "chat.send", conversation_id: conversationId, client_id: clientId, body: "Enviado con mala cobertura" });
    const ack = await retry.waitFor((f) => f.type === "chat.ack");
    expect(ack).toMatchObject({ client_id: clientId, message: { body: "Enviado con mala cobertura" } });
    await brunoSocket.waitFor((f) => f.kind === "message" && (f as unknown as MessageFrame).message.client_id === clientId);
    // One more message proves nothing else is still on its way.
    await say(ana, conversationId, "fin");
    await brunoSocket.waitFor((f) => f.kind === "message" && (f as unknown as MessageFrame).message.body === "fin");
    expect(bodiesOf(brunoSocket).filter((b) => b === "Enviado con mala cobertura")).toHaveLength(1);
    const history = (await (await bruno.client.get(`/api/chat/conversations/${conversationId}/messages`)).json()) as {
      data: Array<{ body: string }>;
    };
    expect(history.data.filter((m) => m.body === "Enviado con mala cobertura")).toHaveLength(1);
    brunoSocket.close();
    retry.close();
  });

  it("after a disconnect the client resumes from its last sequence and gets every missed event, in order", async () => {
    const first = await ChatSocket.open(server, bruno.id);
    first.send({ type: "chat.resume", since: 0 });
    const resumed = await first.waitFor((f) => f.type === "chat.resumed");
    const lastSeen = resumed.last_seq as number;
    first.kill();
    for (const text of ["uno", "dos", "tres"]) await say(ana, conversationId, text);
    const second = await ChatSocket.open(server, bruno.id);
    second.send({ type: "chat.resume", since: lastSeen });
    const done = await second.waitFor((f) => f.type === "chat.resumed");
    const missed = second.events();
    expect(missed.map((f) => f.seq)).toEqual([lastSeen + 1, lastSeen + 2, lastSeen + 3]);
    expect(bodiesOf(second)).toEqual(["uno", "dos", "tres"]);
    expect(done).toMatchObject({ last_seq: lastSeen + 3, more: false });
    // The same over HTTP, for API clients.
    const viaHttp = (await (await bruno.client.get(`/api/chat/events?since=${lastSeen}`)).json()) as { events: Array<{ seq: number }> };
    expect(viaHttp.events.map((e) => e.seq)).toEqual([lastSeen + 1, lastSeen + 2, lastSeen + 3]);
    second.close();
  });

  it("shows typing, delivered and read marks to the other side", async () => {
    const anaSocket = await ChatSocket.open(server, ana.id);
    const brunoSocket = await ChatSocket.open(server, bruno.id);
    brunoSocket.send({ type: "chat.typing", conversation_id: conversationId });
    expect(await anaSocket.waitFor((f) => f.type === "chat.typing")).toMatchObject({ conversation_id: conversationId, user_id: bruno.id });
    const sent = (await (await say(ana, conversationId, "¿Lo has leído?")).json()) as { message: { id: number } };
    brunoSocket.send({ type: "chat.delivered", conversation_id: conversationId, message_id: sent.message.id });
    expect(await anaSocket.waitFor((f) => f.kind === "delivered")).toMatchObject({ message_id: sent.message.id, user_id: bruno.id });
    brunoSocket.send({ type: "chat.read", conversation_id: conversationId, message_id: sent.message.id });
    expect(await anaSocket.waitFor((f) => f.kind === "read")).toMatchObject({ message_id: sent.message.id, user_id: bruno.id });
    expect(await brunoSocket.waitFor((f) => f.kind === "read")).toMatchObject({ unread_total: 0 });
    anaSocket.close();
    brunoSocket.close();
  });

  it("refuses socket actions on someone else's conversation", async () => {
    const outsider = await chatPerson(server);
    const socket = await ChatSocket.open(server, outsider.id);
    socket.send({ type: "chat.send", conversation_id: conversationId, client_id: newClientId(), body: "intruso" });
    expect(await socket.waitFor((f) => f.type === "chat.error")).toMatchObject({ code: "NOT_FOUND" });
    socket.send({ type: "chat.typing", conversation_id: conversationId });
    socket.send({ type: "chat.resume", since: 0 });
    expect(await socket.waitFor((f) => f.type === "chat.resumed")).toMatchObject({ last_seq: 0 });
    expect(socket.events()).toEqual([]);
    socket.close();
  });
});

// A reader on one instance, a writer on the other; only PostgreSQL is shared between processes.
describe.skipIf(testDbKind() !== "postgres")("real time across two instances", () => {
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    first = await startTestServer();
    second = await startTestServer({}, { shareDatabaseWith: first });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it("delivers every message sent through one instance to the reader on the other, in order, once", async () => {
    const writer = await chatPerson(first);
    const reader = await chatPerson(second);
    const conversationId = await startChat(writer, reader, "0");
    const socket = await ChatSocket.open(second, reader.id);
    const texts = Array.from({ length: 20 }, (_, i) => String(i + 1));
    await Promise.all(texts.map((text) => say(writer, conversationId, text)));
    await socket.waitFor(() => socket.events("message").length >= 20);
    const frames = socket.events("message");
    const seqs = frames.map((f) => f.seq as number);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(bodiesOf(socket))).toEqual(new Set(texts));
    expect(frames).toHaveLength(20);
    socket.close();
  });
});
