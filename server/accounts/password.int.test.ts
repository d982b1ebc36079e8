import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES } from "#common/accounts";
import { sessions } from "#server/db/schema";
import { linkParam, mailsTo } from "#tests/factories/accounts";
import { BrowserClient, bearerTokenFor } from "#tests/support/browser-client";
import { serverWithFreshRateLimits } from "#tests/support/server-per-file";
import { createUser } from "./factories";

const server = serverWithFreshRateLimits({ BRAND_NAME: "FarmaRed" });

const NEW_PASSWORD = "Nueva-clave-2024";
const expected = {
  title: "¡Solicitud enviada!",
  message: "Si el email está registrado en FarmaRed, recibirás un correo para restablecer la contraseña.",
};

async function resetLinkToken(email: string) {
  const response = await new BrowserClient(server).json("/api/renew-password/send", { email });
  expect(response.status).toBe(200);
  const [mail] = await mailsTo(server, email, "reset_password");
  if (!mail) throw new Error("no reset e-mail");
  return linkParam(mail.text, "token");
}

async function grantFor(email: string) {
  const token = await resetLinkToken(email);
  const response = await new BrowserClient(server).get(`/api/renew-password/verify/${token}`);
  expect(response.status).toBe(200);
  return (await response.json()).access_token as string;
}

const putPassword = (grant: string, password = NEW_PASSWORD, confirmation = password) =>
  new BrowserClient(server).fetch("/api/user", {
    method: "PUT",
    headers: { Authorization: `Bearer ${grant}`, "Content-Type": "application/json" },
    body: JSON.stringify({ password, password_confirmation: confirmation }),
  });

