import { afterAll, describe, expect, it } from "vitest";
import { type CompiledServer, probe, startCompiledServer } from "#tests/support/compiled-server";
import { openTestDatabase, testDbKind } from "#tests/support/databases";
import { keepAliveLoad } from "#tests/support/keep-alive-load";

// Issue 8 #9 (decision 0022): SIGTERM under keep-alive load. The compiled server in a child process
// (on PGlite in its own DATA_DIR, or on this run's PostgreSQL) is loaded by 20 keep-alive clients
// that, told to close, reconnect (as a balancer that has not noticed yet, or a load generator,
// does) until refused. SIGTERM must turn /readyz to 503 first, answer every request sent (the last
// ones with "Connection: close"), reset none, and exit 0 well before the 10 s forced exit: without
// a delay, and with SHUTDOWN_DELAY_SECONDS=1, where the reconnections used to be reset when the
// listener closed (decision 0022, amendment).
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const PATHS = ["/app/empleo/p/espana", "/api/paises", "/api/empleo/ofertas?pais=espana", "/app/empleo/p/espana.data", "/healthz"];

async function startServer(delaySeconds: number): Promise<CompiledServer> {
  const env: Record<string, string> = { PAGE_CACHE_MB: "0", SHUTDOWN_DELAY_SECONDS: String(delaySeconds) };
  if (testDbKind() === "postgres") {
    const { database, drop } = await openTestDatabase();
    await database.close(); // the child process opens its own connections
    cleanups.push(drop);
    env.DATABASE_URL = database.url as string;
  }
  const server = await startCompiledServer(env);
  cleanups.push(() => server.kill());
  return server;
}

describe.each([0, 1])("SIGTERM under keep-alive load, SHUTDOWN_DELAY_SECONDS=%i", (delaySeconds) => {
  it("fails readiness first, finishes every request sent, resets none and exits 0", async () => {
    const server = await startServer(delaySeconds);
    const load = keepAliveLoad(server.url, PATHS, 20, { reconnect: true });
    // Every client on its own keep-alive connection, then some more load.
    await load.everyClientAnswered;
    await new Promise((resolve) => setTimeout(resolve, 500));
    const beforeSignal = load.figures.completed;
    const signalledAt = Date.now();
    load.mark();
    server.child.kill("SIGTERM");
    // During SHUTDOWN_DELAY_SECONDS the server still accepts, and says it is not ready.
    const readiness = delaySeconds ? await probe(`${server.url}/readyz`, 10_000) : undefined; // the loop is busy
    const exitCode = await server.exited;
    const exitMs = Date.now() - signalledAt;
    const figures = await load.done;

    console.info(
      `[figures] SIGTERM under load, delay ${delaySeconds} s (${testDbKind()}): ${JSON.stringify({
        requestsBeforeSignal: beforeSignal,
        ...figures,
        failures: figures.failures.slice(0, 5),
        readinessAfterSignal: readiness,
        exitCode,
        exitMs,
      })}`,
    );
    if (delaySeconds) expect(readiness).toBe(503);
    expect(exitCode).toBe(0);
    expect(figures.failures).toEqual([]);
    expect(figures.serverErrors).toBe(0);
    expect(figures.completedAfterMark).toBeGreaterThan(0);
    // Every client was told to close, reconnected, and was refused: none was cut off.
    expect(figures.connectionCloseAfterMark).toBeGreaterThan(0);
    expect(figures.refused).toBe(20);
    expect(server.output(), server.output()).not.toMatch(/"level":(50|60)/);
  }, 120_000);
});
