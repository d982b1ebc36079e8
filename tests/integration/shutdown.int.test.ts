import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { createUser } from "#server/accounts/factories";
import { createSession, SESSION_COOKIE } from "#server/accounts/session";
import { migrateDatabase } from "#server/db/migrate";
import { openTestDatabase, testDbKind } from "#tests/support/databases";
import { freePort } from "#tests/support/net";

async function waitForReady(url: string, child: ChildProcess) {
  for (let i = 0; i < 150; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("server did not become ready");
}

// The real process (server/main.ts) on PostgreSQL, so the test can create a session beside it.
describe.skipIf(testDbKind() !== "postgres")("SIGTERM", () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it("closes WebSockets with 1001, stops accepting, closes the database and exits 0", async () => {
    const { database, drop } = await openTestDatabase();
    cleanups.push(drop, () => database.close());
    await migrateDatabase(database);
    const user = await createUser(database.db);
    const session = await createSession(database.db, { userId: user.id, kind: "web" });

    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "farmanexo-shutdown-"));
    const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        APP_URL: url,
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        SEED_DEMO: "false",
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "ignore", "pipe"],
    });
    cleanups.push(async () => {
      child.kill("SIGKILL");
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    await waitForReady(url, child);

    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { Cookie: `${SESSION_COOKIE}=${session.token}`, Origin: url } });
    await new Promise((resolve, reject) => {
      socket.on("message", resolve); // the hello message: the socket is registered
      socket.on("error", reject);
    });
    const closed = new Promise<number>((resolve) => socket.on("close", (code) => resolve(code)));
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));

    child.kill("SIGTERM");
    expect(await closed).toBe(1001);
    expect(await exited).toBe(0);
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
  }, 60_000);
});
