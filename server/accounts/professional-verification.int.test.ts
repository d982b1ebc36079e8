import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, professionalVerifications } from "#server/db/schema";
import { mailsTo } from "#tests/factories/accounts";
import { notificationsOf } from "#tests/factories/notifications";
import { createProduct, MADRID } from "#tests/factories/visita";
import { BrowserClient } from "#tests/support/browser-client";
import { imageBytes, pdfBytes } from "#tests/support/files";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { createUser } from "./factories";
import { remindExpiringVerifications } from "./professional-verification.service";

// Issue 30: verified healthcare professionals, through the pages a user and a moderator use.
let server: TestServer;
let rxName: string;
type Person = { id: number; email: string; client: BrowserClient };
let moderator: Person;
let doctor: Person;

async function person(type: "web" | "visita" = "web", roles: Array<"moderador"> = []): Promise<Person> {
  const user = await createUser(server.ctx.db, { type, roles });
  return { id: user.id, email: user.email, client: await new BrowserClient(server).signInAs(user.id) };
}

beforeAll(async () => {
  server = await startTestServer();
  rxName = "Cardiopril 8 mg comprimidos";
  await createProduct(server.ctx, { name: rxName, laboratory: "Laboratorios Colegiados", prescription: "receta" });
  moderator = await person("web", ["moderador"]);
  doctor = await person();
});
afterAll(() => server?.close());

const page = (client: BrowserClient, path: string, body: FormData | URLSearchParams) =>
  client.fetch(path, { method: "POST", body, headers: { Accept: "text/html" } });

function requestForm(proof: Blob | null = new Blob([new Uint8Array(pdfBytes("Certificado de colegiación"))])) {
  const form = new FormData();
  form.set("intent", "solicitar");
  form.set("profesion", "medico");
  form.set("num_colegiado", "28/2812345");
  form.set("estado_id", String(MADRID));
  if (proof) form.set("justificante", proof, "carne.pdf");
  return form;
}
const ask = (who: Person, proof?: Blob | null) => page(who.client, "/app/cuenta/profesional", requestForm(proof));
const decide = (who: Person, id: number, fields: Record<string, string>) =>
  page(who.client, "/app/admin/profesionales", new URLSearchParams({ intent: "decidir", id: String(id), ...fields }));
const requestOf = async (userId: number) => {
  const [row] = await server.ctx.db
    .select()
    .from(professionalVerifications)
    .where(eq(professionalVerifications.userId, userId))
    .orderBy(professionalVerifications.id);
  if (!row) throw new Error(`no request of user ${userId}`);
  return row;
};
const authUser = async (who: Person) => (await (await who.client.get("/api/user")).json()) as { profesional_verificado: boolean };
/** The prescription-only medicine's detail as the catalogue search gives it to this client (null behind the gate). */
async function rxDetail(who: Person) {
  const response = await who.client.get(`/api/visita/productos?q=${encodeURIComponent(rxName)}`);
  const result = (await response.json()) as { items: Array<{ nombre: string; detalle: unknown }> };
  return result.items.find((item) => item.nombre === rxName)?.detalle ?? null;
}

describe("asking to be verified", () => {
  it("needs a proof that really is a PDF or an image, and keeps one open request at a time", async () => {
    const asker = await person();
    const missing = await ask(asker, null);
    expect(missing.status).toBe(422);
    expect(await missing.text()).toContain("Adjunta tu carné de colegiado o un certificado");
    const html = await ask(asker, new Blob(["<html><script>alert(1)</script></html>"]));
    expect(html.status).toBe(422);
    expect(await html.text()).toContain("El justificante debe ser un archivo PDF, PNG, JPEG, WEBP.");
    expect((await ask(asker, new Blob([new Uint8Array(await imageBytes(400, 300, "jpeg"))]))).status).toBe(200);
    const second = await ask(asker);
    expect(second.status).toBe(409);
    expect(await second.text()).toContain("Ya tienes una solicitud pendiente");
    const state = await (await asker.client.fetch("/app/cuenta/profesional", { headers: { Accept: "text/html" } })).text();
    expect(state).toContain("Solicitud pendiente");
    expect((await requestOf(asker.id)).proofKey).toMatch(/^proofs\/.+\.webp$/);
  });
});

