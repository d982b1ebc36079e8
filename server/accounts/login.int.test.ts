import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES } from "#common/accounts";
import { sessions } from "#server/db/schema";
import { BrowserClient, bearerTokenFor } from "#tests/support/browser-client";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { academiaSignature } from "./academia";
import { createEmpleoUser, createUser } from "./factories";
import { createLoginCookieHash } from "./login-cookie";
import { LOGGED_COOKIE, SESSION_COOKIE } from "./session";

const ACADEMIA_SECRET = "a".repeat(40);
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    REDIRECT_ALLOWED_ORIGINS: "https://partner.example.org",
    ACADEMIA_URL: "https://academia.example.org/entrar",
    ACADEMIA_SECRET,
    TRUST_PROXY: "true",
  });
});
afterAll(() => server?.close());

const login = (client: BrowserClient, body: Record<string, unknown>) => client.json("/api/login", body);

describe("POST /api/login", () => {
  it("signs in: httpOnly session cookie, logged=1, an API token and the user's destination", async () => {
    const user = await createUser(server.ctx.db, { type: "web" });
    const client = new BrowserClient(server);
    const response = await login(client, { email: user.email.toUpperCase(), password: user.password });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.user).toMatchObject({ id: user.id, email: user.email, register_type: "web", roles: { candidato: 0 } });
    expect(body.access_token).toMatch(/^\d+\|[\w-]{40,}$/);
    expect(body.redirect).toBe("/app/cuenta");
    const cookies = response.headers.getSetCookie().join("\n");
    expect(cookies).toMatch(new RegExp(`${SESSION_COOKIE}=[^;]+;.*HttpOnly`, "i"));
    expect(cookies).toMatch(/SameSite=Lax/i);
    expect(cookies).toMatch(/Max-Age=2592000/);
    expect(client.cookies.get(LOGGED_COOKIE)).toBe("1");
    expect((await client.get("/api/user")).status).toBe(200);
    // The access token works on its own, without cookies or CSRF token.
    const api = await server.fetch("/api/user", { headers: { Authorization: `Bearer ${body.access_token}` } });
    expect((await api.json()).id).toBe(user.id);
  });

  it("sends representatives and marketing to visitadorPage and company posters to the employment area", async () => {
    for (const [type, destination] of [
      ["visita", "/app/visita/visitador"],
      ["mkt", "/app/visita/visitador"],
      ["candidato", "/app/cuenta"],
      ["academia", "/app/cuenta"],
    ] as const) {
      const user = await createUser(server.ctx.db, { type });
      const body = await (await login(new BrowserClient(server), { email: user.email, password: user.password })).json();
      expect(body.redirect, type).toBe(destination);
    }
    const { user } = await createEmpleoUser(server.ctx.db);
    const body = await (await login(new BrowserClient(server), { email: user.email, password: user.password })).json();
    expect(body.redirect).toBe("/app/empleo/panel");
  });

  it("follows redirect_url only to this site or an allowed origin", async () => {
    const user = await createUser(server.ctx.db, { type: "visita" });
    const cases: Array<[string, string]> = [
      ["/app/empleo/p/espana", "/app/empleo/p/espana"],
      [`${server.url}/app/chat`, `${server.url}/app/chat`],
      ["https://partner.example.org/landing", "https://partner.example.org/landing"],
      ["//evil.example.com/x", "/app/visita/visitador"],
      ["/\\evil.example.com", "/app/visita/visitador"],
      ["javascript:alert(1)", "/app/visita/visitador"],
      ["https://evil.example.com/app", "/app/visita/visitador"],
      ["https://partner.example.org.evil.com/", "/app/visita/visitador"],
    ];
    for (const [redirectUrl, expected] of cases) {
      const body = await (
        await login(new BrowserClient(server), { email: user.email, password: user.password, redirect_url: redirectUrl })
      ).json();
      expect(body.redirect, redirectUrl).toBe(expected);
    }
  });

  it("answers a wrong password and an unknown e-mail identically", async () => {
    const user = await createUser(server.ctx.db);
    const wrong = await login(new BrowserClient(server), { email: user.email, password: "otra-cosa-1" });
    const unknown = await login(new BrowserClient(server), { email: "nadie-aqui@example.com", password: "otra-cosa-1" });
    const google = await createUser(server.ctx.db);
    await server.ctx.db.execute(sql`UPDATE users SET password_hash = NULL WHERE id = ${google.id}`);
    const noPassword = await login(new BrowserClient(server), { email: google.email, password: "otra-cosa-1" });
    for (const response of [wrong, unknown, noPassword]) {
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: ACCOUNT_MESSAGES.loginFailed, code: "INVALID_CREDENTIALS" });
      expect(response.headers.getSetCookie().join()).not.toContain(SESSION_COOKIE);
    }
  });

  it("tells a caller who proved the password that the address is not confirmed yet", async () => {
    const user = await createUser(server.ctx.db, { verified: false });
    const response = await login(new BrowserClient(server), { email: user.email, password: user.password });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ code: "EMAIL_NOT_VERIFIED", message: ACCOUNT_MESSAGES.emailNotVerified, user_id: user.id });
    const wrong = await login(new BrowserClient(server), { email: user.email, password: "otra-cosa-1" });
    expect(wrong.status).toBe(401);
  });

  it("validates the payload with Spanish messages per field", async () => {
    const response = await login(new BrowserClient(server), { email: "no-es-correo", password: "" });
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body.errors.email).toEqual(["Introduce un correo electrónico válido"]);
    expect(body.errors.password).toEqual(["Introduce tu contraseña"]);
  });

  it("throttles per e-mail and address (429 with Retry-After) and forgets after a success", async () => {
    const user = await createUser(server.ctx.db);
    const client = new BrowserClient(server);
    for (let i = 0; i < 4; i++) expect((await login(client, { email: user.email, password: "mala-clave-1" })).status).toBe(401);
    expect((await login(client, { email: user.email, password: user.password })).status).toBe(200);
    // Signed in once, this browser holds the account's device cookie: it has its own budget of 10.
    for (let i = 0; i < 10; i++) expect((await login(client, { email: user.email, password: "mala-clave-1" })).status).toBe(401);
    const blocked = await login(client, { email: user.email, password: user.password });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await blocked.json()).message).toMatch(/^Demasiados intentos\. Vuelve a intentarlo en \d+ minutos?\.$/);
  });

  it("throttles per account across addresses", async () => {
    const user = await createUser(server.ctx.db);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const response = await server.fetch("/api/login", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": `10.0.0.${i}` },
        body: JSON.stringify({ email: user.email, password: "mala-clave-1" }),
      });
      statuses.push(response.status);
    }
    // Each attempt comes from another address, so only the per-account limit (20 an hour) applies.
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it("refuses a browser login without the CSRF token (419) but accepts an API client without cookies", async () => {
    const user = await createUser(server.ctx.db);
    const forged = await server.fetch("/api/login", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.url },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(forged.status).toBe(419);
    const evil = await server.fetch("/api/login", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "https://evil.example.com" },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(evil.status).toBe(419);
    const api = await server.fetch("/api/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(api.status).toBe(200);
  });

  it("answers redirect_academia with a signed academy address, valid for two minutes", async () => {
    const user = await createUser(server.ctx.db, { type: "academia" });
    const client = new BrowserClient(server);
    const response = await login(client, { email: user.email, password: user.password, redirect_academia: true });
    expect(response.status).toBe(200);
    const { redirect_academia } = await response.json();
    const url = new URL(redirect_academia);
    expect(url.origin + url.pathname).toBe("https://academia.example.org/entrar");
    expect(url.searchParams.get("user")).toBe(String(user.id));
    expect(url.searchParams.get("email")).toBe(user.email);
    const exp = Number(url.searchParams.get("exp"));
    expect(exp - Date.now() / 1000).toBeGreaterThan(100);
    expect(exp - Date.now() / 1000).toBeLessThanOrEqual(120);
    expect(url.searchParams.get("sig")).toBe(academiaSignature(ACADEMIA_SECRET, user.id, user.email, exp));
    expect((await client.get("/api/user")).status).toBe(200);
  });
});

