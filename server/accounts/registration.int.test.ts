import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES } from "#common/accounts";
import { sessions, users } from "#server/db/schema";
import { GOOD_PASSWORD, mailsTo, registerAndGetToken, uniqueEmail } from "#tests/factories/accounts";
import { BrowserClient } from "#tests/support/browser-client";
import { serverWithFreshRateLimits } from "#tests/support/server-per-file";
import { createUser, findUserByEmail } from "./factories";
import { LOGGED_COOKIE, SESSION_COOKIE } from "./session";

const server = serverWithFreshRateLimits();

const registration = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  password: GOOD_PASSWORD,
  password_confirmation: GOOD_PASSWORD,
  redirect_url: "/app/empleo/p/espana",
  register_type: "candidato",
  pais_id: 28,
  publicidad: true,
  acepta_condiciones: true,
  ...extra,
});

describe("POST /api/register", () => {
  it("creates an unconfirmed account with its roles, e-mails the link and opens no session", async () => {
    const email = uniqueEmail("nuevo");
    const client = new BrowserClient(server);
    const response = await client.json("/api/register", registration(email));
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ message: "Correo de confirmación enviado" });
    expect(response.headers.getSetCookie().join()).not.toContain(SESSION_COOKIE);
    const user = await findUserByEmail(server.ctx.db, email);
    expect(user).toMatchObject({ registerType: "candidato", emailVerifiedAt: null, publicidad: true, paisId: 28 });
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    const [mail] = await mailsTo(server, email, "verify_email");
    expect(mail?.subject).toBe("Confirma tu correo electrónico · Farmanexo");
    const link = new URL(mail?.text.match(/https?:\/\/\S+/)?.[0] ?? "");
    expect(`${link.origin}${link.pathname}`).toBe(`${server.url}/app/register/verification`);
    expect(link.searchParams.get("token")).toMatch(/^[\w-]{43}$/);
    expect(link.searchParams.get("register_type")).toBe("candidato");
    expect(link.searchParams.get("redirect_url")).toBe("/app/empleo/p/espana");
    expect(mail?.html).toContain("Confirmar mi correo");
    const login = await client.json("/api/login", { email, password: GOOD_PASSWORD });
    expect(login.status).toBe(403);
  });

  it("answers identically for an address that already has an account, and tells its owner", async () => {
    const existing = await createUser(server.ctx.db);
    const fresh = await new BrowserClient(server).json("/api/register", registration(uniqueEmail()));
    const again = await new BrowserClient(server).json(
      "/api/register",
      registration(existing.email.toUpperCase(), { password: "Otra-clave-99", password_confirmation: "Otra-clave-99" }),
    );
    expect(again.status).toBe(fresh.status);
    expect(await again.json()).toEqual(await fresh.json());
    const [notice] = await mailsTo(server, existing.email);
    expect(notice?.kind).toBe("already_registered");
    expect(notice?.text).toContain("Si has sido tú, inicia sesión");
    // The link that works without a token: the reset request form.
    expect(notice?.text).toContain(`${server.url}/app/auth/change-password`);
    expect(notice?.text).not.toContain("/app/auth/renew-password");
    // The stranger's password did not replace the owner's.
    expect((await new BrowserClient(server).json("/api/login", { email: existing.email, password: existing.password })).status).toBe(200);
  });

  it("defaults an unknown or missing country to 28", async () => {
    const email = uniqueEmail();
    await new BrowserClient(server).json("/api/register", registration(email, { pais_id: 999999 }));
    expect((await findUserByEmail(server.ctx.db, email))?.paisId).toBe(28);
    const other = uniqueEmail();
    await new BrowserClient(server).json("/api/register", registration(other, { pais_id: undefined }));
    expect((await findUserByEmail(server.ctx.db, other))?.paisId).toBe(28);
  });

  it("validates each field in Spanish", async () => {
    const response = await new BrowserClient(server).json("/api/register", {
      email: "mal",
      password: "corta",
      password_confirmation: "distinta",
      register_type: "admin",
    });
    expect(response.status).toBe(422);
    const { errors } = await response.json();
    expect(errors.email).toEqual(["Introduce un correo electrónico válido"]);
    expect(errors.password).toContain("La contraseña debe tener al menos 8 caracteres");
    expect(errors.password).toContain("La contraseña debe incluir al menos una letra y un número");
    expect(errors.password_confirmation).toEqual(["Las contraseñas no coinciden"]);
    expect(errors.register_type).toEqual(["Elige un tipo de cuenta válido"]);
  });
});

