import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedAccountsDemo } from "#server/accounts/seed";
import { users } from "#server/db/schema";
import { BrowserClient } from "#tests/support/browser-client";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { seedChatDemo } from "./seed";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await seedAccountsDemo(server.ctx);
  await seedChatDemo(server.ctx);
});
afterAll(() => server?.close());

async function clientOf(email: string) {
  const [user] = await server.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return new BrowserClient(server).signInAs(user?.id ?? 0);
}

type List = { data: Array<{ status: string; unread_count: number; other: { nombre: string }; last_message: { body: string } }> };

describe("chat demo seed", () => {
  it("gives the demo representative an accepted conversation with a professional, with one unread message", async () => {
    const visita = await clientOf("demo-visita@farmanexo.test");
    const list = (await (await visita.get("/api/chat/conversations")).json()) as List;
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({ status: "active", unread_count: 1, other: { nombre: "Lucía Martín Web" } });
    expect(((await (await visita.get("/api/user")).json()) as { chat_unread: number }).chat_unread).toBe(1);
  });

  it("gives the demo candidate a conversation with the demo company about an interview", async () => {
    const candidato = await clientOf("demo-candidato@farmanexo.test");
    const list = (await (await candidato.get("/api/chat/conversations")).json()) as List;
    expect(list.data[0]).toMatchObject({ status: "active", unread_count: 1, other: { nombre: "Sergio Molina Empleo" } });
    expect(list.data[0]?.last_message.body).toMatch(/https:\/\/cima\.aemps\.es/);
  });
});
