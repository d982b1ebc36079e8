import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES } from "#common/accounts";
import { authTokens, sessions } from "#server/db/schema";
import { GOOD_PASSWORD, linkParam, mailsTo, registerAndGetToken } from "#tests/factories/accounts";
import { BrowserClient } from "#tests/support/browser-client";
import { serverWithFreshRateLimits } from "#tests/support/server-per-file";
import type { TokenPurpose } from "./auth-tokens";
import { createUser, findUserByEmail } from "./factories";
import { LOGGED_COOKIE, SESSION_COOKIE } from "./session";

const server = serverWithFreshRateLimits();

const NEW_PASSWORD = "Nueva-clave-2024";

const unspentTokens = async (userId: number, purpose: TokenPurpose) =>
  (
    await server.ctx.db
      .select({ id: authTokens.id })
      .from(authTokens)
      .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)))
  ).length;

const sessionsOf = async (userId: number) => server.ctx.db.select().from(sessions).where(eq(sessions.userId, userId));

/** What a mail scanner does: GET the page and, like the router, its .data. */
async function openLikeAScanner(client: BrowserClient, link: URL) {
  const html = await client.fetch(`${link.pathname}${link.search}`, { headers: { Accept: "text/html" } });
  const dataRequest = await client.fetch(`${link.pathname}.data${link.search}`);
  return { html: await html.text(), htmlStatus: html.status, dataStatus: dataRequest.status };
}

const postForm = (client: BrowserClient, path: string, fields: Record<string, string>) =>
  client.fetch(path, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Accept: "text/html", "Content-Type": "application/x-www-form-urlencoded" },
  });

const linkIn = (text: string, path: string) => new URL(text.match(new RegExp(`https?://\\S+${path}\\S*`))?.[0] ?? "");

describe("the verification link's page (register-verification)", () => {
  it("opening it (HTML and .data) spends nothing and signs nobody in", async () => {
    const { email, mail } = await registerAndGetToken(server, { register_type: "visita" });
    const user = await findUserByEmail(server.ctx.db, email);
    const client = new BrowserClient(server);
    const opened = await openLikeAScanner(client, linkIn(mail.text, "/app/register/verification"));
    expect([opened.htmlStatus, opened.dataStatus]).toEqual([200, 200]);
    expect(opened.html).toContain("Confirmar mi correo");
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await client.get("/api/user")).status).toBe(401);
    expect(await unspentTokens(user?.id ?? 0, "verify_email")).toBe(1);
    expect((await findUserByEmail(server.ctx.db, email))?.emailVerifiedAt).toBeNull();
    expect(await sessionsOf(user?.id ?? 0)).toEqual([]);
  });

  it("its button (a POST) spends the token, confirms the address, signs in and goes to the profile step", async () => {
    const { email, token, mail } = await registerAndGetToken(server, { register_type: "visita", redirect_url: "/app/empleo/p/espana" });
    const link = linkIn(mail.text, "/app/register/verification");
    const client = new BrowserClient(server);
    const response = await postForm(client, `${link.pathname}${link.search}`, { token, redirect_url: "" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/app/auth/crear-cuenta/visita?redirect_url=%2Fapp%2Fempleo%2Fp%2Fespana");
    expect(client.cookies.get(LOGGED_COOKIE)).toBe("1");
    const me = await client.get("/api/user");
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email, email_verified: true, profile_completed: false });
    // The XSRF-TOKEN came with the new session: the next write is accepted.
    expect((await client.json("/api/logout", {})).status).toBe(204);
    expect((await mailsTo(server, email, "welcome")).length).toBe(1);

    const again = await postForm(new BrowserClient(server), `${link.pathname}${link.search}`, { token });
    expect(again.status).toBe(404);
    expect(await again.text()).toContain(ACCOUNT_MESSAGES.verificationInvalid);
  });

  it("from a browser signed in as someone else, ends that login first", async () => {
    const { email, token } = await registerAndGetToken(server);
    const other = await createUser(server.ctx.db);
    const client = await new BrowserClient(server).signInAs(other.id);
    const response = await postForm(client, "/app/register/verification.data", { token });
    expect(response.status).toBeLessThan(400);
    expect(response.headers.getSetCookie().join()).toContain(`${SESSION_COOKIE}=`);
    expect(await sessionsOf(other.id)).toEqual([]);
    expect(await (await client.get("/api/user")).json()).toMatchObject({ email });
  });

  it("tells on opening that a used or unknown link no longer works", async () => {
    const { token } = await registerAndGetToken(server);
    expect((await new BrowserClient(server).get(`/api/email/verify/${token}`)).status).toBe(200);
    const page = await server.fetch(`/app/register/verification?token=${token}`, { headers: { Accept: "text/html" } });
    expect(await page.text()).toContain(ACCOUNT_MESSAGES.verificationInvalid);
    const unknown = await server.fetch("/app/register/verification?token=no-existe", { headers: { Accept: "text/html" } });
    expect(await unknown.text()).toContain(ACCOUNT_MESSAGES.verificationInvalid);
  });

  it("keeps the specification's API GET for clients, which spends the token and documents it", async () => {
    const { email, token } = await registerAndGetToken(server);
    const user = await findUserByEmail(server.ctx.db, email);
    expect((await new BrowserClient(server).get(`/api/email/verify/${token}`)).status).toBe(200);
    expect(await unspentTokens(user?.id ?? 0, "verify_email")).toBe(0);
    const spec = await (await server.fetch("/api/openapi.json")).json();
    expect(spec.paths["/email/verify/{token}"].get.description).toContain("gasta el token");
    expect(spec.paths["/renew-password/verify/{token}"].get.description).toContain("gasta el token");
  });
});

