import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCandidate, createCompany, offerPayload, PDF_BYTES } from "#tests/factories/jobs";
import { BrowserClient } from "#tests/support/browser-client";
import { startTestServer, type TestServer } from "#tests/support/test-server";

// Screening questions (decision 0042): asked on the offer, answered when applying, shown to the
// offer's company beside each applicant and to the candidate in their own applications.

let server: TestServer;
let company: BrowserClient;
let rival: BrowserClient;
let ana: BrowserClient;
let luis: BrowserClient;
let offerId: number;

const QUESTIONS = [
  { texto: "¿Tienes carné de conducir y coche propio?", tipo: "si_no", descarta_si: "no" },
  { texto: "¿Cuántos años llevas visitando Atención Primaria?", tipo: "texto", obligatoria: true },
  { texto: "¿Hablas inglés?", tipo: "si_no" },
];

function applyForm(answers: Record<string, string>, { cvId }: { cvId?: number } = {}) {
  const body = new FormData();
  if (cvId) body.set("cv_id", String(cvId));
  else body.set("cv", new Blob([PDF_BYTES as Uint8Array<ArrayBuffer>]), "cv.pdf");
  for (const [field, value] of Object.entries(answers)) body.set(field, value);
  return body;
}

const apply = (client: BrowserClient, body: FormData, id = offerId) =>
  client.fetch(`/api/empleo/ofertas/${id}/candidaturas`, { method: "POST", body });
const applicants = async (client: BrowserClient, query = "") => client.get(`/api/empleo/panel/ofertas/${offerId}/candidaturas${query}`);

beforeAll(async () => {
  server = await startTestServer();
  company = await new BrowserClient(server).signInAs((await createCompany(server.ctx, "Laboratorios Filtro")).user.id);
  rival = await new BrowserClient(server).signInAs((await createCompany(server.ctx)).user.id);
  ana = await new BrowserClient(server).signInAs((await createCandidate(server.ctx, { nombre: "Ana" })).id);
  luis = await new BrowserClient(server).signInAs((await createCandidate(server.ctx, { nombre: "Luis" })).id);
});
afterAll(() => server?.close());

describe("the employer's questions", () => {
  it("refuses more than ten questions and a knock-out on a text question, per field in Spanish", async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => ({ texto: `Pregunta número ${i + 1}`, tipo: "texto" }));
    const tooMany = await company.json("/api/empleo/panel/ofertas", offerPayload({ preguntas: eleven }));
    expect(tooMany.status).toBe(422);
    expect((await tooMany.json()).errors.preguntas).toEqual(["Como máximo 10 preguntas por oferta."]);

    const textKnockOut = await company.json(
      "/api/empleo/panel/ofertas",
      offerPayload({
        preguntas: [
          { texto: "¿Qué coche tienes?", tipo: "texto", descarta_si: "no" },
          { texto: "", tipo: "si_no" },
        ],
      }),
    );
    expect(textKnockOut.status).toBe(422);
    const { errors } = await textKnockOut.json();
    expect(errors["preguntas.0.descarta_si"]).toEqual(["Solo una pregunta de sí o no puede descartar candidatos."]);
    expect(errors["preguntas.1.texto"]).toEqual(["La pregunta debe tener al menos 5 caracteres."]);
  });

  it("stores the questions of a new offer; a knock-out question is always required", async () => {
    const created = await company.json("/api/empleo/panel/ofertas", offerPayload({ preguntas: QUESTIONS }));
    expect(created.status).toBe(201);
    const offer = await created.json();
    offerId = offer.id;
    expect(offer.preguntas).toEqual([
      { texto: "¿Tienes carné de conducir y coche propio?", tipo: "si_no", obligatoria: true, descarta_si: "no" },
      { texto: "¿Cuántos años llevas visitando Atención Primaria?", tipo: "texto", obligatoria: true, descarta_si: null },
      { texto: "¿Hablas inglés?", tipo: "si_no", obligatoria: false, descarta_si: null },
    ]);
    expect((await company.fetch(`/api/empleo/panel/ofertas/${offerId}/publicar`, { method: "POST" })).status).toBe(200);
    // Anyone reading the offer sees the questions (the apply form shows them).
    const publicOffer = await (await server.fetch(`/api/empleo/ofertas/${offerId}`)).json();
    expect(publicOffer.preguntas).toHaveLength(3);
  });
});

