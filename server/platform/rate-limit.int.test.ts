import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { enforceRateLimit } from "./rate-limit";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe("rate limits", () => {
  it("allows up to the limit, then answers 429 in Spanish with Retry-After seconds", async () => {
    for (let i = 0; i < 5; i++) await enforceRateLimit(server.ctx.db, "passwordReset", "a@example.com");
    await expect(enforceRateLimit(server.ctx.db, "passwordReset", "a@example.com")).rejects.toMatchObject({
      status: 429,
      message: expect.stringMatching(/^Demasiados intentos\. Vuelve a intentarlo en \d+ minutos?\.$/),
      retryAfter: expect.any(Number),
    });
    await expect(enforceRateLimit(server.ctx.db, "passwordReset", "b@example.com")).resolves.toBeUndefined();
  });
});