describe("POST /api/logout and GET /api/user", () => {
  it("needs a session", async () => {
    const response = await new BrowserClient(server).get("/api/user");
    expect(response.status).toBe(401);
    expect((await response.json()).code).toBe("UNAUTHENTICATED");
  });

  it("ends the login: cookie cleared, logged=0, the session and its access token gone", async () => {
    const user = await createUser(server.ctx.db);
    const client = new BrowserClient(server);
    const { access_token } = await (await login(client, { email: user.email, password: user.password })).json();
    const response = await client.fetch("/api/logout", { method: "POST" });
    expect(response.status).toBe(204);
    expect(client.cookies.get(LOGGED_COOKIE)).toBe("0");
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await client.get("/api/user")).status).toBe(401);
    expect((await server.fetch("/api/user", { headers: { Authorization: `Bearer ${access_token}` } })).status).toBe(401);
    expect(await server.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });

  it("logs out an API client by its bearer token", async () => {
    const user = await createUser(server.ctx.db);
    const token = await bearerTokenFor(server, user.id);
    const response = await server.fetch("/api/logout", { method: "POST", headers: { Authorization: `Bearer ${token}` } });
    expect(response.status).toBe(204);
    expect((await server.fetch("/api/user", { headers: { Authorization: `Bearer ${token}` } })).status).toBe(401);
  });

  it("a new login in the same browser replaces the previous session", async () => {
    const user = await createUser(server.ctx.db);
    const client = new BrowserClient(server);
    await login(client, { email: user.email, password: user.password });
    const first = client.cookies.get(SESSION_COOKIE);
    await login(client, { email: user.email, password: user.password });
    expect(client.cookies.get(SESSION_COOKIE)).not.toBe(first);
    const other = new BrowserClient(server);
    other.cookies.set(SESSION_COOKIE, first ?? "");
    expect((await other.get("/api/user")).status).toBe(401);
  });
});

