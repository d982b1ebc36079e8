import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, DEFAULT_TEST_PASSWORD } from "#server/accounts/factories";
import { candidaturas, chatMessages, ofertas, ofertasGuardadas, users } from "#server/db/schema";
import { chatPerson, startChat } from "#tests/factories/chat";
import { createCandidate, createCompany, insertOffer, PDF_BYTES } from "#tests/factories/jobs";
import { BrowserClient } from "#tests/support/browser-client";
import { readZip } from "#tests/support/read-zip";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { runRetention } from "./privacy";

// Issue 27 point 3 (docs/privacy-rules.md): the export holds every row and file about the user;
// erasing an account deletes, anonymises or keeps each thing as the rules say; the retention job
// anonymises old applications and erases accounts never verified.

let server: TestServer;
let company: BrowserClient;
let offerId: number;
const MONTH = 30 * 86_400_000;
const MESSAGE = "Hola, ¿hablamos de la oferta? (mensaje para exportar)";

const apply = (client: BrowserClient, id: number, carta = "Me encantaría formar parte del equipo.") => {
  const body = new FormData();
  body.set("cv", new Blob([PDF_BYTES as Uint8Array<ArrayBuffer>]), "mi-cv.pdf");
  body.set("carta", carta);
  return client.fetch(`/api/empleo/ofertas/${id}/candidaturas`, { method: "POST", body });
};

/** A candidate who applied (with a CV), saved the offer and wrote to someone in the chat. */
async function activeCandidate(nombre: string) {
  const user = await createCandidate(server.ctx, { nombre, apellidos: "Prueba" });
  const client = await new BrowserClient(server).signInAs(user.id);
  expect((await apply(client, offerId, `Carta de ${nombre}: me encantaría formar parte del equipo.`)).status).toBe(201);
  expect((await client.fetch(`/api/empleo/ofertas/${offerId}/guardada`, { method: "PUT" })).status).toBe(204);
  const partner = await chatPerson(server, { type: "visita", nombre: "Paula", apellidos: "Compañera" });
  const person = { id: user.id, email: user.email, client };
  const conversationId = await startChat(person, partner, MESSAGE);
  return { user, client, partner, conversationId };
}

beforeAll(async () => {
  server = await startTestServer();
  const owner = await createCompany(server.ctx, "Laboratorios Privacidad");
  company = await new BrowserClient(server).signInAs(owner.user.id);
  offerId = (await insertOffer(server.ctx, owner.empresa.id, { titulo: "Delegada de ventas en Madrid" })).id;
});
afterAll(() => server?.close());

describe("the data export", () => {
  it("is a ZIP with the application, its CV file, the chat message and the saved offer", async () => {
    const { client } = await activeCandidate("Ana");
    const response = await client.get("/api/user/export");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toMatch(/attachment; filename="mis-datos-\d+\.zip"/);
    const zip = await readZip(Buffer.from(await response.arrayBuffer()));
    const data = JSON.parse(zip.get("datos.json")?.toString() ?? "{}");
    expect(data.profile).toMatchObject({ nombre: "Ana", apellidos: "Prueba" });
    expect(data.profile).not.toHaveProperty("passwordHash");
    const [application] = data.empleo.candidaturas;
    expect(application).toMatchObject({
      oferta: "Delegada de ventas en Madrid",
      carta: "Carta de Ana: me encantaría formar parte del equipo.",
    });
    expect(zip.get(`archivos/${application.cv_archivo}`)?.equals(Buffer.from(PDF_BYTES))).toBe(true);
    expect(data.empleo.ofertas_guardadas).toMatchObject([{ oferta_id: offerId, oferta: "Delegada de ventas en Madrid" }]);
    expect(data.chat.conversaciones).toMatchObject([{ con: "Paula Compañera", iniciada_por_ti: true }]);
    expect(data.chat.mensajes).toMatchObject([{ tuyo: true, texto: MESSAGE }]);
    expect(data.archivos_no_disponibles).toEqual([]);
  });

  it("needs a session", async () => {
    expect((await server.fetch("/api/user/export")).status).toBe(401);
  });
});

