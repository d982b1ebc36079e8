import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "#server/accounts/factories";
import { DEMO_PASSWORD } from "#server/accounts/seed";
import { listAuditLog } from "#server/platform/audit";
import { BrowserClient } from "#tests/support/browser-client";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { createAdmin } from "./bootstrap";
import { DEMO_BACKOFFICE_ACCOUNTS, seedBackofficeDemo } from "./seed";

let server: TestServer;
let reader: BrowserClient;
let editor: BrowserClient;
let admin: BrowserClient;

beforeAll(async () => {
  server = await startTestServer();
  reader = await new BrowserClient(server).signInAs((await createUser(server.ctx.db, { type: "web" })).id);
  editor = await new BrowserClient(server).signInAs((await createUser(server.ctx.db, { roles: ["editor"] })).id);
  admin = await new BrowserClient(server).signInAs((await createUser(server.ctx.db, { roles: ["admin"] })).id);
});
afterAll(() => server?.close());

const page = (client: BrowserClient | TestServer, path: string) => client.fetch(path, { headers: { Accept: "text/html" } });

describe("the back-office shell", () => {
  it("sends anonymous visitors to login with the way back, and shows readers the 403 page", async () => {
    const anonymous = await page(server, "/app/admin/auditoria?q=x");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe(`/app/auth/login?redirect_url=${encodeURIComponent("/app/admin/auditoria?q=x")}`);
    const forbidden = await page(reader, "/app/admin");
    expect(forbidden.status).toBe(403);
    expect(await forbidden.text()).toContain("No tienes acceso a esta página");
    expect((await reader.get("/api/admin/auditoria")).status).toBe(403);
    expect((await server.fetch("/api/admin/auditoria")).status).toBe(401);
  });

  it("shows each role only its sections: an editor cannot open the audit log", async () => {
    const home = await page(editor, "/app/admin");
    expect(home.status).toBe(200);
    expect(home.headers.get("cache-control")).toBe("private, no-store");
    expect(await home.text()).not.toContain("Auditoría");
    expect((await page(editor, "/app/admin/auditoria")).status).toBe(403);
    expect((await editor.get("/api/admin/auditoria")).status).toBe(403);
    const adminHome = await (await page(admin, "/app/admin")).text();
    expect(adminHome).toContain("Auditoría");
  });

  it("admin:create grants the admin role to an existing account, creates a missing one, and audits both", async () => {
    const existing = await createUser(server.ctx.db, { type: "web" });
    const granted = await createAdmin(server.ctx, ` ${existing.email.toUpperCase()} `);
    expect(granted).toMatchObject({ userId: existing.id, created: false, alreadyAdmin: false, password: null });
    expect(await createAdmin(server.ctx, existing.email)).toMatchObject({ alreadyAdmin: true });

    const fresh = await createAdmin(server.ctx, "nueva-admin@example.com");
    expect(fresh.created).toBe(true);
    expect(fresh.password).toMatch(/^[\w-]{16}$/);
    const login = await new BrowserClient(server).json("/api/login", { email: "nueva-admin@example.com", password: fresh.password });
    expect(login.status).toBe(200);
    expect((await login.json()).user.roles).toMatchObject({ admin: 1 });

    const log = await listAuditLog(server.ctx.db, { subjectType: "user" });
    const subjects = log.items.filter((row) => row.action === "user.role_grant").map((row) => Number(row.subjectId));
    expect(subjects).toEqual(expect.arrayContaining([existing.id, fresh.userId]));
    expect(subjects.filter((id) => id === existing.id)).toHaveLength(1);

    const api = await (await admin.get("/api/admin/auditoria?tipo=user")).json();
    expect(api.items[0]).toMatchObject({ action: "user.role_grant", subject_type: "user", actor_email: null });
    const html = await (await page(admin, "/app/admin/auditoria")).text();
    expect(html).toContain("user.role_grant");
  });

  it("rejects a malformed e-mail for admin:create", async () => {
    await expect(createAdmin(server.ctx, "no-es-un-email")).rejects.toThrow();
  });
});

describe("back-office demo accounts", () => {
  it("gives each back-office role a demo account that signs in with the documented password", async () => {
    await seedBackofficeDemo(server.ctx);
    await seedBackofficeDemo(server.ctx); // a second run changes nothing
    for (const demo of DEMO_BACKOFFICE_ACCOUNTS) {
      const response = await new BrowserClient(server).json("/api/login", { email: demo.email, password: DEMO_PASSWORD });
      expect(response.status, demo.email).toBe(200);
      expect((await response.json()).user.roles).toMatchObject({ [demo.role]: 1 });
    }
  });
});
