import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "#server/accounts/factories";
import { notifications, promotions } from "#server/db/schema";
import { warnExpiringPromotions } from "#server/visita/promotion-expiry";
import { ChatSocket, chatPerson, startChat } from "#tests/factories/chat";
import { createCandidate, createCompany, insertOffer, mailsTo, PDF_BYTES } from "#tests/factories/jobs";
import { bellOf, notificationsOf, setChannels } from "#tests/factories/notifications";
import { createProduct } from "#tests/factories/visita";
import { BrowserClient } from "#tests/support/browser-client";
import { testDbKind } from "#tests/support/databases";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { notify } from "./notify";

let server: TestServer;

function applicationForm() {
  const body = new FormData();
  body.set("cv", new Blob([PDF_BYTES as Uint8Array<ArrayBuffer>]), "cv.pdf");
  body.set("carta", "Me encantaría formar parte del equipo.");
  return body;
}

/** A company with an offer, and a candidate who applied to it. */
async function applied(target = server) {
  const owner = await createCompany(target.ctx, "Laboratorios Avisos");
  const company = await new BrowserClient(target).signInAs(owner.user.id);
  const candidateUser = await createCandidate(target.ctx, { nombre: "Ana", apellidos: "Avisada" });
  const candidate = await new BrowserClient(target).signInAs(candidateUser.id);
  const offer = await insertOffer(target.ctx, owner.empresa.id, { titulo: "Delegada de zona norte" });
  const response = await candidate.fetch(`/api/empleo/ofertas/${offer.id}/candidaturas`, { method: "POST", body: applicationForm() });
  expect(response.status).toBe(201);
  const applicationId = ((await response.json()) as { id: number }).id;
  return { company, companyEmail: owner.user.email, candidate, candidateEmail: candidateUser.email, offer, applicationId };
}

const move = (company: BrowserClient, applicationId: number, status: string) =>
  company.json(`/api/empleo/panel/candidaturas/${applicationId}/estado`, { status }, "PUT");

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe("notifications written with their event", () => {
  it("tells the company of an application and the candidate of each move, with links; reading clears the bell", async () => {
    const { company, candidate, offer, applicationId } = await applied();
    const received = await notificationsOf(company);
    expect(received.items[0]).toMatchObject({
      kind: "application_received",
      text: "Ana Avisada se ha inscrito en «Delegada de zona norte».",
      link: `/app/empleo/panel/ofertas/${offer.id}/candidatos`,
      read: false,
    });
    expect(await bellOf(candidate)).toBe(0);
    expect((await move(company, applicationId, "en_proceso")).status).toBe(200);
    const page = await notificationsOf(candidate);
    expect(page.unread).toBe(1);
    expect(page.items[0]).toMatchObject({ kind: "application_status", link: "/app/empleo/candidaturas", read: false });
    expect(page.items[0]?.text).toContain("«Delegada de zona norte»");
    expect(await bellOf(candidate)).toBe(1);
    expect((await candidate.json("/api/notifications/read", {})).status).toBe(204);
    expect(await bellOf(candidate)).toBe(0);
    expect((await notificationsOf(candidate)).items[0]?.read).toBe(true);
  });

  it("writes nothing when the event's transaction rolls back", async () => {
    const user = await createUser(server.ctx.db);
    const failing = server.ctx.db.transaction(async (tx) => {
      await notify(server.ctx, tx, { userId: user.id, kind: "application_status", text: "No debería existir", link: null });
      throw new Error("the event failed");
    });
    await expect(failing).rejects.toThrow("the event failed");
    const client = await new BrowserClient(server).signInAs(user.id);
    expect((await notificationsOf(client)).items).toEqual([]);
    // A refused move (not an allowed transition) notifies no one either.
    const { company, candidate, applicationId } = await applied();
    expect((await move(company, applicationId, "finalista")).status).toBe(409);
    expect((await notificationsOf(candidate)).items).toEqual([]);
  });

  it("tells the recipient of a chat request, not when they blocked the sender; and a reporter when the report is handled", async () => {
    const ana = await chatPerson(server, { nombre: "Ana", apellidos: "Chat" });
    const bruno = await chatPerson(server);
    const conversationId = await startChat(ana, bruno);
    expect((await notificationsOf(bruno.client)).items[0]).toMatchObject({
      kind: "chat_request",
      text: "Ana Chat quiere hablar contigo por el chat.",
      link: `/app/chat/${conversationId}`,
    });
    const carla = await chatPerson(server);
    expect((await carla.client.fetch(`/api/chat/blocks/${ana.id}`, { method: "PUT" })).status).toBe(204);
    await startChat(ana, carla);
    expect((await notificationsOf(carla.client)).items).toEqual([]);

    const moderator = await chatPerson(server, { roles: ["moderador"] });
    const report = await bruno.client.json("/api/chat/reports", { conversation_id: conversationId, reason: "acoso" });
    const reportId = ((await report.json()) as { id: number }).id;
    expect((await moderator.client.json(`/api/admin/chat/reports/${reportId}/resolve`, { action: "dismiss" })).status).toBeLessThan(300);
    const kinds = (await notificationsOf(bruno.client)).items.map((item) => item.kind);
    expect(kinds).toContain("report_handled");
  });

  it("warns the author once of a promotion ending within 3 days", async () => {
    const author = await createUser(server.ctx.db, { type: "visita", roles: ["visitador_farmaceutico"] });
    const product = await createProduct(server.ctx);
    const now = new Date();
    await server.ctx.db.insert(promotions).values({
      productId: product.id,
      authorId: author.id,
      kind: "descuento",
      title: "Descuento de otoño",
      description: "Un 10 % en la primera compra.",
      startsAt: new Date(now.getTime() - 86_400_000),
      endsAt: new Date(now.getTime() + 2 * 86_400_000 + 3_600_000),
      status: "activa",
    });
    expect(await warnExpiringPromotions(server.ctx, now)).toBe(1);
    expect(await warnExpiringPromotions(server.ctx, now)).toBe(0);
    const client = await new BrowserClient(server).signInAs(author.id);
    const page = await notificationsOf(client);
    expect(page.items.map((item) => item.text)).toEqual(["Tu promoción «Descuento de otoño» caduca en 3 días."]);
  });

  it("pages the list 20 at a time, newest first", async () => {
    const user = await createUser(server.ctx.db);
    await server.ctx.db
      .insert(notifications)
      .values(
        Array.from({ length: 25 }, (_, i) => ({ userId: user.id, kind: "alert_matches" as const, text: `Aviso ${i + 1}`, link: null })),
      );
    const client = await new BrowserClient(server).signInAs(user.id);
    const first = await notificationsOf(client);
    expect(first.items).toHaveLength(20);
    expect(first.items[0]?.text).toBe("Aviso 25");
    const second = await notificationsOf(client, first.next_before ?? undefined);
    expect(second.items.map((item) => item.text)).toEqual(["Aviso 5", "Aviso 4", "Aviso 3", "Aviso 2", "Aviso 1"]);
    expect(second.next_before).toBeNull();
    expect((await client.get("/api/notifications?before=abc")).status).toBe(422);
    expect((await server.fetch("/api/notifications")).status).toBe(401);
  });
});

