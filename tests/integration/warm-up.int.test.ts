import { afterAll, describe, expect, it } from "vitest";
import { migrateDatabase } from "#server/db/migrate";
import { type CompiledServer, startCompiledServer } from "#tests/support/compiled-server";
import { openTestDatabase, testDbKind } from "#tests/support/databases";

type LogLine = { msg?: string; renders?: number; statuses?: Record<string, number>; ms?: number };

const logLines = (server: CompiledServer): LogLine[] =>
  server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as LogLine);

// Decision 0129: the production process renders its key pages before it opens its port.
describe("warm-up before listening", () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it("renders the key pages through the whole app, all answered, before the port opens", async () => {
    const env: Record<string, string> = { LOG_LEVEL: "info", WARM_UP_SECONDS: "20" };
    if (testDbKind() === "postgres") {
      const { database, drop } = await openTestDatabase();
      cleanups.push(drop, () => database.close());
      if (!database.url) throw new Error("the PostgreSQL test database has no URL");
      await migrateDatabase(database);
      env.DATABASE_URL = database.url;
    }
    const server = await startCompiledServer(env);
    cleanups.push(() => server.kill());

    const lines = logLines(server);
    const warmed = lines.findIndex((line) => line.msg === "warmed up before listening");
    const listening = lines.findIndex((line) => line.msg?.includes("escuchando"));
    expect(warmed).toBeGreaterThanOrEqual(0);
    expect(listening).toBeGreaterThan(warmed);
    const summary = lines[warmed] as LogLine;
    // Five pages (no offer to find in an empty database), up to eight rounds within the 20 s: at
    // least one whole round, every render answered 200, none failed.
    expect(summary.renders).toBeGreaterThanOrEqual(5);
    expect(summary.renders).toBeLessThanOrEqual(40);
    expect(summary.statuses).toEqual({ 200: summary.renders });
    expect(lines.some((line) => line.msg === "warm-up render failed")).toBe(false);

    // The warm-up's unknown session cookie leaves nothing behind: pages answer visitors as usual.
    const home = await fetch(`${server.url}/app`);
    expect(home.status).toBe(200);
    expect(home.headers.get("set-cookie") ?? "").not.toContain("warm-up");
  }, 120_000);
});
