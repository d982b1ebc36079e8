import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { createUser } from "#server/accounts/factories";
import { createSession, SESSION_COOKIE } from "#server/accounts/session";
import { BrowserClient } from "#tests/support/browser-client";
import { testDbKind } from "#tests/support/databases";
import { startTestServer, type TestServer } from "#tests/support/test-server";

// Two instances behind a load balancer share one PostgreSQL and nothing else.
describe.skipIf(testDbKind() !== "postgres")("two instances on one PostgreSQL", () => {
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

  it("accepts on one instance the CSRF token issued by the other", async () => {
    const browser = new BrowserClient(first);
    await browser.csrf();
    const token = browser.cookies.get("XSRF-TOKEN") ?? "";
    const response = await second.fetch("/api/nada", {
      method: "POST",
      headers: { Origin: second.url, Cookie: `XSRF-TOKEN=${token}`, "X-XSRF-TOKEN": decodeURIComponent(token) },
    });
    expect(response.status).toBe(404); // passed the CSRF check (419 otherwise), reached routing
  });

  it("delivers a real-time event published on one instance to a socket held by the other", async () => {
    const user = await createUser(first.ctx.db);
    const session = await createSession(first.ctx.db, { userId: user.id, kind: "web" });
    const socket = new WebSocket(`${second.url.replace("http", "ws")}/ws`, {
      headers: { Cookie: `${SESSION_COOKIE}=${session.token}`, Origin: second.url },
    });
    const messages: Array<{ type: string; text?: string }> = [];
    const received = new Promise<void>((resolve, reject) => {
      socket.on("message", (raw) => {
        const message = JSON.parse(String(raw));
        messages.push(message);
        if (message.type === "hello") void first.ctx.realtime.publish(user.id, { type: "test", text: "hola desde la otra instancia" });
        if (message.type === "test") resolve();
      });
      socket.on("error", reject);
    });
    await received;
    socket.close();
    expect(messages.map((m) => m.type)).toEqual(["hello", "test"]);
    expect(messages[1]?.text).toBe("hola desde la otra instancia");
  });
});

describe("WebSocket authentication", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  const handshake = (headers: Record<string, string>) =>
    new Promise<number | "open">((resolve) => {
      const socket = new WebSocket(`${server.url.replace("http", "ws")}/ws`, { headers });
      socket.on("open", () => {
        socket.close();
        resolve("open");
      });
      socket.on("unexpected-response", (_request, response) => resolve(response.statusCode ?? 0));
      socket.on("error", () => {});
    });

  it("refuses a connection without a session, and one from a foreign origin", async () => {
    expect(await handshake({ Origin: server.url })).toBe(401);
    const user = await createUser(server.ctx.db);
    const session = await createSession(server.ctx.db, { userId: user.id, kind: "web" });
    const cookie = `${SESSION_COOKIE}=${session.token}`;
    expect(await handshake({ Origin: "https://evil.example", Cookie: cookie })).toBe(401);
    expect(await handshake({ Origin: server.url, Cookie: cookie })).toBe("open");
  });
});
