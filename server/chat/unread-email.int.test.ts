import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailsTo } from "#tests/factories/accounts";
import { type ChatPerson, ChatSocket, chatPerson, say, startChat } from "#tests/factories/chat";
import type { BrowserClient } from "#tests/support/browser-client";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { runChatMaintenance } from "./scheduler";

// Issue 12 #4: an e-mail when messages stay unread for 15 minutes and the user is not connected.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);
const unreadMails = (who: ChatPerson) => mailsTo(server, who.email, "chat_unread");

/** Two people in an accepted conversation, with one unread message for `reader`. */
async function pair(first = "Hola, ¿podemos hablar del puesto?") {
  const writer = await chatPerson(server, { nombre: "Marta" });
  const reader = await chatPerson(server, { nombre: "Jorge" });
  const id = await startChat(writer, reader, "Buenas");
  expect((await reader.client.fetch(`/api/chat/conversations/${id}/accept`, { method: "POST" })).status).toBe(204);
  await markAllRead(reader, id);
  expect((await say(writer, id, first)).status).toBe(201);
  return { writer, reader, id };
}

async function markAllRead(who: ChatPerson, id: number) {
  const history = (await (await who.client.get(`/api/chat/conversations/${id}/messages`)).json()) as { data: Array<{ id: number }> };
  const last = Math.max(...history.data.map((m) => m.id));
  expect((await who.client.json(`/api/chat/conversations/${id}/read`, { message_id: last })).status).toBe(204);
}

const postForm = (client: BrowserClient | TestServer, path: string) =>
  client.fetch(path, {
    method: "POST",
    body: new URLSearchParams({}),
    headers: { Accept: "text/html", "Content-Type": "application/x-www-form-urlencoded" },
  });

describe("the unread-messages e-mail", () => {
  it("goes once per quiet period, after 15 minutes, with a link to the conversation and a one-click unsubscribe", async () => {
    const { writer, reader, id } = await pair();
    await runChatMaintenance(server.ctx, minutesFromNow(5));
    expect(await unreadMails(reader)).toHaveLength(0);

    await runChatMaintenance(server.ctx, minutesFromNow(16));
    const [mail] = await unreadMails(reader);
    expect(mail?.subject).toMatch(/^Marta .*te ha escrito/);
    expect(mail?.text).toContain("Tienes un mensaje sin leer de Marta");
    expect(mail?.text).toContain(`/app/chat/${id}`);
    expect(await unreadMails(writer)).toHaveLength(0);

    // More messages in the same quiet period bring no second e-mail.
    await say(writer, id, "¿Sigues ahí?");
    await runChatMaintenance(server.ctx, minutesFromNow(40));
    expect(await unreadMails(reader)).toHaveLength(1);

    // Once read, a new quiet period starts.
    await markAllRead(reader, id);
    await say(writer, id, "Otra cosa");
    await runChatMaintenance(server.ctx, minutesFromNow(20));
    expect(await unreadMails(reader)).toHaveLength(2);

    // One click on the e-mail's link (and its confirmation) stops them.
    const link = /\/app\/chat\/baja\/[\w.-]+/.exec(mail?.text ?? "")?.[0] ?? "";
    expect(link).not.toBe("");
    expect((await server.fetch(link, { headers: { Accept: "text/html" } })).status).toBe(200);
    const done = await postForm(server, link);
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("Te has dado de baja");
    await markAllRead(reader, id);
    await say(writer, id, "¿Y ahora?");
    await runChatMaintenance(server.ctx, minutesFromNow(20));
    expect(await unreadMails(reader)).toHaveLength(2);

    // The chat's settings show it off, and turn it back on (the page's switch, then the API).
    expect(await (await reader.client.get("/api/chat/settings")).json()).toEqual({
      read_receipts: true,
      unread_emails: false,
      verified_requests_only: false,
    });
    const page = await reader.client.fetch("/app/chat", {
      method: "POST",
      body: new URLSearchParams({ intent: "settings", unread_emails: "on" }),
      headers: { Accept: "text/html", "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(page.status).toBe(200);
    expect(await (await reader.client.get("/api/chat/settings")).json()).toEqual({
      read_receipts: true,
      unread_emails: true,
      verified_requests_only: false,
    });
    await markAllRead(reader, id);
    await say(writer, id, "¿Me lees otra vez?");
    await runChatMaintenance(server.ctx, minutesFromNow(20));
    expect(await unreadMails(reader)).toHaveLength(3);
    const off = await reader.client.json("/api/chat/settings", { unread_emails: false }, "PUT");
    expect(await off.json()).toEqual({ read_receipts: true, unread_emails: false, verified_requests_only: false });
    const bad = await reader.client.json("/api/chat/settings", { unread_emails: "sí" }, "PUT");
    expect(bad.status).toBe(422);
  });

  it("refuses a forged unsubscribe link", async () => {
    const { reader } = await pair();
    const forged = await postForm(server, `/app/chat/baja/${reader.id}.no-es-nuestro`);
    expect(await forged.text()).toContain("Este enlace no es válido");
    const state = await server.ctx.db.execute(sql`SELECT unread_emails FROM chat_user_state WHERE user_id = ${reader.id}`);
    expect((state as unknown as { rows: Array<{ unread_emails: boolean }> }).rows[0]?.unread_emails ?? true).toBe(true);
  });

  it("is not sent for a muted conversation", async () => {
    const { reader, id } = await pair();
    expect((await reader.client.json(`/api/chat/conversations/${id}/mute`, { muted: true }, "PUT")).status).toBe(200);
    await runChatMaintenance(server.ctx, minutesFromNow(16));
    expect(await unreadMails(reader)).toHaveLength(0);
  });

  it("is not sent while the user is connected", async () => {
    const { reader } = await pair();
    const socket = await ChatSocket.open(server, reader.id);
    try {
      await runChatMaintenance(server.ctx, minutesFromNow(16));
      expect(await unreadMails(reader)).toHaveLength(0);
    } finally {
      socket.close();
    }
  });

  it("goes once however many instances sweep at the same time", async () => {
    const { reader } = await pair();
    const now = minutesFromNow(16);
    await Promise.all([runChatMaintenance(server.ctx, now), runChatMaintenance(server.ctx, now), runChatMaintenance(server.ctx, now)]);
    expect(await unreadMails(reader)).toHaveLength(1);
  });
});
