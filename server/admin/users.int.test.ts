import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES } from "#common/accounts";
import { createUser } from "#server/accounts/factories";
import { listAuditLog } from "#server/platform/audit";
import { BrowserClient, bearerTokenFor } from "#tests/support/browser-client";
import { startTestServer, type TestServer } from "#tests/support/test-server";

let server: TestServer;
let admin: BrowserClient;
let adminId: number;
let editor: BrowserClient;
let reader: BrowserClient;

beforeAll(async () => {
  server = await startTestServer();
  adminId = (await createUser(server.ctx.db, { roles: ["admin"], email: "jefa-admin@example.com" })).id;
  admin = await new BrowserClient(server).signInAs(adminId);
  editor = await new BrowserClient(server).signInAs((await createUser(server.ctx.db, { roles: ["editor"] })).id);
  reader = await new BrowserClient(server).signInAs((await createUser(server.ctx.db, { type: "web" })).id);
});
afterAll(() => server?.close());

const html = async (client: BrowserClient, path: string, init: RequestInit = {}) => {
  const response = await client.fetch(path, { ...init, headers: { Accept: "text/html", ...(init.headers ?? {}) } });
  return { status: response.status, text: await response.text() };
};
const postForm = (client: BrowserClient, path: string, fields: Record<string, string>) =>
  html(client, path, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
const auditOf = async (userId: number) =>
  (await listAuditLog(server.ctx.db, { subjectType: "user", q: String(userId) })).items.filter((row) => row.subjectId === String(userId));

describe("finding users in the back office", () => {
  it("searches by e-mail or name, filters by account type, role and state, and pages by 25", async () => {
    for (let i = 0; i < 27; i++) await createUser(server.ctx.db, { type: "candidato", email: `paginada-${i}@buscame.test` });
    const visita = await createUser(server.ctx.db, { type: "visita", email: "delegada.norte@buscame.test", nombre: "Begoña" });

    const first = await (await admin.get("/api/admin/usuarios?q=buscame.test")).json();
    expect(first).toMatchObject({ total: 28, pagina: 1, paginas: 2 });
    expect(first.items).toHaveLength(25);
    const second = await (await admin.get("/api/admin/usuarios?q=buscame.test&pagina=2")).json();
    expect(second.items).toHaveLength(3);
    const ids = new Set([...first.items, ...second.items].map((row: { id: number }) => row.id));
    expect(ids.size).toBe(28);

    const byName = await (await admin.get("/api/admin/usuarios?q=bego%C3%B1a")).json();
    expect(byName.items.map((row: { id: number }) => row.id)).toEqual([visita.id]);
    expect(byName.items[0]).toMatchObject({ register_type: "visita", roles: ["visitador_farmaceutico"], bloqueado: false });
    const byType = await (await admin.get("/api/admin/usuarios?q=buscame.test&tipo=visita")).json();
    expect(byType.total).toBe(1);
    const byRole = await (await admin.get("/api/admin/usuarios?rol=admin")).json();
    expect(byRole.items.map((row: { email: string }) => row.email)).toContain("jefa-admin@example.com");
    expect(byRole.items.every((row: { roles: string[] }) => row.roles.includes("admin"))).toBe(true);
    expect((await admin.get("/api/admin/usuarios?tipo=otro")).status).toBe(422);

    const page = await html(admin, "/app/admin/usuarios?q=buscame.test&tipo=visita");
    expect(page.status).toBe(200);
    expect(page.text).toContain("delegada.norte@buscame.test");
    expect(page.text).toContain("Visitador médico");
    expect(page.text).not.toContain("paginada-0@buscame.test");
  });

  it("is for admins only: editors and readers get 403 on the pages and the API, visitors 401", async () => {
    const target = await createUser(server.ctx.db, { type: "web" });
    expect((await server.fetch("/api/admin/usuarios")).status).toBe(401);
    for (const client of [editor, reader]) {
      expect((await client.get("/api/admin/usuarios")).status).toBe(403);
      expect((await client.json(`/api/admin/usuarios/${target.id}/roles`, { role: "editor", granted: true })).status).toBe(403);
      expect((await client.json(`/api/admin/usuarios/${target.id}/bloqueo`, { blocked: true })).status).toBe(403);
      expect((await html(client, "/app/admin/usuarios")).status).toBe(403);
      expect((await postForm(client, `/app/admin/usuarios/${target.id}`, { intent: "role", role: "admin", granted: "1" })).status).toBe(
        403,
      );
    }
    const detail = await (await admin.get(`/api/admin/usuarios/${target.id}`)).json();
    expect(detail.roles).toEqual([]);
    expect(await auditOf(target.id)).toEqual([]);
  });
});

describe("granting and removing back-office roles", () => {
  it("lets an admin grant and remove a role, audited with the roles before and after", async () => {
    const target = await createUser(server.ctx.db, { type: "candidato" });
    const granted = await admin.json(`/api/admin/usuarios/${target.id}/roles`, { role: "editor", granted: true });
    expect(granted.status).toBe(200);
    expect((await granted.json()).roles).toEqual(["candidato", "editor"]);
    // The new editor reaches the newsroom at once.
    const newEditor = await new BrowserClient(server).signInAs(target.id);
    expect((await html(newEditor, "/app/admin/noticias")).status).toBe(200);

    const removed = await postForm(admin, `/app/admin/usuarios/${target.id}`, { intent: "role", role: "editor", granted: "0" });
    expect(removed.status).toBe(200);
    expect(removed.text).toContain("Rol retirado.");
    expect((await html(newEditor, "/app/admin/noticias")).status).toBe(403);

    const log = await auditOf(target.id);
    expect(log.map((row) => row.action)).toEqual(["user.role_revoke", "user.role_grant"]);
    expect(log[1]).toMatchObject({
      actorEmail: "jefa-admin@example.com",
      before: { roles: ["candidato"] },
      after: { roles: ["candidato", "editor"] },
    });
    expect(log[0]).toMatchObject({ before: { roles: ["candidato", "editor"] }, after: { roles: ["candidato"] } });
  });

  it("refuses roles outside the back office, and an admin removing their own admin role", async () => {
    const target = await createUser(server.ctx.db, { type: "web" });
    const bad = await admin.json(`/api/admin/usuarios/${target.id}/roles`, { role: "administrador_empleo", granted: true });
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors.role[0]).toBe("Elige editor, moderador o administrador.");
    const self = await admin.json(`/api/admin/usuarios/${adminId}/roles`, { role: "admin", granted: false });
    expect(self.status).toBe(409);
    expect((await self.json()).message).toContain("No puedes quitarte a ti mismo el rol de administrador");
    expect((await admin.get("/api/admin/usuarios/999999")).status).toBe(404);
    expect(await auditOf(target.id)).toEqual([]);
  });
});

