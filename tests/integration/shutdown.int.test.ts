import { afterAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { createUser } from "#server/accounts/factories";
import { createSession, SESSION_COOKIE } from "#server/accounts/session";
import { migrateDatabase } from "#server/db/migrate";
import { startCompiledServer } from "#tests/support/compiled-server";
import { openTestDatabase, testDbKind } from "#tests/support/databases";

// The production process on PostgreSQL, so the test can create a session beside it.
describe.skipIf(testDbKind() !== "postgres")("SIGTERM", () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it("closes WebSockets with 1001, stops accepting, closes the database and exits 0", async () => {
    const { database, drop } = await openTestDatabase();
    cleanups.push(drop, () => database.close());
    if (!database.url) throw new Error("the PostgreSQL test database has no URL");
    await migrateDatabase(database);
    const user = await createUser(database.db);
    const session = await createSession(database.db, { userId: user.id, kind: "web" });

    const server = await startCompiledServer({ DATABASE_URL: database.url });
    cleanups.push(() => server.kill());

    const socket = new WebSocket(`ws://127.0.0.1:${server.port}/ws`, {
      headers: { Cookie: `${SESSION_COOKIE}=${session.token}`, Origin: server.url },
    });
    await new Promise((resolve, reject) => {
      socket.on("message", resolve); // the hello message: the socket is registered
      socket.on("error", reject);
    });
    const closed = new Promise<number>((resolve) => socket.on("close", (code) => resolve(code)));

    server.child.kill("SIGTERM");
    expect(await closed).toBe(1001);
    expect(await server.exited).toBe(0);
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
  }, 60_000);
});
