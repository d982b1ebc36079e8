import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { adminUrl, testDbKind } from "#tests/support/databases";
import { type Database, openPostgres } from "./client";

/**
 * The LISTEN connection (real-time fan-out and page-cache invalidation across instances) survives
 * losing its backend: PostgreSQL restarts, failovers and idle-connection killers look like this.
 */
describe.skipIf(testDbKind() !== "postgres")("LISTEN connection on PostgreSQL", () => {
  const channel = `listen_test_${randomBytes(4).toString("hex")}`;
  const logs: Array<{ message: string; details: object }> = [];
  const logger = {
    warn: (details: object, message: string) => logs.push({ message, details }),
    info: (details: object, message: string) => logs.push({ message, details }),
  };
  const received: string[] = [];
  let database: Database;
  let admin: pg.Client;

  beforeAll(async () => {
    database = await openPostgres(adminUrl(), { max: 2, logger });
    await database.listen(channel, (payload) => received.push(payload));
    admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await database?.close();
  });

  it("listens again after its backend is terminated, and logs it without the connection URL", async () => {
    await database.notify(channel, "before");
    await vi.waitFor(() => expect(received).toContain("before"));

    const { rows } = await admin.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE query = $1", [`LISTEN ${channel}`]);
    expect(rows).toHaveLength(1);
    await admin.query("SELECT pg_terminate_backend($1)", [rows[0]?.pid]);

    // Notifications sent while the connection is down are lost (LISTEN/NOTIFY keeps no queue), so
    // keep sending until the new connection hears one.
    await vi.waitFor(
      async () => {
        await database.notify(channel, "after");
        expect(received).toContain("after");
      },
      { timeout: 15_000, interval: 200 },
    );

    const messages = logs.map((entry) => entry.message);
    expect(messages).toContain("database LISTEN connection lost");
    expect(messages).toContain("database LISTEN connection restored");
    const { rows: listening } = await admin.query("SELECT pid FROM pg_stat_activity WHERE query = $1", [`LISTEN ${channel}`]);
    expect(listening).toHaveLength(1);
    expect(JSON.stringify(logs)).not.toContain(adminUrl());
  });
});
