import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient } from "#tests/support/browser-client";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedAccountsDemo } from "./seed";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await seedAccountsDemo(server.ctx);
  await seedAccountsDemo(server.ctx); // a second run changes nothing
});
afterAll(() => server?.close());

const DESTINATION = {
  web: "/app/cuenta",
  academia: "/app/cuenta",
  candidato: "/app/cuenta",
  visita: "/app/visita/visitador",
  mkt: "/app/visita/visitador",
  empleo: "/app/empleo/panel",
};

describe("accounts demo seed", () => {
  it("creates one confirmed, complete account per type that signs in with the documented password", async () => {
    for (const demo of DEMO_ACCOUNTS) {
      const response = await new BrowserClient(server).json("/api/login", { email: demo.email, password: DEMO_PASSWORD });
      expect(response.status, demo.email).toBe(200);
      const body = await response.json();
      expect(body.user).toMatchObject({ register_type: demo.type, email_verified: true, profile_completed: true });
      expect(body.redirect).toBe(DESTINATION[demo.type]);
      if (demo.type === "empleo" || demo.type === "mkt") {
        expect(body.user.empresa).toMatchObject({ nombre: "Laboratorios Demo", delegacion: { nombre: "Sede central" } });
      }
    }
  });

  it("measures the cost of a login (median of 20, reported, not asserted)", async () => {
    const demo = DEMO_ACCOUNTS[0];
    if (!demo) throw new Error("no demo account");
    const times: number[] = [];
    for (let i = 0; i < 21; i++) {
      const client = new BrowserClient(server);
      await client.csrf();
      const started = performance.now();
      const response = await client.json("/api/login", { email: demo.email, password: DEMO_PASSWORD });
      const elapsed = performance.now() - started;
      expect(response.status).toBe(200);
      if (i > 0) times.push(elapsed); // the first warms up the code paths
    }
    times.sort((a, b) => a - b);
    const median = ((times[9] ?? 0) + (times[10] ?? 0)) / 2;
    console.info(
      `login cost on ${server.ctx.database.kind}: median ${median.toFixed(1)} ms, min ${times[0]?.toFixed(1)} ms, max ${times.at(-1)?.toFixed(1)} ms (n=20)`,
    );
  });
});
