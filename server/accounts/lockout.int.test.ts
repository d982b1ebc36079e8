import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linkParam, mailsTo } from "#tests/factories/accounts";
import { BrowserClient } from "#tests/support/browser-client";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { createUser } from "./factories";

/** Issue #8, item 2: strangers guessing passwords cannot lock the owner out (device cookies, decision 0018). */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: "true" });
});
afterAll(() => server?.close());

const WRONG = "mala-clave-1";
const attempt = (email: string, password: string, from: string) =>
  server.fetch("/api/login", {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": from },
    body: JSON.stringify({ email, password }),
  });
async function strangersHammer(email: string) {
  const statuses: number[] = [];
  for (let i = 0; i < 25; i++) statuses.push((await attempt(email, WRONG, `198.51.100.${i}`)).status);
  expect(statuses).toContain(429);
}

describe("account lockout", () => {
  it("keeps the owner's browser signing in while strangers are throttled", async () => {
    const user = await createUser(server.ctx.db);
    const owner = new BrowserClient(server);
    expect((await owner.json("/api/login", { email: user.email, password: user.password })).status).toBe(200);
    await strangersHammer(user.email);

    // A new browser (no device cookie) with the right password is throttled like the strangers…
    expect((await attempt(user.email, user.password, "203.0.113.9")).status).toBe(429);
    // …the owner's browser is not, and neither are password checks of a signed-in session.
    const again = await owner.json("/api/login", { email: user.email, password: user.password });
    expect(again.status).toBe(200);
    const changed = await owner.json(
      "/api/user/password",
      { current_password: user.password, password: "Otra-clave-muy-segura-7", password_confirmation: "Otra-clave-muy-segura-7" },
      "PUT",
    );
    expect(changed.status).toBeLessThan(300);
  });

  it("refuses a device cookie issued to another account, and forgets every counter after a password reset", async () => {
    const victim = await createUser(server.ctx.db);
    const other = await createUser(server.ctx.db);
    const browser = new BrowserClient(server);
    // Signed in to another account: the cookie names that account, so it earns no trust here.
    expect((await browser.json("/api/login", { email: other.email, password: other.password })).status).toBe(200);
    await strangersHammer(victim.email);
    expect((await browser.json("/api/login", { email: victim.email, password: victim.password })).status).toBe(429);

    // The owner resets the password: the lock is gone at once, from any browser.
    expect((await new BrowserClient(server).json("/api/renew-password/send", { email: victim.email })).status).toBe(200);
    const [mail] = await mailsTo(server, victim.email, "reset_password");
    const token = linkParam(mail?.text ?? "", "token");
    const grant = (await (await new BrowserClient(server).get(`/api/renew-password/verify/${token}`)).json()).access_token;
    const password = "Nueva-clave-segura-9";
    const reset = await server.fetch("/api/user", {
      method: "PUT",
      headers: { Authorization: `Bearer ${grant}`, "Content-Type": "application/json" },
      body: JSON.stringify({ password, password_confirmation: password }),
    });
    expect(reset.status).toBeLessThan(300);
    expect((await attempt(victim.email, password, "203.0.113.10")).status).toBe(200);
  });
});
