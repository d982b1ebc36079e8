import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#server/db/schema";
import { GOOD_PASSWORD, registerAndGetToken } from "#tests/factories/accounts";
import { BrowserClient } from "#tests/support/browser-client";
import { type FakeGoogle, startFakeGoogle } from "#tests/support/google";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { createUser, findUserByEmail } from "./factories";
import { SESSION_COOKIE } from "./session";

let google: FakeGoogle;
let server: TestServer;
beforeAll(async () => {
  google = await startFakeGoogle();
  server = await startTestServer({ GOOGLE_CLIENT_ID: google.clientId, GOOGLE_CERTS_URL: google.certsUrl });
});
afterAll(async () => {
  await server?.close();
  await google?.close();
});

const signIn = (client: BrowserClient, googleId: string, extra: Record<string, unknown> = {}) =>
  client.json("/api/register/google", {
    email: "ignorado@example.com",
    redirect_url: null,
    register_type: "candidato",
    pais_id: 28,
    google_id: googleId,
    ...extra,
  });

describe("POST /api/register/google", () => {
  it("creates a confirmed account keyed by Google's subject and signs it in", async () => {
    const token = await google.idToken({ sub: "google-sub-1", email: "Ana.Lopez@gmail.com", given_name: "Ana", family_name: "López" });
    const client = new BrowserClient(server);
    const response = await signIn(client, token);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.user).toMatchObject({
      email: "ana.lopez@gmail.com",
      nombre: "Ana",
      apellidos: "López",
      register_type: "candidato",
      email_verified: true,
      roles: { candidato: 1 },
    });
    expect(body.access_token).toMatch(/^\d+\|/);
    expect(body.redirect).toBe("/app/auth/crear-cuenta/candidato");
    expect(client.cookies.has(SESSION_COOKIE)).toBe(true);
    const user = await findUserByEmail(server.ctx.db, "ana.lopez@gmail.com");
    expect(user).toMatchObject({ googleSub: "google-sub-1", passwordHash: null });
  });

  it("finds a returning user by subject even if their Google e-mail changed", async () => {
    const first = await (
      await signIn(new BrowserClient(server), await google.idToken({ sub: "google-sub-2", email: "antes@gmail.com" }))
    ).json();
    await server.ctx.db.update(users).set({ profileCompletedAt: new Date() }).where(eq(users.id, first.user.id));
    const again = await signIn(new BrowserClient(server), await google.idToken({ sub: "google-sub-2", email: "despues@gmail.com" }), {
      redirect_url: "/app/empleo/p/espana",
    });
    expect(again.status).toBe(200);
    const body = await again.json();
    expect(body.user.id).toBe(first.user.id);
    expect(body.redirect).toBe("/app/empleo/p/espana");
    expect(await findUserByEmail(server.ctx.db, "despues@gmail.com")).toBeUndefined();
  });

  it("links an existing confirmed account with the same verified e-mail and keeps its password", async () => {
    const existing = await createUser(server.ctx.db, { type: "visita" });
    const response = await signIn(new BrowserClient(server), await google.idToken({ sub: "google-sub-3", email: existing.email }));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.user.id).toBe(existing.id);
    expect(body.redirect).toBe("/app/visita/visitador");
    expect((await new BrowserClient(server).json("/api/login", { email: existing.email, password: existing.password })).status).toBe(200);
    // A different Google identity cannot take over the linked account.
    const other = await signIn(new BrowserClient(server), await google.idToken({ sub: "google-sub-4", email: existing.email }));
    expect(other.status).toBe(403);
  });

  it("discards the password of an unconfirmed account it links (pre-registration takeover)", async () => {
    const { email } = await registerAndGetToken(server, { register_type: "web" });
    const response = await signIn(new BrowserClient(server), await google.idToken({ sub: "google-sub-5", email }));
    expect(response.status).toBe(200);
    expect((await response.json()).user.email_verified).toBe(true);
    expect((await new BrowserClient(server).json("/api/login", { email, password: GOOD_PASSWORD })).status).toBe(401);
  });

  it("refuses a token for another audience, expired, badly signed, from another issuer or with an unverified e-mail", async () => {
    const cases: Array<[string, Promise<string>, string]> = [
      ["audience", google.idToken({ aud: "otra-app.apps.googleusercontent.com" }), "GOOGLE_TOKEN_INVALID"],
      ["expired", google.idToken({}, { expiresIn: Math.floor(Date.now() / 1000) - 3600 }), "GOOGLE_TOKEN_INVALID"],
      ["signature", google.idToken({}, { key: "other" }), "GOOGLE_TOKEN_INVALID"],
      ["issuer", google.idToken({ iss: "https://evil.example.com" }), "GOOGLE_TOKEN_INVALID"],
      ["unverified", google.idToken({ email_verified: false }), "GOOGLE_EMAIL_NOT_VERIFIED"],
      ["garbage", Promise.resolve("no.es.un-jwt"), "GOOGLE_TOKEN_INVALID"],
    ];
    for (const [name, token, code] of cases) {
      const response = await signIn(new BrowserClient(server), await token);
      expect(response.status, name).toBe(401);
      const body = await response.json();
      expect(body.code, name).toBe(code);
      expect(body.message, name).toMatch(/Google/);
    }
  });

  it("validates the payload", async () => {
    const response = await new BrowserClient(server).json("/api/register/google", { register_type: "nada" });
    expect(response.status).toBe(422);
    const { errors } = await response.json();
    expect(errors.google_id).toEqual(["Falta la credencial de Google"]);
    expect(errors.register_type).toEqual(["Elige un tipo de cuenta válido"]);
  });
});

