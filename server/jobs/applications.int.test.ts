import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "#server/accounts/factories";
import { addCandidatoRole } from "#server/accounts/profile.service";
import { createCandidate, createCompany, docxBytes, insertOffer, MADRID, mailsTo, PDF_BYTES } from "#tests/factories/jobs";
import { BrowserClient } from "#tests/support/browser-client";
import { ZIP_SIGNATURE_THEN_HTML } from "#tests/support/files";
import { startTestServer, type TestServer } from "#tests/support/test-server";

let server: TestServer;
let company: BrowserClient;
let rival: BrowserClient;
let ana: BrowserClient;
let anaEmail: string;
let luis: BrowserClient;
let offerId: number;
let companyEmail: string;

function form(file: Uint8Array | null, name = "cv.pdf", carta = "Me encantaría formar parte del equipo.") {
  const body = new FormData();
  if (file) body.set("cv", new Blob([file as Uint8Array<ArrayBuffer>]), name);
  body.set("carta", carta);
  return body;
}

const apply = (client: BrowserClient, id: number, body: FormData) =>
  client.fetch(`/api/empleo/ofertas/${id}/candidaturas`, { method: "POST", body });

beforeAll(async () => {
  server = await startTestServer({ MAX_UPLOAD_MB: "1" });
  const owner = await createCompany(server.ctx, "Laboratorios Candidaturas");
  companyEmail = owner.user.email;
  company = await new BrowserClient(server).signInAs(owner.user.id);
  rival = await new BrowserClient(server).signInAs((await createCompany(server.ctx)).user.id);
  const anaUser = await createCandidate(server.ctx, { nombre: "Ana", apellidos: "Núñez Ortega" });
  anaEmail = anaUser.email;
  ana = await new BrowserClient(server).signInAs(anaUser.id);
  luis = await new BrowserClient(server).signInAs((await createCandidate(server.ctx, { nombre: "Luis" })).id);
  offerId = (await insertOffer(server.ctx, owner.empresa.id, { titulo: "Técnico de farmacovigilancia" })).id;
});
afterAll(() => server?.close());

describe("one account, several roles", () => {
  it("lets a web account add the candidate role, then apply; nobody applies to their own company", async () => {
    const professional = await createUser(server.ctx.db, { type: "web", nombre: "Pilar" });
    const client = await new BrowserClient(server).signInAs(professional.id);
    const offer = (await insertOffer(server.ctx, (await createCompany(server.ctx)).empresa.id)).id;
    const before = await apply(client, offer, form(PDF_BYTES));
    expect(before.status).toBe(403);

    const refused = addCandidatoRole(server.ctx, professional.id, {
      nombre: "Pilar",
      apellidos: "Web",
      nacimiento: "1988-02-10",
      pais: 28,
      estado: 999999,
    });
    await expect(refused).rejects.toMatchObject({
      status: 422,
      fieldErrors: { estado: ["La provincia o estado no pertenece al país elegido"] },
    });
    await addCandidatoRole(server.ctx, professional.id, {
      nombre: "Pilar",
      apellidos: "Web",
      nacimiento: "1988-02-10",
      pais: 28,
      estado: MADRID,
    });
    // Twice is harmless: the role is held once.
    await addCandidatoRole(server.ctx, professional.id, {
      nombre: "Pilar",
      apellidos: "Web",
      nacimiento: "1988-02-10",
      pais: 28,
      estado: MADRID,
    });
    const after = await apply(client, offer, form(PDF_BYTES));
    expect(after.status).toBe(201);
    const me = await (await client.get("/api/user")).json();
    expect(me.roles ?? me.user?.roles).toMatchObject({ candidato: 1 });

    // The company's own administrator, now also a candidate, cannot apply to their company's offer.
    const owner = await createCompany(server.ctx, "Laboratorios Propios");
    await addCandidatoRole(server.ctx, owner.user.id, {
      nombre: "Dueña",
      apellidos: "Propia",
      nacimiento: "1980-01-01",
      pais: 28,
      estado: MADRID,
    });
    const own = await insertOffer(server.ctx, owner.empresa.id);
    const ownClient = await new BrowserClient(server).signInAs(owner.user.id);
    const response = await apply(ownClient, own.id, form(PDF_BYTES));
    expect(response.status).toBe(403);
    expect((await response.json()).message).toBe("No puedes inscribirte en una oferta de tu propia empresa.");
  });
});

