import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "#server/accounts/factories";
import { listAuditLog } from "#server/platform/audit";
import { mailsTo } from "#tests/factories/accounts";
import { BrowserClient } from "#tests/support/browser-client";
import { startTestServer, type TestServer } from "#tests/support/test-server";

let server: TestServer;
let admin: BrowserClient;
let editor: BrowserClient;
let reader: BrowserClient;
let readerId: number;

const payload = (patch: Record<string, unknown> = {}) => ({
  valoracion: 4,
  asunto: "Buscador de ofertas",
  contenido: "Me gustaría poder filtrar las ofertas por jornada parcial.",
  pagina: "/app/empleo/p/espana",
  id_user_feedback: null,
  nombre: "Lucía Martín",
  email: "Lucia@Example.com",
  ...patch,
});

beforeAll(async () => {
  server = await startTestServer({ FEEDBACK_EMAIL: "opiniones@farmanexo.test" });
  admin = await new BrowserClient(server).signInAs((await createUser(server.ctx.db, { roles: ["admin"] })).id);
  editor = await new BrowserClient(server).signInAs((await createUser(server.ctx.db, { roles: ["editor"] })).id);
  const user = await createUser(server.ctx.db, { type: "web" });
  readerId = user.id;
  reader = await new BrowserClient(server).signInAs(user.id);
});
afterAll(() => server?.close());

describe("POST /api/feedback", () => {
  it("stores the specification's payload, ties it to the signed-in user and forwards it by e-mail", async () => {
    const response = await reader.json("/api/feedback", payload({ id_user_feedback: 999999 }));
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ message: "¡Gracias por tu opinión! La leeremos con atención." });
    const inbox = await (await admin.get("/api/admin/opiniones")).json();
    expect(inbox.items[0]).toMatchObject({
      valoracion: 4,
      asunto: "Buscador de ofertas",
      pagina: "/app/empleo/p/espana",
      id_user_feedback: readerId,
      email: "lucia@example.com",
      status: "nuevo",
    });
    const [mail] = await mailsTo(server, "opiniones@farmanexo.test", "feedback");
    expect(mail?.subject).toContain("Nueva opinión: Buscador de ofertas");
    expect(mail?.text).toContain("Me gustaría poder filtrar las ofertas por jornada parcial.");
    expect(mail?.text).toContain("Valoración: 4 de 5");
  });

  it("rejects bad input with Spanish messages per field and stores nothing", async () => {
    const before = (await (await admin.get("/api/admin/opiniones")).json()).items.length;
    const response = await new BrowserClient(server).json(
      "/api/feedback",
      payload({ valoracion: 9, asunto: "", email: "no-es-email", contenido: "corto" }),
    );
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body.errors).toMatchObject({
      valoracion: ["Elige una valoración de 1 a 5."],
      asunto: ["El asunto debe tener al menos 3 caracteres."],
      contenido: ["Tu opinión debe tener al menos 10 caracteres."],
      email: ["Escribe un e-mail válido."],
    });
    expect((await (await admin.get("/api/admin/opiniones")).json()).items.length).toBe(before);
  });

  it("answers a bot that fills the honeypot like anyone else, and keeps nothing", async () => {
    const before = (await (await admin.get("/api/admin/opiniones")).json()).items.length;
    const response = await new BrowserClient(server).json("/api/feedback", payload({ web: "http://spam.example" }));
    expect(response.status).toBe(201);
    expect((await (await admin.get("/api/admin/opiniones")).json()).items.length).toBe(before);
  });

  it("limits how often one address may send feedback", async () => {
    const limited = await startTestServer();
    try {
      const client = new BrowserClient(limited);
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await client.json("/api/feedback", payload())).status);
      expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
      expect(statuses[10]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe("the feedback inbox", () => {
  it("is for admins only: readers and editors are refused on the API and the page", async () => {
    expect((await server.fetch("/api/admin/opiniones")).status).toBe(401);
    expect((await reader.get("/api/admin/opiniones")).status).toBe(403);
    expect((await editor.get("/api/admin/opiniones")).status).toBe(403);
    expect((await editor.fetch("/app/admin/opiniones", { headers: { Accept: "text/html" } })).status).toBe(403);
    const [item] = (await (await admin.get("/api/admin/opiniones")).json()).items;
    expect((await editor.json(`/api/admin/opiniones/${item.id}`, { status: "resuelto" }, "PATCH")).status).toBe(403);
  });

  it("moves a message nuevo → leído → resuelto, audits each step, and filters by state", async () => {
    const [item] = (await (await admin.get("/api/admin/opiniones?estado=nuevo")).json()).items;
    expect((await admin.json(`/api/admin/opiniones/${item.id}`, { status: "leido" }, "PATCH")).status).toBe(200);
    const resolved = await (await admin.json(`/api/admin/opiniones/${item.id}`, { status: "resuelto" }, "PATCH")).json();
    expect(resolved.status).toBe("resuelto");
    expect((await admin.json(`/api/admin/opiniones/${item.id}`, { status: "perdido" }, "PATCH")).status).toBe(422);
    const resueltos = await (await admin.get("/api/admin/opiniones?estado=resuelto")).json();
    expect(resueltos.items.map((i: { id: number }) => i.id)).toContain(item.id);
    const log = await listAuditLog(server.ctx.db, { subjectType: "feedback" });
    const steps = log.items.filter((row) => row.subjectId === String(item.id)).map((row) => [row.before, row.after]);
    expect(steps).toEqual([
      [{ status: "leido" }, { status: "resuelto" }],
      [{ status: "nuevo" }, { status: "leido" }],
    ]);

    const page = await admin.fetch("/app/admin/opiniones", { headers: { Accept: "text/html" } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Buscador de ofertas");
  });
});