// The page's «Continuar con Google» (GoogleSignIn): Google's callback posts the ID token through a
// fetcher to the sign-in page's action, intent "google" — the service and checks of the API above.
describe("the sign-in page's «Continuar con Google»", () => {
  const postPage = (client: BrowserClient, fields: Record<string, string>) =>
    client.fetch("/app/auth/login", {
      method: "POST",
      body: new URLSearchParams({ intent: "google", register_type: "candidato", pais_id: "28", ...fields }),
      headers: { Accept: "text/html", "Content-Type": "application/x-www-form-urlencoded" },
    });

  it("creates and signs in the account, with a session cookie and the profile step as destination", async () => {
    const client = new BrowserClient(server);
    const token = await google.idToken({ sub: "google-sub-page-1", email: "pagina@gmail.com", given_name: "Pía" });
    const response = await postPage(client, { google_id: token });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toMatch(/\/app\/auth\/crear-cuenta\/candidato$/);
    expect(client.cookies.has(SESSION_COOKIE)).toBe(true);
    const user = await (await client.get("/api/user")).json();
    expect(user).toMatchObject({ email: "pagina@gmail.com", nombre: "Pía", register_type: "candidato", roles: { candidato: 1 } });
    expect(await findUserByEmail(server.ctx.db, "pagina@gmail.com")).toMatchObject({ googleSub: "google-sub-page-1", passwordHash: null });
  });

  it("sends a returning user with a complete profile to redirect_url", async () => {
    const existing = await createUser(server.ctx.db, { type: "visita" });
    const token = await google.idToken({ sub: "google-sub-page-2", email: existing.email });
    const response = await postPage(new BrowserClient(server), { google_id: token, redirect_url: "/app/empleo/p/espana" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toMatch(/\/app\/empleo\/p\/espana$/);
  });

  it("refuses a bad token in the page, never echoes it, and ends the browser's previous login", async () => {
    const previous = await createUser(server.ctx.db);
    const client = await new BrowserClient(server).signInAs(previous.id);
    const bad = await google.idToken({ aud: "otra-app.apps.googleusercontent.com" });
    const refused = await postPage(client, { google_id: bad });
    expect(refused.status).toBe(401);
    const html = await refused.text();
    expect(html).toContain("No hemos podido comprobar tu cuenta de Google. Inténtalo de nuevo.");
    expect(html).not.toContain(bad);
    expect((await client.get("/api/user")).status).toBe(401);
    const missing = await postPage(new BrowserClient(server), {});
    expect(missing.status).toBe(422);
    expect(await missing.text()).toContain("Falta la credencial de Google");
  });

  it("refuses a post from another origin (CSRF) and creates nothing", async () => {
    const token = await google.idToken({ sub: "google-sub-page-3", email: "otro-origen@gmail.com" });
    const client = new BrowserClient(server);
    const response = await client.fetch("/app/auth/login", {
      method: "POST",
      body: new URLSearchParams({ intent: "google", register_type: "web", google_id: token }),
      headers: { Accept: "text/html", "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example.com" },
    });
    expect(response.status).toBe(419);
    expect(await findUserByEmail(server.ctx.db, "otro-origen@gmail.com")).toBeUndefined();
  });
});

describe("Google sign-in not configured", () => {
  it("answers 503 in Spanish", async () => {
    const plain = await startTestServer();
    try {
      const response = await signIn(new BrowserClient(plain), await google.idToken());
      expect(response.status).toBe(503);
      expect((await response.json()).message).toBe("El acceso con Google no está disponible en este momento.");
    } finally {
      await plain.close();
    }
  });
});