describe("GET /api/email/verify/{token}", () => {
  it("confirms the address, signs the user in and names the next step; a welcome e-mail follows", async () => {
    const { email, token } = await registerAndGetToken(server, { register_type: "visita" });
    const client = new BrowserClient(server);
    const response = await client.get(`/api/email/verify/${token}`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ register_type: "visita", redirect: "/app/auth/crear-cuenta/visita" });
    expect(body.user).toMatchObject({ email, email_verified: true, profile_completed: false, roles: { visitador_farmaceutico: 1 } });
    expect(body.token).toMatch(/^\d+\|/);
    expect(client.cookies.get(LOGGED_COOKIE)).toBe("1");
    expect((await client.get("/api/user")).status).toBe(200);
    expect((await mailsTo(server, email, "welcome")).length).toBe(1);
  });

  it("is single-use", async () => {
    const { token } = await registerAndGetToken(server);
    expect((await new BrowserClient(server).get(`/api/email/verify/${token}`)).status).toBe(200);
    const again = await new BrowserClient(server).get(`/api/email/verify/${token}`);
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ message: ACCOUNT_MESSAGES.verificationInvalid, code: "TOKEN_INVALID" });
    expect((await new BrowserClient(server).get("/api/email/verify/no-existe")).status).toBe(404);
  });

  it("expires after 48 hours", async () => {
    const { email, token } = await registerAndGetToken(server);
    const user = await findUserByEmail(server.ctx.db, email);
    await server.ctx.db.execute(sql`UPDATE auth_tokens SET expires_at = now() - interval '1 minute' WHERE user_id = ${user?.id}`);
    const response = await new BrowserClient(server).get(`/api/email/verify/${token}`);
    expect(response.status).toBe(410);
    expect(await response.json()).toEqual({ message: ACCOUNT_MESSAGES.verificationExpired, code: "TOKEN_EXPIRED" });
    expect((await findUserByEmail(server.ctx.db, email))?.emailVerifiedAt).toBeNull();
  });

  it("keeps the 48-hour lifetime", async () => {
    const { email } = await registerAndGetToken(server);
    const user = await findUserByEmail(server.ctx.db, email);
    const rows = await server.ctx.db.execute(
      sql`SELECT extract(epoch FROM expires_at - created_at) AS seconds FROM auth_tokens WHERE user_id = ${user?.id}`,
    );
    const seconds = Number((rows as unknown as { rows: Array<{ seconds: string }> }).rows[0]?.seconds);
    expect(Math.round(seconds / 3600)).toBe(48);
  });
});

describe("POST /api/email/verify/resend/{id}", () => {
  it("sends a new link only to an unconfirmed account, answering the same for any id", async () => {
    const { email, token } = await registerAndGetToken(server, { register_type: "mkt" });
    const user = await findUserByEmail(server.ctx.db, email);
    const verified = await createUser(server.ctx.db);
    const answers = [];
    for (const id of [user?.id, verified.id, 987654]) {
      const response = await new BrowserClient(server).json(`/api/email/verify/resend/${id}`, { register_type: "mkt" });
      answers.push([response.status, await response.json()]);
    }
    expect(answers).toEqual(Array(3).fill([200, { message: "Correo de confirmación enviado" }]));
    const links = await mailsTo(server, email, "verify_email");
    expect(links).toHaveLength(2);
    expect((await mailsTo(server, verified.email)).length).toBe(0);
    // The older link no longer works; the new one does.
    expect((await new BrowserClient(server).get(`/api/email/verify/${token}`)).status).toBe(404);
    const fresh = new URL(links[0]?.text.match(/https?:\/\/\S+/)?.[0] ?? "").searchParams.get("token");
    expect((await new BrowserClient(server).get(`/api/email/verify/${fresh}`)).status).toBe(200);
  });

  it("is throttled", async () => {
    const client = new BrowserClient(server);
    let last = 200;
    for (let i = 0; i < 6; i++) last = (await client.json(`/api/email/verify/resend/${123456 + i}`, {})).status;
    expect(last).toBe(429);
  });
});

describe("registration throttling", () => {
  it("limits registrations per address (429 with Retry-After)", async () => {
    let response: Response | undefined;
    for (let i = 0; i < 11; i++) {
      response = await new BrowserClient(server).json("/api/register", registration(uniqueEmail("lote")));
      if (response.status === 429) break;
    }
    expect(response?.status).toBe(429);
    expect(Number(response?.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});

describe("sessions after verification", () => {
  it("stores only hashes of the session cookie and the access token", async () => {
    const { token } = await registerAndGetToken(server);
    const client = new BrowserClient(server);
    const body = await (await client.get(`/api/email/verify/${token}`)).json();
    const rows = await server.ctx.db.select().from(sessions).where(eq(sessions.userId, body.user.id));
    expect(rows).toHaveLength(2);
    const secrets = [String(body.token).split("|")[1], client.cookies.get(SESSION_COOKIE)];
    for (const row of rows) expect(secrets).not.toContain(row.tokenHash);
    expect(await server.ctx.db.select({ id: users.id }).from(users).where(eq(users.id, body.user.id))).toHaveLength(1);
  });
});
