import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REALTIME_SESSION_ENDED_CLOSE_CODE } from "#common/constants";
import { createUser } from "#server/accounts/factories";
import { SESSION_COOKIE } from "#server/accounts/session";
import { sessions } from "#server/db/schema";
import { hashToken } from "#server/platform/tokens";
import { linkParam, mailsTo } from "#tests/factories/accounts";
import { ChatSocket } from "#tests/factories/chat";
import { BrowserClient } from "#tests/support/browser-client";
import { testDbKind } from "#tests/support/databases";
import { serverWithFreshRateLimits } from "#tests/support/server-per-file";
import { startTestServer, type TestServer } from "#tests/support/test-server";

// Issue 8 #8: a WebSocket closes when its session is revoked, so it receives nothing afterwards.
const server = serverWithFreshRateLimits();

async function signedIn(target: TestServer, user: { email: string; password: string }) {
  const client = new BrowserClient(target);
  expect((await client.json("/api/login", { email: user.email, password: user.password })).status).toBe(200);
  const socket = await ChatSocket.openWithSession(target, client.cookies.get(SESSION_COOKIE) ?? "");
  return { client, socket };
}

const stillOpen = async (socket: ChatSocket) => {
  socket.send({ type: "ping" });
  await socket.waitFor((frame) => frame.type === "pong");
};

describe("a WebSocket whose session is revoked", () => {
  it("closes at logout; another device's socket stays", async () => {
    const user = await createUser(server.ctx.db);
    const phone = await signedIn(server, user);
    const laptop = await signedIn(server, user);
    expect((await phone.client.fetch("/api/logout", { method: "POST" })).status).toBe(204);
    expect(await phone.socket.closed).toBe(REALTIME_SESSION_ENDED_CLOSE_CODE);
    await stillOpen(laptop.socket);
    laptop.socket.close();
  });

  it("closes when the session is ended from the user area", async () => {
    const user = await createUser(server.ctx.db);
    const phone = await signedIn(server, user);
    const laptop = await signedIn(server, user);
    const list = (await (await laptop.client.get("/api/user/sessions")).json()) as Array<{ id: number; kind: string; current: boolean }>;
    const phoneSession = list.find((s) => s.kind === "web" && !s.current);
    expect((await laptop.client.fetch(`/api/user/sessions/${phoneSession?.id}`, { method: "DELETE" })).status).toBe(204);
    expect(await phone.socket.closed).toBe(REALTIME_SESSION_ENDED_CLOSE_CODE);
    await stillOpen(laptop.socket);
    laptop.socket.close();
  });

  it("closes every socket of the account at a password reset", async () => {
    const user = await createUser(server.ctx.db);
    const phone = await signedIn(server, user);
    const laptop = await signedIn(server, user);
    await new BrowserClient(server).json("/api/renew-password/send", { email: user.email });
    const [mail] = await mailsTo(server, user.email, "reset_password");
    const verified = await new BrowserClient(server).get(`/api/renew-password/verify/${linkParam(mail?.text ?? "", "token")}`);
    const grant = (await verified.json()).access_token as string;
    const password = "Mesa-verde-cohete-7";
    const reset = await new BrowserClient(server).fetch("/api/user", {
      method: "PUT",
      headers: { Authorization: `Bearer ${grant}`, "Content-Type": "application/json" },
      body: JSON.stringify({ password, password_confirmation: password }),
    });
    expect(reset.status).toBe(200);
    expect(await phone.socket.closed).toBe(REALTIME_SESSION_ENDED_CLOSE_CODE);
    expect(await laptop.socket.closed).toBe(REALTIME_SESSION_ENDED_CLOSE_CODE);
  });

  it("closes at the next check when the session expired without being deleted", async () => {
    const user = await createUser(server.ctx.db);
    const phone = await signedIn(server, user);
    const laptop = await signedIn(server, user);
    const token = phone.client.cookies.get(SESSION_COOKIE) ?? "";
    await server.ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    await server.ctx.realtime.closeEndedSessions();
    expect(await phone.socket.closed).toBe(REALTIME_SESSION_ENDED_CLOSE_CODE);
    await stillOpen(laptop.socket);
    laptop.socket.close();
  });
});

describe.skipIf(testDbKind() !== "postgres")("a revocation on one instance", () => {
  let second: TestServer;
  beforeAll(async () => {
    second = await startTestServer({}, { shareDatabaseWith: server });
  });
  afterAll(() => second?.close());

  it("closes the socket held by the other instance", async () => {
    const user = await createUser(server.ctx.db);
    const { client } = await signedIn(server, user);
    const onSecond = await ChatSocket.openWithSession(second, client.cookies.get(SESSION_COOKIE) ?? "");
    expect((await client.fetch("/api/logout", { method: "POST" })).status).toBe(204);
    expect(await onSecond.closed).toBe(REALTIME_SESSION_ENDED_CLOSE_CODE);
  });
});
