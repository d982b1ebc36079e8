import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GOOD_PASSWORD } from "#tests/factories/accounts";
import { BrowserClient } from "#tests/support/browser-client";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { findUserByEmail } from "./factories";

// The accounts page forms (decision 0060) call the services of their /api operations, so they count
// against the same rate limits, by the same client address, as the API does.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());
beforeEach(async () => {
  await server.ctx.db.execute(sql`DELETE FROM rate_limits`);
});

const postForm = (client: BrowserClient, path: string, fields: Record<string, string>) =>
  client.fetch(path, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Accept: "text/html", "Content-Type": "application/x-www-form-urlencoded" },
  });

describe("accounts page forms", () => {
  it("the reset request page and POST /api/renew-password/send share one limit", async () => {
    const client = new BrowserClient(server);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await client.json("/api/renew-password/send", { email: `api-${i}@example.com` })).status);
    for (let i = 0; i < 2; i++) {
      statuses.push((await postForm(client, "/app/auth/change-password", { email: `page-${i}@example.com` })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const refused = await postForm(client, "/app/auth/change-password", { email: "page-last@example.com" });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
  });

  it("registration from the page creates the account, redirects to the success page, and keeps what was typed on a refusal", async () => {
    const client = new BrowserClient(server);
    const email = `pagina-${Date.now()}@example.com`;
    const fields = {
      email,
      password: GOOD_PASSWORD,
      password_confirmation: GOOD_PASSWORD,
      register_type: "web",
      pais_id: "28",
      acepta_condiciones: "1",
    };
    const refused = await postForm(client, "/app/auth/crear-cuenta/web", { ...fields, password_confirmation: "otra" });
    expect(refused.status).toBe(422);
    const html = await refused.text();
    expect(html).toContain(`value="${email}"`);
    expect(html).not.toContain(GOOD_PASSWORD);
    const response = await postForm(client, "/app/auth/crear-cuenta/web", fields);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toContain("/app/auth/crear-cuenta/success?");
    expect(await findUserByEmail(server.ctx.db, email)).toBeTruthy();
  });
});
