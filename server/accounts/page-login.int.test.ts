import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES } from "#common/accounts";
import { mailsTo } from "#tests/factories/accounts";
import { BrowserClient } from "#tests/support/browser-client";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { DEVICE_COOKIE } from "./device-cookie";
import { createUser } from "./factories";
import { LOGGED_COOKIE, SESSION_COOKIE } from "./session";

// The sign-in page's form (decision 0095): a plain POST to /app/auth/login that works before
// hydration, with the same checks, limits and destinations as POST /api/login.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: "true" });
});
afterAll(() => server?.close());

const WRONG = "mala-clave-1";
const signIn = (client: BrowserClient, fields: Record<string, string>, from = "192.0.2.10") =>
  client.fetch("/app/auth/login", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Accept: "text/html", "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": from },
    redirect: "manual",
  });

describe("the sign-in page's form", () => {
  it("signs in: a session cookie, logged=1, a device cookie for every path, and the user's destination", async () => {
    const user = await createUser(server.ctx.db, { type: "visita" });
    const client = new BrowserClient(server);
    const response = await signIn(client, { email: user.email.toUpperCase(), password: user.password });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toContain("/app/visita/visitador");
    const cookies = response.headers.getSetCookie().join("\n");
    expect(cookies).toMatch(new RegExp(`${SESSION_COOKIE}=[^;]+;.*HttpOnly`, "i"));
    expect(cookies).toMatch(new RegExp(`${DEVICE_COOKIE}=[^;]+;.*Path=/;.*HttpOnly`, "i"));
    expect(client.cookies.get(LOGGED_COOKIE)).toBe("1");
    expect(((await (await client.get("/api/user")).json()) as { id: number }).id).toBe(user.id);
  });

  it("goes back to the page that asked for the sign-in (redirect_url)", async () => {
    const user = await createUser(server.ctx.db);
    const response = await signIn(new BrowserClient(server), { email: user.email, password: user.password, redirect_url: "/app/empleo" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toMatch(/\/app\/empleo$/);
  });

  it("refuses a wrong password in the form, keeps the e-mail typed, never the password, and ends the previous login", async () => {
    const user = await createUser(server.ctx.db);
    const client = new BrowserClient(server);
    await client.signInAs(user.id);
    expect((await client.get("/api/user")).status).toBe(200);
    const refused = await signIn(client, { email: user.email, password: WRONG });
    expect(refused.status).toBe(401);
    const html = await refused.text();
    expect(html).toContain(ACCOUNT_MESSAGES.loginFailed);
    expect(html).toContain(`value="${user.email}"`);
    expect(html).not.toContain(WRONG);
    // product-spec §4: a failed login leaves the browser signed out, on the server and in its cookies.
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(client.cookies.get(LOGGED_COOKIE)).toBe("0");
    expect((await client.get("/api/user")).status).toBe(401);
  });

  it("marks the fields to correct (422) with what was typed", async () => {
    const refused = await signIn(new BrowserClient(server), { email: "no-es-un-correo", password: "" });
    expect(refused.status).toBe(422);
    const html = await refused.text();
    expect(html).toContain('value="no-es-un-correo"');
    expect(html).toMatch(/data-invalid="true"/);
  });

  it("says an address is unconfirmed only to whoever knows its password", async () => {
    const user = await createUser(server.ctx.db, { verified: false });
    const wrong = await signIn(new BrowserClient(server), { email: user.email, password: WRONG });
    expect(wrong.status).toBe(401);
    const right = await signIn(new BrowserClient(server), { email: user.email, password: user.password });
    expect(right.status).toBe(403);
    expect(await right.text()).toContain(ACCOUNT_MESSAGES.emailNotVerified);
  });

  it("offers «Reenviar correo» as a form of the page (intent resend), which sends the link again before hydration", async () => {
    const user = await createUser(server.ctx.db, { verified: false });
    const refused = await signIn(new BrowserClient(server), { email: user.email, password: user.password }, "192.0.2.30");
    const html = await refused.text();
    expect(html).toContain('name="intent" value="resend"');
    expect(html).toContain(`name="user_id" value="${user.id}"`);
    const before = (await mailsTo(server, user.email)).length;
    const resent = await signIn(new BrowserClient(server), { intent: "resend", user_id: String(user.id) }, "192.0.2.30");
    expect(resent.status).toBe(200);
    expect(await resent.text()).toContain(ACCOUNT_MESSAGES.confirmationSent);
    expect((await mailsTo(server, user.email)).length).toBe(before + 1);
    // The same answer for an id that is not an account's (nothing tells which ids exist).
    const unknown = await signIn(new BrowserClient(server), { intent: "resend", user_id: "999999999" }, "192.0.2.30");
    expect(unknown.status).toBe(200);
    expect(await unknown.text()).toContain(ACCOUNT_MESSAGES.confirmationSent);
    // Past what an integer column holds: the same answer, not a database error.
    const huge = await signIn(new BrowserClient(server), { intent: "resend", user_id: "1099511627776" }, "192.0.2.31");
    expect(huge.status).toBe(200);
    expect(await huge.text()).toContain(ACCOUNT_MESSAGES.confirmationSent);
  });

  it("counts against the same limits as POST /api/login, and a browser that signed in keeps its own", async () => {
    const user = await createUser(server.ctx.db);
    const owner = new BrowserClient(server);
    expect((await signIn(owner, { email: user.email, password: user.password })).status).toBe(303);
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const stranger = new BrowserClient(server);
      statuses.push((await signIn(stranger, { email: user.email, password: WRONG }, `198.51.100.${i}`)).status);
    }
    expect(statuses).toContain(429);
    const throttled = await signIn(new BrowserClient(server), { email: user.email, password: user.password }, "203.0.113.9");
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get("Retry-After")).toMatch(/^\d+$/);
    // The owner's browser has the device cookie the page issued: it is throttled on its own, API included.
    expect((await owner.json("/api/login", { email: user.email, password: user.password })).status).toBe(200);
  });
});