async function resetLink(email: string) {
  expect((await new BrowserClient(server).json("/api/renew-password/send", { email })).status).toBe(200);
  const [mail] = await mailsTo(server, email, "reset_password");
  if (!mail) throw new Error("no reset e-mail");
  return { link: linkIn(mail.text, "/app/auth/renew-password"), token: linkParam(mail.text, "token") };
}

describe("the password reset link's page (renew-password)", () => {
  it("opening it (HTML and .data) spends nothing and signs nobody in", async () => {
    const user = await createUser(server.ctx.db);
    const { link } = await resetLink(user.email);
    const client = new BrowserClient(server);
    const opened = await openLikeAScanner(client, link);
    expect([opened.htmlStatus, opened.dataStatus]).toEqual([200, 200]);
    expect(opened.html).toContain("Guardar contraseña");
    expect((await client.get("/api/user")).status).toBe(401);
    expect(await unspentTokens(user.id, "reset_password")).toBe(1);
  });

  it("its form posts the token with the password: a refused password keeps the link, an accepted one spends it", async () => {
    const user = await createUser(server.ctx.db);
    const { link, token } = await resetLink(user.email);
    const path = `${link.pathname}${link.search}`;
    const client = new BrowserClient(server);
    const mismatch = await postForm(client, path, { token, password: NEW_PASSWORD, password_confirmation: "Otra-clave-1" });
    expect(mismatch.status).toBe(422);
    expect(await mismatch.text()).toContain("Las contraseñas no coinciden");
    expect(await unspentTokens(user.id, "reset_password")).toBe(1);

    const saved = await postForm(client, path, { token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain(ACCOUNT_MESSAGES.passwordChanged);
    expect(await unspentTokens(user.id, "reset_password")).toBe(0);
    expect((await new BrowserClient(server).json("/api/login", { email: user.email, password: NEW_PASSWORD })).status).toBe(200);

    const again = await postForm(new BrowserClient(server), path, {
      token,
      password: "Otra-clave-22",
      password_confirmation: "Otra-clave-22",
    });
    expect(again.status).toBe(404);
    expect(await again.text()).toContain(ACCOUNT_MESSAGES.resetInvalid);
  });

  it("says so on opening once the API's GET has spent the link", async () => {
    const user = await createUser(server.ctx.db);
    const { link, token } = await resetLink(user.email);
    expect((await new BrowserClient(server).get(`/api/renew-password/verify/${token}`)).status).toBe(200);
    const page = await server.fetch(`${link.pathname}${link.search}`, { headers: { Accept: "text/html" } });
    expect(await page.text()).toContain(ACCOUNT_MESSAGES.resetInvalid);
  });
});

describe("PUT /api/user with a reset grant", () => {
  const put = (grant: string, body: Record<string, string>) =>
    server.fetch("/api/user", {
      method: "PUT",
      headers: { Authorization: `Bearer ${grant}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  const grantFor = async (email: string) => {
    const { token } = await resetLink(email);
    return (await (await new BrowserClient(server).get(`/api/renew-password/verify/${token}`)).json()).access_token as string;
  };

  it("accepts the specification's payload: password alone", async () => {
    const user = await createUser(server.ctx.db);
    const response = await put(await grantFor(user.email), { password: NEW_PASSWORD });
    expect(response.status).toBe(200);
    expect((await new BrowserClient(server).json("/api/login", { email: user.email, password: NEW_PASSWORD })).status).toBe(200);
  });

  it("checks the confirmation when one is sent", async () => {
    const user = await createUser(server.ctx.db);
    const grant = await grantFor(user.email);
    const mismatch = await put(grant, { password: NEW_PASSWORD, password_confirmation: "Otra-clave-1" });
    expect(mismatch.status).toBe(422);
    expect((await mismatch.json()).errors.password_confirmation).toEqual(["Las contraseñas no coinciden"]);
    expect((await put(grant, { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD })).status).toBe(200);
  });

  it("still refuses a weak password without spending the grant", async () => {
    const user = await createUser(server.ctx.db);
    const grant = await grantFor(user.email);
    expect((await put(grant, { password: "password123" })).status).toBe(422);
    expect((await put(grant, { password: GOOD_PASSWORD })).status).toBe(200);
  });
});
