import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { startTestServer, type TestServer } from "./test-server";

/**
 * One server for the whole test file, with every test starting from fresh rate-limit counters: all
 * of a file's requests come from one address, so the limits of logins, registrations and e-mails
 * would otherwise carry over from one test to the next. Call it at the top of the file; the object
 * it returns is filled in before the first test runs.
 */
export function serverWithFreshRateLimits(env: Record<string, string> = {}): TestServer {
  const server = {} as TestServer;
  beforeAll(async () => {
    Object.assign(server, await startTestServer(env));
  });
  afterAll(() => server.close?.());
  beforeEach(async () => {
    await server.ctx.db.execute(sql`DELETE FROM rate_limits`);
  });
  return server;
}