// Signing out and ending another session are forms too (no /api call from the page): a POST only.
const postForm = (client: BrowserClient, path: string, fields: Record<string, string> = {}) =>
  client.fetch(path, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Accept: "text/html", "Content-Type": "application/x-www-form-urlencoded" },
    redirect: "manual",
  });

describe("the sign-out and sessions forms", () => {
  it("opening /app/auth/logout only asks; the POST signs out and the login page says so", async () => {
    const user = await createUser(server.ctx.db);
    const client = await new BrowserClient(server).signInAs(user.id);
    const asked = await client.fetch("/app/auth/logout", { headers: { Accept: "text/html" } });
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain("¿Quieres cerrar la sesión en este dispositivo?");
    expect((await client.get("/api/user")).status).toBe(200);

    const signedOut = await postForm(client, "/app/auth/logout");
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get("Location")).toMatch(/\/app\/auth\/login\?aviso=sesion-cerrada$/);
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(client.cookies.get(LOGGED_COOKIE)).toBe("0");
    expect((await client.get("/api/user")).status).toBe(401);
    const login = await client.fetch("/app/auth/login?aviso=sesion-cerrada", { headers: { Accept: "text/html" } });
    expect(await login.text()).toContain(ACCOUNT_MESSAGES.loggedOut);
  });

  it("a POST from another site signs nobody out", async () => {
    const user = await createUser(server.ctx.db);
    const client = await new BrowserClient(server).signInAs(user.id);
    const forged = await client.fetch("/app/auth/logout", {
      method: "POST",
      headers: { Origin: "https://otro.example" },
      redirect: "manual",
    });
    expect(forged.status).toBe(419);
    expect((await client.get("/api/user")).status).toBe(200);
  });

  it("ends one of the user's other sessions, and only theirs", async () => {
    const user = await createUser(server.ctx.db);
    const laptop = await new BrowserClient(server).signInAs(user.id);
    const phone = await new BrowserClient(server).signInAs(user.id);
    const sessions = (await (await laptop.get("/api/user/sessions")).json()) as { id: number; current: boolean }[];
    const other = sessions.find((session) => !session.current);
    expect(other).toBeDefined();

    const stranger = await new BrowserClient(server).signInAs((await createUser(server.ctx.db)).id);
    expect((await postForm(stranger, "/app/cuenta/sesiones", { intent: "cerrar", id: String(other?.id) })).status).toBe(404);
    expect((await phone.get("/api/user")).status).toBe(200);

    const closed = await postForm(laptop, "/app/cuenta/sesiones", { intent: "cerrar", id: String(other?.id) });
    expect(closed.status).toBe(200);
    expect(await closed.text()).toContain(ACCOUNT_MESSAGES.loggedOut);
    expect((await phone.get("/api/user")).status).toBe(401);
    expect((await laptop.get("/api/user")).status).toBe(200);
  });
});

describe("erasing the account from Mi cuenta › Privacidad (a form, no /api call)", () => {
  it("asks for the password under the field, erases nothing on a wrong one, then erases and signs the browser out", async () => {
    const user = await createUser(server.ctx.db);
    const client = await new BrowserClient(server).signInAs(user.id);
    const wrong = await postForm(client, "/app/cuenta/privacidad", { intent: "eliminar-cuenta", password: WRONG });
    expect(wrong.status).toBe(422);
    const html = await wrong.text();
    expect(html).toContain("La contraseña no es correcta");
    expect(html).not.toContain(WRONG);
    expect((await client.get("/api/user")).status).toBe(200);

    const erased = await postForm(client, "/app/cuenta/privacidad", { intent: "eliminar-cuenta", password: user.password });
    expect(erased.status).toBe(303);
    expect(erased.headers.get("Location")).toMatch(/\/app\/auth\/login\?aviso=cuenta-eliminada$/);
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(client.cookies.get(LOGGED_COOKIE)).toBe("0");
    const login = await client.fetch("/app/auth/login?aviso=cuenta-eliminada", { headers: { Accept: "text/html" } });
    expect(await login.text()).toContain("Tu cuenta se ha eliminado.");
    const again = await signIn(new BrowserClient(server), { email: user.email, password: user.password });
    expect(again.status).toBe(401);
  });
});