describe("blocking an account", () => {
  it("ends its sessions and tokens, refuses its login with a Spanish message, and unblocking lets it back in", async () => {
    const target = await createUser(server.ctx.db, { type: "web", email: "bloqueable@example.com" });
    const browser = await new BrowserClient(server).signInAs(target.id);
    const token = await bearerTokenFor(server, target.id);
    expect((await browser.get("/api/user")).status).toBe(200);

    const blocked = await postForm(admin, `/app/admin/usuarios/${target.id}`, { intent: "block", blocked: "1" });
    expect(blocked.text).toContain("Cuenta bloqueada: sus sesiones se han cerrado.");
    expect((await browser.get("/api/user")).status).toBe(401);
    expect((await server.fetch("/api/user", { headers: { Authorization: `Bearer ${token}` } })).status).toBe(401);

    const login = await new BrowserClient(server).json("/api/login", { email: "bloqueable@example.com", password: target.password });
    expect(login.status).toBe(403);
    expect(await login.json()).toMatchObject({ code: "ACCOUNT_BLOCKED", message: ACCOUNT_MESSAGES.accountBlocked });
    const wrongPassword = await new BrowserClient(server).json("/api/login", { email: "bloqueable@example.com", password: "otra-cosa-1" });
    expect(wrongPassword.status).toBe(401); // nobody learns the account is blocked without its password

    const listed = await (await admin.get("/api/admin/usuarios?estado=bloqueado")).json();
    expect(listed.items.map((row: { id: number }) => row.id)).toContain(target.id);

    const unblocked = await admin.json(`/api/admin/usuarios/${target.id}/bloqueo`, { blocked: false });
    expect((await unblocked.json()).bloqueado).toBe(false);
    const again = await new BrowserClient(server).json("/api/login", { email: "bloqueable@example.com", password: target.password });
    expect(again.status).toBe(200);

    const log = await auditOf(target.id);
    expect(log.map((row) => row.action)).toEqual(["user.unblock", "user.block"]);
    expect(log[1]).toMatchObject({ before: { bloqueado: false }, after: { bloqueado: true, sesiones_cerradas: 2 } });
    expect((await html(admin, `/app/admin/auditoria?tipo=user&q=${target.id}`)).text).toContain("user.block");
  });

  it("shows the last sign-in and the open sign-ins, which the block closes and the audit counts alike", async () => {
    const target = await createUser(server.ctx.db, { type: "web", email: "muestra-sesiones@example.com" });
    const fresh = await (await admin.get(`/api/admin/usuarios/${target.id}`)).json();
    expect(fresh.ultimo_acceso).toBeNull();

    // One login through the API (a web session and the token issued with it) and one other browser.
    const login = await new BrowserClient(server).json("/api/login", { email: "muestra-sesiones@example.com", password: target.password });
    expect(login.status).toBe(200);
    await new BrowserClient(server).signInAs(target.id);

    const detail = await (await admin.get(`/api/admin/usuarios/${target.id}`)).json();
    expect(detail.ultimo_acceso).not.toBeNull();
    const before = await html(admin, `/app/admin/usuarios/${target.id}`);
    expect(before.text).not.toContain("Nunca");
    const shown = Number(/Sesiones abiertas<\/p><p[^>]*>(\d+)</.exec(before.text)?.[1]);
    expect(shown).toBeGreaterThanOrEqual(2);

    await postForm(admin, `/app/admin/usuarios/${target.id}`, { intent: "block", blocked: "1" });
    const after = await html(admin, `/app/admin/usuarios/${target.id}`);
    expect(after.text).toMatch(/Sesiones abiertas<\/p><p[^>]*>0</);
    // What the page (and the block's confirmation) counted is what the audit says was closed.
    const [entry] = await auditOf(target.id);
    expect(entry).toMatchObject({ action: "user.block", after: { sesiones_cerradas: shown } });
  });

  it("does not let an admin block themselves", async () => {
    const self = await admin.json(`/api/admin/usuarios/${adminId}/bloqueo`, { blocked: true });
    expect(self.status).toBe(409);
    expect((await admin.get("/api/admin/usuarios")).status).toBe(200);
  });
});