describe("POST /api/login/cookie", () => {
  it("exchanges a signed hash once for a session", async () => {
    const user = await createUser(server.ctx.db);
    const hash = await createLoginCookieHash(server.ctx, user.id);
    const client = new BrowserClient(server);
    const response = await client.json("/api/login/cookie", { hash });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.user.id).toBe(user.id);
    expect(body.access_token).toMatch(/^\d+\|/);
    expect((await client.get("/api/user")).status).toBe(200);
    expect((await new BrowserClient(server).json("/api/login/cookie", { hash })).status).toBe(401);
  });

  it("refuses a forged, tampered or expired hash", async () => {
    const user = await createUser(server.ctx.db);
    const hash = await createLoginCookieHash(server.ctx, user.id);
    const [id, secret, sig] = hash.split(".");
    for (const bad of [`${id}.${secret}.x${sig?.slice(1)}`, `${Number(id) + 1}.${secret}.${sig}`, "1.abc.def", "nada"]) {
      const response = await new BrowserClient(server).json("/api/login/cookie", { hash: bad });
      expect(response.status, bad).toBe(401);
    }
    await server.ctx.db.execute(sql`UPDATE auth_tokens SET expires_at = now() - interval '1 second' WHERE id = ${Number(id)}`);
    expect((await new BrowserClient(server).json("/api/login/cookie", { hash })).status).toBe(401);
  });
});

describe("POST /api/redirigir-academia", () => {
  it("gives the signed address only for the signed-in user", async () => {
    const user = await createUser(server.ctx.db, { type: "academia" });
    const client = await new BrowserClient(server).signInAs(user.id);
    const ok = await client.json("/api/redirigir-academia", { userId: user.id });
    expect(ok.status).toBe(200);
    expect((await ok.json()).redirect_academia).toMatch(/^https:\/\/academia\.example\.org\/entrar\?user=/);
    expect((await client.json("/api/redirigir-academia", { userId: user.id + 1000 })).status).toBe(403);
    expect((await new BrowserClient(server).json("/api/redirigir-academia", { userId: user.id })).status).toBe(401);
  });
});