describe("preferences per channel", () => {
  it("leaves the bell and the e-mail out when the candidate turned them off for application updates", async () => {
    const { company, candidate, candidateEmail, applicationId } = await applied();
    await setChannels(candidate, "application_status", { in_app: false, push: false, email: false });
    const mailsBefore = (await mailsTo(server.ctx, candidateEmail)).length;
    expect((await move(company, applicationId, "en_proceso")).status).toBe(200);
    expect(await bellOf(candidate)).toBe(0);
    expect((await notificationsOf(candidate)).items).toEqual([]);
    expect(await mailsTo(server.ctx, candidateEmail)).toHaveLength(mailsBefore);

    await setChannels(candidate, "application_status", { in_app: true, push: false, email: true });
    expect((await move(company, applicationId, "finalista")).status).toBe(200);
    expect(await bellOf(candidate)).toBe(1);
    expect(await mailsTo(server.ctx, candidateEmail)).toHaveLength(mailsBefore + 1);
  });

  it("refuses an unknown kind with a Spanish message", async () => {
    const client = await new BrowserClient(server).signInAs((await createUser(server.ctx.db)).id);
    const response = await client.json(
      "/api/notifications/preferences",
      { kinds: [{ kind: "nada", in_app: true, push: true, email: true }] },
      "PUT",
    );
    expect(response.status).toBe(422);
    expect(JSON.stringify(await response.json())).toContain("Tipo de notificación desconocido.");
  });
});

describe("the live count", () => {
  it("reaches the candidate's open socket when the company moves the application", async () => {
    const { company, candidate, applicationId } = await applied();
    const userId = ((await (await candidate.get("/api/user")).json()) as { id: number }).id;
    const socket = await ChatSocket.open(server, userId);
    socket.send({ type: "notifications.sync" });
    await socket.waitFor((frame) => frame.type === "notifications.count" && frame.unread === 0);
    expect((await move(company, applicationId, "en_proceso")).status).toBe(200);
    await socket.waitFor((frame) => frame.type === "notifications.count" && frame.unread === 1);
    expect((await candidate.json("/api/notifications/read", {})).status).toBe(204);
    await socket.waitFor((frame) => frame.type === "notifications.count" && frame.unread === 0 && socket.frames.length > 2);
    socket.close();
  });
});

// Only PostgreSQL is shared between two instances.
describe.skipIf(testDbKind() !== "postgres")("the live count across two instances", () => {
  let second: TestServer;
  beforeAll(async () => {
    second = await startTestServer({}, { shareDatabaseWith: server });
  });
  afterAll(() => second?.close());

  it("reaches a socket on the other instance than the one that wrote the notification", async () => {
    const { company, candidate, applicationId } = await applied();
    const userId = ((await (await candidate.get("/api/user")).json()) as { id: number }).id;
    const socket = await ChatSocket.open(second, userId);
    expect((await move(company, applicationId, "en_proceso")).status).toBe(200);
    await socket.waitFor((frame) => frame.type === "notifications.count" && frame.unread === 1);
    socket.close();
  });
});