describe("answering when applying", () => {
  it("refuses missing, wrong and too long answers per field, and saves nothing", async () => {
    const missing = await apply(ana, applyForm({ respuesta_2: "si" }));
    expect(missing.status).toBe(422);
    const { errors } = await missing.json();
    expect(errors).toEqual({ respuesta_0: ["Responde a esta pregunta."], respuesta_1: ["Responde a esta pregunta."] });

    const wrong = await apply(ana, applyForm({ respuesta_0: "quizá", respuesta_1: "x".repeat(501) }));
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).errors).toEqual({
      respuesta_0: ["Responde «Sí» o «No»."],
      respuesta_1: ["La respuesta no puede superar 500 caracteres."],
    });

    // Nothing was kept: no application, and the file did not join the saved CVs.
    expect(await (await ana.get("/api/empleo/candidaturas")).json()).toEqual([]);
    expect(await (await ana.get("/api/empleo/cvs")).json()).toEqual([]);
  });

  it("keeps a knocked-out application, marked for the company, with the answers", async () => {
    const response = await apply(ana, applyForm({ respuesta_0: "no", respuesta_1: "  Tres años  " }));
    expect(response.status).toBe(201);
    const mine = await response.json();
    expect(mine.respuestas).toEqual([
      { pregunta: "¿Tienes carné de conducir y coche propio?", tipo: "si_no", respuesta: "no" },
      { pregunta: "¿Cuántos años llevas visitando Atención Primaria?", tipo: "texto", respuesta: "Tres años" },
      { pregunta: "¿Hablas inglés?", tipo: "si_no", respuesta: null },
    ]);
    // The candidate is not told the rule; the company is.
    expect(mine).not.toHaveProperty("cumple_requisitos");

    const list = (await (await applicants(company)).json()).items;
    expect(list).toHaveLength(1);
    expect(list[0].cumple_requisitos).toBe(false);
    expect(list[0].respuestas[1]).toEqual({
      pregunta: "¿Cuántos años llevas visitando Atención Primaria?",
      tipo: "texto",
      respuesta: "Tres años",
    });
  });

  it("asks the questions in one click too (a saved CV), and marks who meets the requirements", async () => {
    const saved = new FormData();
    saved.set("cv", new Blob([PDF_BYTES as Uint8Array<ArrayBuffer>]), "cv-luis.pdf");
    const cv = await (await luis.fetch("/api/empleo/cvs", { method: "POST", body: saved })).json();
    const unanswered = await apply(luis, applyForm({}, { cvId: cv.id }));
    expect(unanswered.status).toBe(422);
    expect(Object.keys((await unanswered.json()).errors)).toEqual(["respuesta_0", "respuesta_1"]);

    const response = await apply(luis, applyForm({ respuesta_0: "si", respuesta_1: "Cinco", respuesta_2: "si" }, { cvId: cv.id }));
    expect(response.status).toBe(201);
    const all = (await (await applicants(company)).json()).items;
    expect(all.map((a: { cumple_requisitos: boolean }) => a.cumple_requisitos)).toEqual([false, true]);
    const meeting = (await (await applicants(company, "?requisitos=cumple")).json()).items;
    expect(meeting.map((a: { candidato: { nombre: string } }) => a.candidato.nombre)).toEqual(["Luis"]);
    const notMeeting = (await (await applicants(company, "?requisitos=no_cumple")).json()).items;
    expect(notMeeting.map((a: { candidato: { nombre: string } }) => a.candidato.nombre)).toEqual(["Ana"]);
    const badFilter = await applicants(company, "?requisitos=todos");
    expect(badFilter.status).toBe(422);
    expect((await badFilter.json()).errors.requisitos).toEqual(["El filtro de requisitos no es válido."]);
  });

  it("shows the answers only to the offer's company and to each candidate their own", async () => {
    expect((await applicants(rival)).status).toBe(404);
    expect((await applicants(ana)).status).toBe(403);
    const anas = await (await ana.get("/api/empleo/candidaturas")).json();
    expect(anas).toHaveLength(1);
    expect(anas[0].respuestas[0].respuesta).toBe("no");
  });

  it("keeps the question text an answer was given to when the employer edits the questions later", async () => {
    const edited = await company.json(
      `/api/empleo/panel/ofertas/${offerId}`,
      offerPayload({ preguntas: [{ texto: "¿Tienes vehículo propio?", tipo: "si_no", descarta_si: "no" }] }),
      "PUT",
    );
    expect(edited.status).toBe(200);
    expect((await edited.json()).preguntas).toHaveLength(1);
    const list = (await (await applicants(company)).json()).items;
    expect(list[0].respuestas[0].pregunta).toBe("¿Tienes carné de conducir y coche propio?");
    expect(list[0].cumple_requisitos).toBe(false);
  });

  it("refuses answers written for questions the employer has since changed, and stores nothing", async () => {
    const offer = await company.json("/api/empleo/panel/ofertas", offerPayload({ preguntas: QUESTIONS }));
    const { id, preguntas_version: shown } = await offer.json();
    expect((await company.fetch(`/api/empleo/panel/ofertas/${id}/publicar`, { method: "POST" })).status).toBe(200);
    const changed = await company.json(
      `/api/empleo/panel/ofertas/${id}`,
      offerPayload({ preguntas: [{ texto: "¿Hablas inglés?", tipo: "si_no", descarta_si: "no" }, ...QUESTIONS] }),
      "PUT",
    );
    const current = (await changed.json()).preguntas_version;
    expect(current).not.toBe(shown);
    const answers = { respuesta_0: "si", respuesta_1: "Tres años", respuesta_2: "no" };

    const stale = await apply(luis, applyForm({ ...answers, preguntas_version: shown }), id);
    expect(stale.status).toBe(409);
    expect((await stale.json()).message).toMatch(/ha cambiado las preguntas/);
    expect((await (await luis.get("/api/empleo/candidaturas")).json()).map((a: { oferta: { id: number } }) => a.oferta.id)).not.toContain(
      id,
    );

    const rewritten = { respuesta_0: "si", respuesta_1: "si", respuesta_2: "Tres años", respuesta_3: "no" };
    const fresh = await apply(luis, applyForm({ ...rewritten, preguntas_version: current }), id);
    expect(fresh.status).toBe(201);
  });
});