describe("erasing an account", () => {
  it("leaves the chat partner the conversation with «Usuario eliminado» and the employer an anonymised application", async () => {
    const { user, client, partner, conversationId } = await activeCandidate("Berta");
    const [stored] = await server.ctx.db.select().from(candidaturas).where(eq(candidaturas.userId, user.id));
    const deleted = await client.fetch("/api/user", {
      method: "DELETE",
      body: JSON.stringify({ password: DEFAULT_TEST_PASSWORD }),
      headers: { "Content-Type": "application/json" },
    });
    expect(deleted.status).toBe(204);
    expect((await client.get("/api/user")).status).toBe(401);

    // The partner keeps the conversation, with the account's name gone.
    const conversation = await (await partner.client.get(`/api/chat/conversations/${conversationId}`)).json();
    expect(JSON.stringify(conversation)).toContain("Usuario eliminado");
    expect(JSON.stringify(conversation)).not.toContain("Berta");
    const [message] = await server.ctx.db.select().from(chatMessages).where(eq(chatMessages.conversationId, conversationId));
    expect(message?.body).toBe(MESSAGE);

    // The employer keeps that an application came, never who sent it nor the CV.
    const applicants = await (await company.get(`/api/empleo/panel/ofertas/${offerId}/candidaturas`)).text();
    expect(applicants).toContain("Usuario eliminado");
    expect(applicants).not.toContain("Berta");
    expect(applicants).not.toContain("Carta de Berta");
    expect((await company.get(`/api/empleo/panel/candidaturas/${stored?.id}/cv`)).status).toBe(410);
    await expect(server.ctx.storage.read(stored?.cvKey ?? "")).rejects.toMatchObject({ status: 404 });

    // Nothing else of theirs stays: no saved offer, no e-mail, no password.
    expect(await server.ctx.db.select().from(ofertasGuardadas).where(eq(ofertasGuardadas.userId, user.id))).toEqual([]);
    const [tombstone] = await server.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(tombstone).toMatchObject({ nombre: "Usuario eliminado", apellidos: null, passwordHash: null, telefono: null });
    expect(tombstone?.email).not.toContain(user.email.split("@")[0]);
    expect(tombstone?.deletedAt).toBeInstanceOf(Date);
  });

  it("deletes the row itself when nobody else's record refers to it", async () => {
    const user = await createUser(server.ctx.db, { type: "web" });
    const client = await new BrowserClient(server).signInAs(user.id);
    const deleted = await client.fetch("/api/user", {
      method: "DELETE",
      body: JSON.stringify({ password: DEFAULT_TEST_PASSWORD }),
      headers: { "Content-Type": "application/json" },
    });
    expect(deleted.status).toBe(204);
    expect(await server.ctx.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
  });
});

describe("the retention job", () => {
  it("anonymises applications to offers closed over 24 months ago and erases accounts unverified for 30 days", async () => {
    const owner = await createCompany(server.ctx, "Laboratorios Antiguos");
    const oldOffer = await insertOffer(server.ctx, owner.empresa.id, { titulo: "Oferta antigua" });
    const recentOffer = await insertOffer(server.ctx, owner.empresa.id, { titulo: "Oferta reciente" });
    const candidate = await createCandidate(server.ctx, { nombre: "Carmen" });
    const client = await new BrowserClient(server).signInAs(candidate.id);
    expect((await apply(client, oldOffer.id)).status).toBe(201);
    expect((await apply(client, recentOffer.id)).status).toBe(201);
    await server.ctx.db
      .update(ofertas)
      .set({ status: "cerrada", closedAt: new Date(Date.now() - 25 * MONTH) })
      .where(eq(ofertas.id, oldOffer.id));
    await server.ctx.db
      .update(ofertas)
      .set({ status: "cerrada", closedAt: new Date(Date.now() - 23 * MONTH) })
      .where(eq(ofertas.id, recentOffer.id));
    const stale = await createUser(server.ctx.db, { type: "web", verified: false });
    const fresh = await createUser(server.ctx.db, { type: "web", verified: false });
    await server.ctx.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(users.id, stale.id));

    const done = await runRetention(server.ctx);
    expect(done).toMatchObject({ anonymisedApplications: 1, erasedAccounts: 1 });
    const rows = await server.ctx.db.select().from(candidaturas).where(eq(candidaturas.userId, candidate.id));
    const old = rows.find((row) => row.ofertaId === oldOffer.id);
    const recent = rows.find((row) => row.ofertaId === recentOffer.id);
    expect(old).toMatchObject({ carta: "", cvKey: "", respuestas: [] });
    expect(old?.anonymisedAt).toBeInstanceOf(Date);
    expect(recent).toMatchObject({ carta: "Me encantaría formar parte del equipo.", anonymisedAt: null });
    expect(await server.ctx.db.select().from(users).where(eq(users.id, stale.id))).toEqual([]);
    expect(await server.ctx.db.select({ id: users.id }).from(users).where(eq(users.id, fresh.id))).toEqual([{ id: fresh.id }]);

    // A second pass finds nothing left to do.
    expect(await runRetention(server.ctx)).toEqual({
      anonymisedApplications: 0,
      erasedAccounts: 0,
      prunedFigures: 0,
      closedProfiles: 0,
      prunedConsents: 0,
    });
  });
});