describe("POST /api/renew-password/send", () => {
  it("answers the same whether or not the address has an account; only an owner gets the e-mail", async () => {
    const user = await createUser(server.ctx.db);
    const known = await new BrowserClient(server).json("/api/renew-password/send", { email: user.email });
    const unknown = await new BrowserClient(server).json("/api/renew-password/send", { email: "nadie@example.com" });
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect(await known.json()).toEqual(expected);
    expect(await unknown.json()).toEqual(expected);
    const [mail] = await mailsTo(server, user.email, "reset_password");
    expect(mail?.subject).toBe("Restablece tu contraseña · FarmaRed");
    expect(mail?.text).toContain(`${server.url}/app/auth/renew-password?token=`);
    expect(await mailsTo(server, "nadie@example.com")).toEqual([]);
  });

  it("is throttled per address", async () => {
    const user = await createUser(server.ctx.db);
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await new BrowserClient(server).json("/api/renew-password/send", { email: user.email })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe("password reset", () => {
  it("sets the new password with the verified link and ends every session", async () => {
    const user = await createUser(server.ctx.db);
    const browser = await new BrowserClient(server).signInAs(user.id);
    const api = await bearerTokenFor(server, user.id);
    const grant = await grantFor(user.email);
    const response = await putPassword(grant);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "Contraseña cambiada correctamente" });
    expect((await browser.get("/api/user")).status).toBe(401);
    expect((await server.fetch("/api/user", { headers: { Authorization: `Bearer ${api}` } })).status).toBe(401);
    expect(await server.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect((await new BrowserClient(server).json("/api/login", { email: user.email, password: user.password })).status).toBe(401);
    expect((await new BrowserClient(server).json("/api/login", { email: user.email, password: NEW_PASSWORD })).status).toBe(200);
    expect((await mailsTo(server, user.email, "password_changed")).length).toBe(1);
  });

  it("uses the link and the grant once", async () => {
    const user = await createUser(server.ctx.db);
    const token = await resetLinkToken(user.email);
    const first = await new BrowserClient(server).get(`/api/renew-password/verify/${token}`);
    expect(first.status).toBe(200);
    const again = await new BrowserClient(server).get(`/api/renew-password/verify/${token}`);
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ message: ACCOUNT_MESSAGES.resetInvalid, code: "TOKEN_INVALID" });
    const grant = (await first.json()).access_token;
    expect((await putPassword(grant)).status).toBe(200);
    expect((await putPassword(grant, "Otra-clave-3")).status).toBe(404);
  });

  it("the grant is good for nothing else", async () => {
    const user = await createUser(server.ctx.db);
    const grant = await grantFor(user.email);
    expect((await server.fetch("/api/user", { headers: { Authorization: `Bearer ${grant}` } })).status).toBe(401);
    const profile = await server.fetch("/api/user/password", {
      method: "PUT",
      headers: { Authorization: `Bearer ${grant}`, "Content-Type": "application/json" },
      body: JSON.stringify({ current_password: "x", password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD }),
    });
    expect(profile.status).toBe(401);
    // A normal session cannot set a password through PUT /api/user either.
    const session = await bearerTokenFor(server, user.id);
    expect((await putPassword(session)).status).toBe(404);
    expect((await putPassword(grant)).status).toBe(200);
  });

  it("expires: the link after an hour, the grant after 15 minutes", async () => {
    const user = await createUser(server.ctx.db);
    const token = await resetLinkToken(user.email);
    await server.ctx.db.execute(
      sql`UPDATE auth_tokens SET expires_at = now() - interval '1 second' WHERE user_id = ${user.id} AND purpose = 'reset_password'`,
    );
    const expired = await new BrowserClient(server).get(`/api/renew-password/verify/${token}`);
    expect(expired.status).toBe(410);
    expect(await expired.json()).toEqual({ message: ACCOUNT_MESSAGES.resetExpired, code: "TOKEN_EXPIRED" });
    await server.ctx.db.execute(sql`DELETE FROM rate_limits`);
    const grant = await grantFor(user.email);
    await server.ctx.db.execute(
      sql`UPDATE auth_tokens SET expires_at = now() - interval '1 second' WHERE user_id = ${user.id} AND purpose = 'reset_grant'`,
    );
    expect((await putPassword(grant)).status).toBe(410);
  });

  it("validates the new password in Spanish without spending the grant", async () => {
    const user = await createUser(server.ctx.db);
    const grant = await grantFor(user.email);
    const response = await putPassword(grant, "solotexto", "otra");
    expect(response.status).toBe(422);
    const { errors } = await response.json();
    expect(errors.password).toEqual(["La contraseña debe incluir al menos una letra y un número"]);
    expect(errors.password_confirmation).toEqual(["Las contraseñas no coinciden"]);
    expect((await putPassword(grant)).status).toBe(200);
  });

  it("a newer reset link replaces the older one", async () => {
    const user = await createUser(server.ctx.db);
    const older = await resetLinkToken(user.email);
    const newer = await resetLinkToken(user.email);
    expect((await new BrowserClient(server).get(`/api/renew-password/verify/${older}`)).status).toBe(404);
    expect((await new BrowserClient(server).get(`/api/renew-password/verify/${newer}`)).status).toBe(200);
  });
});

describe("PUT /api/user/password", () => {
  it("needs the current password, keeps this login and ends the others", async () => {
    const user = await createUser(server.ctx.db);
    const here = new BrowserClient(server);
    await here.json("/api/login", { email: user.email, password: user.password });
    const elsewhere = new BrowserClient(server);
    const { access_token } = await (await elsewhere.json("/api/login", { email: user.email, password: user.password })).json();
    const wrong = await here.json(
      "/api/user/password",
      { current_password: "no-es-1", password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      "PUT",
    );
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).errors.current_password).toEqual(["La contraseña actual no es correcta"]);
    const ok = await here.json(
      "/api/user/password",
      { current_password: user.password, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      "PUT",
    );
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ message: "Contraseña cambiada correctamente" });
    expect((await here.get("/api/user")).status).toBe(200);
    expect((await elsewhere.get("/api/user")).status).toBe(401);
    expect((await server.fetch("/api/user", { headers: { Authorization: `Bearer ${access_token}` } })).status).toBe(401);
    expect((await mailsTo(server, user.email, "password_changed")).length).toBe(1);
  });

  it("keeps an API client's own token when it changes the password", async () => {
    const user = await createUser(server.ctx.db);
    const { access_token } = await (
      await server.fetch("/api/login", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: user.email, password: user.password }),
      })
    ).json();
    const headers = { Authorization: `Bearer ${access_token}`, "Content-Type": "application/json" };
    const ok = await server.fetch("/api/user/password", {
      method: "PUT",
      headers,
      body: JSON.stringify({ current_password: user.password, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD }),
    });
    expect(ok.status).toBe(200);
    expect((await server.fetch("/api/user", { headers })).status).toBe(200);
  });
});