describe("applying", () => {
  it("accepts a PDF once, tells the company, and refuses a second application", async () => {
    const response = await apply(ana, offerId, form(PDF_BYTES));
    expect(response.status).toBe(201);
    const application = await response.json();
    expect(application).toMatchObject({ status: "recibida", status_label: "Recibida", oferta: { id: offerId, is_open: true } });
    const again = await apply(ana, offerId, form(PDF_BYTES));
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe("Ya te has inscrito en esta oferta.");
    const mails = await mailsTo(server.ctx, companyEmail);
    expect(mails.map((m) => m.subject)).toContain("Nueva candidatura a «Técnico de farmacovigilancia» · Farmanexo");
    const state = await (await ana.get(`/api/empleo/ofertas/${offerId}`)).json();
    expect(state.viewer).toEqual({ applied: true, application_status: "recibida", saved: false, can_apply: false });
  });

  it("accepts a DOCX and refuses other content, whatever its name, and files over the limit", async () => {
    const other = await insertOffer(server.ctx, (await createCompany(server.ctx)).empresa.id);
    const text = await apply(luis, other.id, form(new TextEncoder().encode("hola, soy un texto"), "cv.pdf"));
    expect(text.status).toBe(415);
    expect((await text.json()).message).toBe("El CV debe ser un archivo PDF, DOCX.");
    const exe = await apply(luis, other.id, form(new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]), "cv.docx"));
    expect(exe.status).toBe(415);
    // Signatures alone are not enough: a zip or PDF header followed by HTML is not a CV.
    for (const [bytes, name] of [
      [ZIP_SIGNATURE_THEN_HTML, "cv.docx"],
      [new TextEncoder().encode("%PDF-1.4\n<html><script>alert(1)</script></html>"), "cv.pdf"],
    ] as const) {
      expect((await apply(luis, other.id, form(new Uint8Array(bytes), name))).status).toBe(415);
    }
    const big = new Uint8Array(1024 * 1024 + 10);
    big.set(PDF_BYTES);
    expect((await apply(luis, other.id, form(big))).status).toBe(413);
    expect((await apply(luis, other.id, form(null))).status).toBe(422);
    expect((await apply(luis, other.id, form(docxBytes(), "cv.docx"))).status).toBe(201);
  });

  it("lets only candidates apply, and only to open offers", async () => {
    expect((await company.fetch(`/api/empleo/ofertas/${offerId}/candidaturas`, { method: "POST", body: form(PDF_BYTES) })).status).toBe(
      403,
    );
    expect((await server.fetch(`/api/empleo/ofertas/${offerId}/candidaturas`, { method: "POST", body: form(PDF_BYTES) })).status).toBe(401);
    const { empresa } = await createCompany(server.ctx);
    const closed = await insertOffer(server.ctx, empresa.id, { status: "cerrada" });
    expect((await apply(luis, closed.id, form(PDF_BYTES))).status).toBe(409);
    const draft = await insertOffer(server.ctx, empresa.id, { status: "borrador", publishedAt: null });
    expect((await apply(luis, draft.id, form(PDF_BYTES))).status).toBe(404);
  });
});

describe("the company's side", () => {
  let applicationId: number;
  beforeAll(async () => {
    const list = (await (await company.get(`/api/empleo/panel/ofertas/${offerId}/candidaturas`)).json()).items;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ status: "recibida", carta: "Me encantaría formar parte del equipo.", candidato: { nombre: "Ana" } });
    expect(list[0].cv_nombre).toBe("CV-ana-nunez-ortega.pdf");
    applicationId = list[0].id;
  });

  it("downloads the CV as an attachment; other companies cannot", async () => {
    const response = await company.get(`/api/empleo/panel/candidaturas/${applicationId}/cv`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="CV-ana-nunez-ortega.pdf"; filename*=UTF-8''CV-ana-nunez-ortega.pdf`,
    );
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PDF_BYTES);
    expect((await rival.get(`/api/empleo/panel/candidaturas/${applicationId}/cv`)).status).toBe(404);
    expect((await ana.get(`/api/empleo/panel/candidaturas/${applicationId}/cv`)).status).toBe(403);
    expect((await rival.get(`/api/empleo/panel/ofertas/${offerId}/candidaturas`)).status).toBe(404);
  });

  it("moves an application along allowed transitions, e-mails the candidate and updates their view", async () => {
    const change = (client: BrowserClient, status: string) =>
      client.json(`/api/empleo/panel/candidaturas/${applicationId}/estado`, { status }, "PUT");
    expect((await change(company, "finalista")).status).toBe(409);
    expect((await change(company, "aceptada")).status).toBe(422);
    expect((await change(rival, "en_proceso")).status).toBe(404);
    const moved = await change(company, "en_proceso");
    expect(moved.status).toBe(200);
    expect((await moved.json()).status).toBe("en_proceso");

    const mails = await mailsTo(server.ctx, anaEmail);
    const mail = mails.find((m) => m.kind === "job_application_status");
    expect(mail?.subject).toBe("Tu candidatura a «Técnico de farmacovigilancia» está ahora: En proceso · Farmanexo");
    expect(mail?.text).toContain(`${server.url}/app/empleo/candidaturas`);

    const mine = await (await ana.get("/api/empleo/candidaturas")).json();
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ status: "en_proceso", status_label: "En proceso", oferta: { id: offerId } });
    expect(await (await luis.get("/api/empleo/candidaturas")).json()).not.toContainEqual(expect.objectContaining({ id: applicationId }));

    expect((await change(company, "finalista")).status).toBe(200);
    expect((await change(company, "descartada")).status).toBe(200);
    expect((await change(company, "en_proceso")).status).toBe(409);
  });
});

describe("saved offers", () => {
  it("saves, lists and removes an offer for the signed-in user only", async () => {
    expect((await ana.fetch(`/api/empleo/ofertas/${offerId}/guardada`, { method: "PUT" })).status).toBe(204);
    expect((await ana.fetch(`/api/empleo/ofertas/${offerId}/guardada`, { method: "PUT" })).status).toBe(204);
    const saved = await (await ana.get("/api/empleo/guardadas")).json();
    expect(saved.map((s: { oferta: { id: number } }) => s.oferta.id)).toEqual([offerId]);
    expect(await (await luis.get("/api/empleo/guardadas")).json()).toEqual([]);
    expect((await ana.get(`/api/empleo/ofertas/${offerId}`).then((r) => r.json())).viewer.saved).toBe(true);
    expect((await ana.fetch(`/api/empleo/ofertas/${offerId}/guardada`, { method: "DELETE" })).status).toBe(204);
    expect(await (await ana.get("/api/empleo/guardadas")).json()).toEqual([]);
    expect((await ana.fetch("/api/empleo/ofertas/99999999/guardada", { method: "PUT" })).status).toBe(404);
    expect((await server.fetch("/api/empleo/guardadas")).status).toBe(401);
  });
});
