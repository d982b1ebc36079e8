import { afterAll, describe, expect, it } from "vitest";
import { type CompiledServer, probe, startCompiledServer } from "#tests/support/compiled-server";
import { openTestDatabase, testDbKind } from "#tests/support/databases";
import { keepAliveLoad } from "#tests/support/keep-alive-load";

// Issue 8 #9 (decision 0022): SIGTERM under keep-alive load. The compiled server in a child process
// (on PGlite in its own DATA_DIR, or on this run's PostgreSQL) is loaded by 20 keep-alive clients;
// SIGTERM must turn /readyz to 503 first, answer every request already sent (with
// "Connection: close"), reset none, and exit 0 well before the 10 s forced exit.
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const PATHS = ["/app/empleo/p/espana", "/api/paises", "/api/empleo/ofertas?pais=espana", "/app/empleo/p/espana.data", "/healthz"];

describe("SIGTERM under keep-alive load", () => {
  it("fails readiness first, finishes every request sent, resets none and exits 0", async () => {
    const env: Record<string, string> = { PAGE_CACHE_MB: "0", SHUTDOWN_DELAY_SECONDS: "1" };
    if (testDbKind() === "postgres") {
      const { database, drop } = await openTestDatabase();
      await database.close(); // the child process opens its own connections
      cleanups.push(drop);
      env.DATABASE_URL = database.url as string;
    }
    const server: CompiledServer = await startCompiledServer(env);
    cleanups.push(() => server.kill());

    const load = keepAliveLoad(server.url, PATHS, 20);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const beforeSignal = load.figures.completed;
    const signalledAt = Date.now();
    load.mark();
    server.child.kill("SIGTERM");
    // During SHUTDOWN_DELAY_SECONDS the server still accepts, and says it is going away.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const readiness = await probe(`${server.url}/readyz`, 10_000); // the event loop is busy with the load
    const exitCode = await server.exited;
    const exitMs = Date.now() - signalledAt;
    const figures = await load.done;

    console.info(
      `[figures] SIGTERM under load (${testDbKind()}): ${JSON.stringify({
        requestsBeforeSignal: beforeSignal,
        ...figures,
        failures: figures.failures.slice(0, 5),
        readinessAfterSignal: readiness,
        exitCode,
        exitMs,
      })}`,
    );
    expect(readiness).toBe(503);
    expect(exitCode).toBe(0);
    expect(figures.failures).toEqual([]);
    expect(figures.serverErrors).toBe(0);
    expect(figures.completedAfterMark).toBeGreaterThan(0);
    expect(figures.connectionCloseAfterMark).toBeGreaterThan(0);
    expect(server.output(), server.output()).not.toMatch(/"level":(50|60)/);
  }, 90_000);
});
