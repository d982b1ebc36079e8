import { afterAll, describe, expect, it } from "vitest";
import { type CompiledServer, startCompiledServer } from "#tests/support/compiled-server";
import { testDbKind } from "#tests/support/databases";
import { postgresBin, startThrowawayPostgres } from "#tests/support/throwaway-postgres";

// Issue 8 #10 (decision 0022): with the database down the API answers 503 with Retry-After and a
// Spanish message, pages show a Spanish 503 page, and everything recovers by itself when the
// database is back. A PostgreSQL cluster of the test's own is really stopped and started (the
// LISTEN connection's reconnect is another test's: here only requests and responses).
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const MESSAGE = "El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.";
const CALLS: Array<{ name: string; path: string; init?: RequestInit; up: number }> = [
  { name: "api search", path: "/api/empleo/ofertas?pais=espana", up: 200 },
  {
    name: "api login",
    path: "/api/login",
    init: {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "nadie@example.com", password: "x" }),
    },
    up: 401,
  },
  { name: "page", path: "/app/empleo/p/espana", init: { headers: { Accept: "text/html" } }, up: 200 },
  { name: "page data", path: "/app/empleo/p/espana.data", up: 200 },
  { name: "readyz", path: "/readyz", up: 200 },
];

async function round(server: CompiledServer) {
  return Promise.all(
    CALLS.map(async (call) => {
      const response = await fetch(`${server.url}${call.path}`, { ...call.init, signal: AbortSignal.timeout(15_000) });
      return { call, response, body: await response.text() };
    }),
  );
}

describe.skipIf(testDbKind() !== "postgres" || !postgresBin())("the database stops and starts", () => {
  it("answers 503 in Spanish while it is down and recovers by itself", async () => {
    const postgres = await startThrowawayPostgres();
    cleanups.push(() => postgres.remove());
    const server = await startCompiledServer({ DATABASE_URL: postgres.url, PAGE_CACHE_MB: "0" });
    cleanups.push(() => server.kill());
    for (const { call, response } of await round(server)) expect(response.status, call.name).toBe(call.up);

    postgres.stop();
    const whileDown = new Map<string, Set<number>>();
    for (let i = 0; i < 5; i++) {
      for (const { call, response, body } of await round(server)) {
        whileDown.set(call.name, (whileDown.get(call.name) ?? new Set()).add(response.status));
        expect(response.status, `${call.name} while down`).toBe(503);
        if (call.path.startsWith("/api/")) {
          expect(JSON.parse(body)).toMatchObject({ code: "UNAVAILABLE", message: MESSAGE });
          expect(response.headers.get("retry-after")).toBe("5");
        }
        if (call.name === "page") {
          expect(response.headers.get("content-type")).toContain("text/html");
          expect(body).toContain("Servicio no disponible");
          expect(response.headers.get("retry-after")).toBe("5");
          expect(response.headers.get("cache-control")).toBe("private, no-store");
        }
      }
    }
    expect(server.child.exitCode).toBeNull(); // still running

    postgres.start();
    const started = Date.now();
    let rounds = 0;
    let recovered = false;
    while (!recovered && rounds < 200) {
      rounds++;
      const results = await round(server);
      recovered = results.every(({ call, response }) => response.status === call.up);
      if (!recovered) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const recoveryMs = Date.now() - started;
    console.info(
      `[figures] database stop/start: ${JSON.stringify({
        statusesWhileDown: Object.fromEntries([...whileDown].map(([name, statuses]) => [name, [...statuses]])),
        recoveryMsAfterPostgresAccepts: recoveryMs,
        roundsUntilRecovered: rounds,
      })}`,
    );
    expect(recovered).toBe(true);
    const errors = server
      .output()
      .split("\n")
      .filter((line) => /"level":(50|60)/.test(line));
    expect(errors.map((line) => `${JSON.parse(line).msg}: ${line.slice(0, 300)}`)).toEqual([]);
  }, 120_000);
});
