import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { createUser } from "#server/accounts/factories";
import { createSession, SESSION_COOKIE } from "#server/accounts/session";
import { ChatSocket } from "#tests/factories/chat";
import { startTestServer, type TestServer } from "#tests/support/test-server";

// Issue 24 #1 and #8: no frame a signed-in client can send ends the process, and a session cookie
// opens a socket only with our Origin (bearer tokens, which browsers never send by themselves,
// need none). Every case checks afterwards that the server still answers.
let server: TestServer;
let cookie: string;
beforeAll(async () => {
  server = await startTestServer();
  const user = await createUser(server.ctx.db);
  const session = await createSession(server.ctx.db, { userId: user.id, kind: "web" });
  cookie = `${SESSION_COOKIE}=${session.token}`;
});
afterAll(() => server?.close());

const wsUrl = () => `${server.url.replace("http", "ws")}/ws`;

async function stillServing() {
  expect((await server.fetch("/healthz")).status).toBe(200);
  const chat = await ChatSocket.open(server, (await createUser(server.ctx.db)).id);
  chat.send({ type: "ping" });
  await chat.waitFor((frame) => frame.type === "pong");
  chat.close();
}

/** Opens a socket with the cookie, sends one raw frame, resolves with the close code. */
function closeCodeAfter(send: (socket: WebSocket) => void): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(wsUrl(), { headers: { Cookie: cookie, Origin: server.url } });
    socket.on("message", (raw) => {
      if (JSON.parse(String(raw)).type === "hello") send(socket);
    });
    socket.on("close", (code) => resolve(code));
    socket.on("error", () => {}); // the server's close may race our write
    setTimeout(() => reject(new Error("the server did not close the socket")), 5000);
  });
}

const handshake = (headers: Record<string, string>) =>
  new Promise<number | WebSocket>((resolve) => {
    const socket = new WebSocket(wsUrl(), { headers });
    socket.on("open", () => resolve(socket));
    socket.on("unexpected-response", (_request, response) => resolve(response.statusCode ?? 0));
    socket.on("error", () => {});
  });

describe("frames that used to end the process", () => {
  it("closes a socket that sends a text frame over 64 KiB with 1009, and keeps serving", async () => {
    expect(await closeCodeAfter((socket) => socket.send("x".repeat(64 * 1024 + 1)))).toBe(1009);
    await stillServing();
  });

  it("closes a socket that sends invalid UTF-8 in a text frame with 1007, and keeps serving", async () => {
    expect(await closeCodeAfter((socket) => socket.send(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), { binary: false }))).toBe(1007);
    await stillServing();
  });

  it("answers frames that are not JSON events with an error and keeps the socket open", async () => {
    const chat = await ChatSocket.open(server, (await createUser(server.ctx.db)).id);
    for (const raw of ["", "null", "[]", '{"type":5}', "{", Buffer.from([0, 1, 2])]) chat.socket.send(raw);
    chat.send({ type: "ping" });
    await chat.waitFor((frame) => frame.type === "pong");
    expect(chat.frames.filter((frame) => frame.type === "error")).toHaveLength(6);
    chat.close();
  });

  it("survives a client that resets the connection while its upgrade is being authenticated", async () => {
    for (let i = 0; i < 5; i++) {
      await new Promise<void>((resolve) => {
        const socket = net.connect(Number(new URL(server.url).port), "127.0.0.1", () => {
          socket.write(
            `GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: ${Buffer.alloc(16, i).toString("base64")}\r\nOrigin: ${server.url}\r\nCookie: ${cookie}\r\n\r\n`,
            () => {
              socket.resetAndDestroy();
              resolve();
            },
          );
        });
        socket.on("error", () => {});
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    await stillServing();
  });
});

describe("who may open a socket", () => {
  it("refuses an upgrade whose Host header names no host, and keeps serving", async () => {
    const answer = await new Promise<string>((resolve) => {
      const socket = net.connect(Number(new URL(server.url).port), "127.0.0.1", () => {
        socket.write(
          `GET /ws HTTP/1.1\r\nHost: a b@c\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: ${Buffer.alloc(16, 7).toString("base64")}\r\nOrigin: https://evil.example\r\nCookie: ${cookie}\r\n\r\n`,
        );
      });
      let received = "";
      socket.on("data", (chunk) => {
        received += String(chunk);
      });
      socket.on("close", () => resolve(received));
      socket.on("error", () => resolve(received));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 401/);
    await stillServing();
  });

  it("refuses a session cookie without an Origin, and one with a foreign Origin", async () => {
    expect(await handshake({ Cookie: cookie })).toBe(401);
    expect(await handshake({ Cookie: cookie, Origin: "https://evil.example" })).toBe(401);
    const opened = await handshake({ Cookie: cookie, Origin: server.url });
    expect(opened).toBeInstanceOf(WebSocket);
    (opened as WebSocket).close();
  });

  it("accepts an API client's bearer token without an Origin, and closes it when that token is ended", async () => {
    const user = await createUser(server.ctx.db);
    const session = await createSession(server.ctx.db, { userId: user.id, kind: "api" });
    expect(await handshake({ Authorization: "Bearer 1|no-such-token" })).toBe(401);
    const socket = await handshake({ Authorization: `Bearer ${session.token}` });
    expect(socket).toBeInstanceOf(WebSocket);
    const closed = new Promise<number>((resolve) => (socket as WebSocket).on("close", (code) => resolve(code)));
    const logout = await server.fetch("/api/logout", { method: "POST", headers: { Authorization: `Bearer ${session.token}` } });
    expect(logout.status).toBeLessThan(300);
    expect(await closed).toBe(4401);
  });
});