describe("the moderators' queue", () => {
  let requestId: number;
  beforeAll(async () => {
    expect((await ask(doctor)).status).toBe(200);
    requestId = (await requestOf(doctor.id)).id;
  });

  it("is shown, with its proof, only to moderators", async () => {
    const anonymous = new BrowserClient(server);
    const queue = await anonymous.fetch("/app/admin/profesionales", { headers: { Accept: "text/html" }, redirect: "manual" });
    expect([302, 303]).toContain(queue.status);
    expect((await doctor.client.fetch("/app/admin/profesionales", { headers: { Accept: "text/html" } })).status).toBe(403);
    const shown = await moderator.client.fetch("/app/admin/profesionales", { headers: { Accept: "text/html" } });
    expect(shown.status).toBe(200);
    const html = await shown.text();
    expect(html).toContain(doctor.email);
    expect(html).toContain("28/2812345");

    const proofPath = `/api/admin/profesionales/${requestId}/justificante`;
    expect((await anonymous.get(proofPath)).status).toBe(401);
    expect((await doctor.client.get(proofPath)).status).toBe(403);
    expect(
      (
        await doctor.client.fetch("/app/admin/profesionales", {
          method: "POST",
          body: new URLSearchParams({ intent: "decidir", id: String(requestId), decision: "aprobar" }),
          headers: { Accept: "text/html" },
        })
      ).status,
    ).toBe(403);
    const proof = await moderator.client.get(proofPath);
    expect(proof.status).toBe(200);
    expect(proof.headers.get("content-type")).toBe("application/pdf");
    expect(proof.headers.get("cache-control")).toContain("no-store");
    expect(
      Buffer.from(await proof.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
  });

  it("never lets a moderator decide their own request", async () => {
    expect((await ask(moderator)).status).toBe(200);
    const own = await requestOf(moderator.id);
    expect((await decide(moderator, own.id, { decision: "aprobar" })).status).toBe(403);
    expect((await requestOf(moderator.id)).status).toBe("pendiente");
    expect(await (await moderator.client.get("/api/user")).json()).toMatchObject({ profesional_verificado: false });
  });

  it("approves: audited, the user told, the proof deleted, the badge and no gate on any device", async () => {
    expect(await rxDetail(doctor)).toBeNull();
    expect(await authUser(doctor)).toMatchObject({ profesional_verificado: false });
    const { proofKey } = await requestOf(doctor.id);
    const approved = await decide(moderator, requestId, { decision: "aprobar" });
    expect(approved.status).toBe(200);

    const row = await requestOf(doctor.id);
    expect(row).toMatchObject({ status: "aprobada", reviewerId: moderator.id, proofKey: null });
    await expect(server.ctx.storage.read(proofKey as string)).rejects.toMatchObject({ status: 404 });
    expect((await moderator.client.get(`/api/admin/profesionales/${requestId}/justificante`)).status).toBe(404);
    const audit = await server.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, "professional_verification"), eq(auditLog.subjectId, String(requestId))));
    expect(audit).toMatchObject([{ action: "professional.approve", actorId: moderator.id }]);
    const [mail] = await mailsTo(server, doctor.email, "professional_verification_approved");
    expect(mail?.text).toContain("Profesional verificado");
    expect((await notificationsOf(doctor.client)).items[0]).toMatchObject({
      kind: "professional_verification",
      text: "Hemos verificado que eres profesional sanitario.",
      link: "/app/cuenta/profesional",
      read: false,
    });

    expect(await authUser(doctor)).toMatchObject({ profesional_verificado: true, profesional_sanitario: 1 });
    // Another device: a new session, no gate cookie, no self-declaration.
    const otherDevice = { ...doctor, client: await new BrowserClient(server).signInAs(doctor.id) };
    expect(await rxDetail(otherDevice)).not.toBeNull();
    const state = await (await doctor.client.fetch("/app/cuenta/profesional", { headers: { Accept: "text/html" } })).text();
    expect(state).toContain("Profesional verificado");
    expect(state).toContain("Tu verificación vale hasta el");
    // The colegiado number is never in what others get: the chat's view of the doctor.
    const rep = await person("visita");
    const started = await rep.client.json("/api/chat/conversations", { user_id: doctor.id, client_id: randomUUID(), body: "Hola" });
    expect(started.status).toBe(201);
    const body = (await started.json()) as { conversation: { other: Record<string, unknown> } };
    expect(body.conversation.other).toMatchObject({ profesional_verificado: true });
    expect(JSON.stringify(body)).not.toContain("2812345");
  });

  it("rejects with a reason: the user stays gated, without the badge, and is told why", async () => {
    const asker = await person();
    expect((await ask(asker)).status).toBe(200);
    const { id, proofKey } = await requestOf(asker.id);
    const missingReason = await decide(moderator, id, { decision: "rechazar" });
    expect(missingReason.status).toBe(422);
    const rejected = await decide(moderator, id, {
      decision: "rechazar",
      motivo: "no_coincide",
      comentario: "El número no es el del carné.",
    });
    expect(rejected.status).toBe(200);
    expect(await requestOf(asker.id)).toMatchObject({ status: "rechazada", rejectionReason: "no_coincide", proofKey: null });
    await expect(server.ctx.storage.read(proofKey as string)).rejects.toMatchObject({ status: 404 });
    expect(await rxDetail(asker)).toBeNull();
    expect(await authUser(asker)).toMatchObject({ profesional_verificado: false, profesional_sanitario: 0 });
    const [mail] = await mailsTo(server, asker.email, "professional_verification_rejected");
    expect(mail?.text).toContain("Los datos no coinciden con el justificante");
    expect(mail?.text).toContain("El número no es el del carné.");
    expect((await notificationsOf(asker.client)).items[0]?.text).toBe(
      "No hemos podido verificar que eres profesional sanitario. Motivo: Los datos no coinciden con el justificante.",
    );
    const [audit] = await server.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, String(id)));
    expect(audit).toMatchObject({ action: "professional.reject", actorId: moderator.id });
    // A rejected user may ask again.
    expect((await ask(asker)).status).toBe(200);
  });

  it("expires after a year: a reminder a month before, then the gate and no badge", async () => {
    const user = await person();
    expect((await ask(user)).status).toBe(200);
    const { id } = await requestOf(user.id);
    expect((await decide(moderator, id, { decision: "aprobar" })).status).toBe(200);
    const inTenDays = new Date(Date.now() + 10 * 24 * 60 * 60 * 1000);
    await server.ctx.db.update(professionalVerifications).set({ validUntil: inTenDays }).where(eq(professionalVerifications.id, id));
    await remindExpiringVerifications(server.ctx);
    await remindExpiringVerifications(server.ctx);
    expect(await mailsTo(server, user.email, "professional_verification_expiring")).toHaveLength(1);
    expect(await rxDetail(user)).not.toBeNull();

    await server.ctx.db
      .update(professionalVerifications)
      .set({ validUntil: new Date(Date.now() - 1000) })
      .where(eq(professionalVerifications.id, id));
    expect(await rxDetail(user)).toBeNull();
    expect(await authUser(user)).toMatchObject({ profesional_verificado: false });
    const state = await (await user.client.fetch("/app/cuenta/profesional", { headers: { Accept: "text/html" } })).text();
    expect(state).toContain("Verificación caducada");
  });
});
