import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "#server/accounts/factories";
import { feedback } from "#server/db/schema";
import { BrowserClient } from "#tests/support/browser-client";
import { startTestServer, type TestServer } from "#tests/support/test-server";

// The operator's dashboard (decisions 0099, 0115): administrators see the service's state with the
// figures the database and this instance's heartbeat hold; anyone else gets the 403 page.

let server: TestServer;
let admin: BrowserClient;
let editor: BrowserClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = await new BrowserClient(server).signInAs((await createUser(server.ctx.db, { roles: ["admin"] })).id);
  editor = await new BrowserClient(server).signInAs((await createUser(server.ctx.db, { roles: ["editor"] })).id);
});
afterAll(() => server?.close());

const page = (client: BrowserClient | TestServer, path = "/app/admin/operaciones") =>
  client.fetch(path, { headers: { Accept: "text/html" } });
const textOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;|\u00a0/g, " ")
    .replace(/\s+/g, " ");

describe("the operator's dashboard", () => {
  it("shows an administrator the queues, mail, sizes and this instance with its jobs, from real figures", async () => {
    await server.ctx.db.insert(feedback).values(
      [1, 2, 3].map((n) => ({
        valoracion: 4,
        asunto: `Opinión ${n}`,
        contenido: "Todo bien.",
        pagina: "/app",
        nombre: "Ana",
        email: `opina-${n}@example.test`,
      })),
    );
    const response = await page(admin);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const text = textOf(await response.text());
    expect(text).toContain("Operaciones");
    expect(text).toMatch(/Opiniones nuevas 3 Revisar/);
    expect(text).toMatch(/Denuncias del chat 0 Revisar/);
    expect(text).toMatch(/Correo saliente Pendientes: \d+ Fallidos: \d+/);
    // The database's own size (a real database is never empty) and the uploads directory's.
    expect(text).toMatch(/Base de datos [\d,]+ (KB|MB|GB)/);
    expect(text).toMatch(/Ficheros subidos [\d,]+ (KB|MB|GB)/);
    expect(text).not.toMatch(/Base de datos 0 KB/);
    // This instance reported at start: its version, its state and its background jobs.
    expect(text).toMatch(/versión \S+ En marcha/);
    expect(text).toContain("caché de páginas");
    expect(text).toMatch(/Tarea Último éxito Fallos/);
    // Each background job by what it does, in Spanish.
    expect(text).toContain("Aviso de la instancia");
    expect(text).not.toMatch(/\bheartbeat\b/);
    // Jobs whose last run succeeded show no failed run.
    expect(text).not.toContain("Última ejecución");
    expect(text).not.toContain("Ninguna instancia ha informado todavía.");
  });

  it("answers 403 to a signed-in user without the administration task, and sends anonymous visitors to log in", async () => {
    const forbidden = await page(editor);
    expect(forbidden.status).toBe(403);
    expect(await forbidden.text()).toContain("No tienes acceso a esta página");
    const anonymous = await page(server);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toContain("/app/auth/login?redirect_url=");
  });
});
