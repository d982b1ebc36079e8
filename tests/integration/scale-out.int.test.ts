import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { createUser } from "#server/accounts/factories";
import { createSession, SESSION_COOKIE } from "#server/accounts/session";
import { BrowserClient } from "#tests/support/browser-client";
import { testDbKind } from "#tests/support/databases";
import { imageBytes } from "#tests/support/files";
import { startTestS3Server, type TestS3Server } from "#tests/support/s3-server";
import { startTestServer, type TestServer } from "#tests/support/test-server";

// Two instances behind a load balancer share one PostgreSQL and nothing else: each has its own
// DATA_DIR (as on two hosts), and uploads either stay on each instance's disk or go to one bucket.
describe.skipIf(testDbKind() !== "postgres").each([
  { storage: "local directories", s3: false },
  { storage: "one S3-compatible bucket", s3: true },
])("two instances on one PostgreSQL, uploads in $storage", ({ s3 }) => {
  let first: TestServer;
  let second: TestServer;
  let bucket: TestS3Server | undefined;
  beforeAll(async () => {
    bucket = s3 ? await startTestS3Server({ buckets: ["farmanexo"] }) : undefined;
    const env: Record<string, string> = bucket
      ? { S3_URL: bucket.url, S3_BUCKET: "farmanexo", S3_ACCESS_KEY_ID: bucket.accessKeyId, S3_SECRET_ACCESS_KEY: bucket.secretAccessKey }
      : {};
    first = await startTestServer(env);
    second = await startTestServer(env, { shareDatabaseWith: first });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await bucket?.close();
  });

  it.runIf(s3)("serves from one instance the picture uploaded through the other, and both see it removed", async () => {
    const user = await createUser(first.ctx.db);
    const onFirst = await new BrowserClient(first).signInAs(user.id);
    const form = new FormData();
    form.append("avatar", new Blob([new Uint8Array(await imageBytes(300, 300, "png"))], { type: "image/png" }), "foto.png");
    const uploaded = await onFirst.fetch("/api/user/avatar", { method: "POST", body: form });
    expect(uploaded.status).toBe(200);
    const { user: authUser } = await uploaded.json();
    const image = await second.fetch(authUser.avatar);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/webp");
    expect(image.headers.get("cache-control")).toBe("public, max-age=86400");
    expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(0);

    expect((await onFirst.fetch("/api/user/avatar", { method: "DELETE" })).status).toBe(200);
    expect((await second.fetch(`/api/user/avatar/${user.id}`)).status).toBe(404);
    expect([...(bucket?.objects.keys() ?? [])].filter((key) => key.startsWith("farmanexo/avatars/"))).toEqual([]);
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
