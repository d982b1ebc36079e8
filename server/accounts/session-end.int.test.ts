import { describe, expect, it } from "vitest";
import { GOOD_PASSWORD, uniqueEmail } from "#tests/factories/accounts";
import { BrowserClient } from "#tests/support/browser-client";
import { serverWithFreshRateLimits } from "#tests/support/server-per-file";
import { createUser } from "./factories";
import { LOGGED_COOKIE, SESSION_COOKIE } from "./session";

const server = serverWithFreshRateLimits();

/** A browser signed in through the real login, as the page does it. */
async function signedInBrowser() {
  const user = await createUser(server.ctx.db);
  const client = new BrowserClient(server);
  expect((await client.json("/api/login", { email: user.email, password: user.password })).status).toBe(200);
  return { user, client, oldCookie: client.cookies.get(SESSION_COOKIE) ?? "" };
}

/** GET /api/user with only the given session cookie, as a reload with a kept cookie would send it. */
const userWithCookie = (cookie: string) => server.fetch("/api/user", { headers: { Cookie: `${SESSION_COOKIE}=${cookie}` } });

describe("a failed login from a signed-in browser (product-spec §4)", () => {
  it("ends the session on the server and replaces the session and XSRF cookies coherently", async () => {
    const { user, client, oldCookie } = await signedInBrowser();
    const oldXsrf = client.cookies.get("XSRF-TOKEN");
    const failed = await client.json("/api/login", { email: user.email, password: "No-es-la-clave-1" });
    expect(failed.status).toBe(401);
    expect((await client.get("/api/user")).status).toBe(401);
    expect((await userWithCookie(oldCookie)).status).toBe(401);
    expect(client.cookies.get(LOGGED_COOKIE)).toBe("0");
    // A new anonymous XSRF-TOKEN came with the answer: the next login is accepted without a 419.
    expect(client.cookies.get("XSRF-TOKEN")).not.toBe(oldXsrf);
    expect((await client.json("/api/login", { email: user.email, password: user.password })).status).toBe(200);
  });

  it("keeps it when the login page keeps it: an unconfirmed address (the dialog offers a new link)", async () => {
    const { client } = await signedInBrowser();
    const unconfirmed = await createUser(server.ctx.db, { verified: false });
    const refused = await client.json("/api/login", { email: unconfirmed.email, password: unconfirmed.password });
    expect(refused.status).toBe(403);
    expect((await client.get("/api/user")).status).toBe(200);
  });
});

describe("a registration sent from a signed-in browser (product-spec §4)", () => {
  it("ends the session on the server: the new account must be confirmed by e-mail first", async () => {
    const { client, oldCookie } = await signedInBrowser();
    const registration = await client.json("/api/register", {
      email: uniqueEmail("registro"),
      password: GOOD_PASSWORD,
      password_confirmation: GOOD_PASSWORD,
      register_type: "web",
      pais_id: 28,
      acepta_condiciones: true,
    });
    expect(registration.status).toBe(201);
    expect((await client.get("/api/user")).status).toBe(401);
    expect((await userWithCookie(oldCookie)).status).toBe(401);
    expect(client.cookies.get(LOGGED_COOKIE)).toBe("0");
  });
});
