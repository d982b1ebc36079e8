import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FILE_CSP } from "#server/platform/downloads";
import { createCandidate, createCompany, insertOffer, mailsTo, PDF_BYTES } from "#tests/factories/jobs";
import { BrowserClient } from "#tests/support/browser-client";
import { pdfHtmlPolyglot } from "#tests/support/files";
import { startTestServer, type TestServer } from "#tests/support/test-server";

let server: TestServer;
let ana: BrowserClient;
let anaEmail: string;
let luis: BrowserClient;
let company: BrowserClient;
let rival: BrowserClient;
let empresaId: number;

const upload = (client: BrowserClient, name: string) => {
  const body = new FormData();
  body.set("cv", new Blob([PDF_BYTES as Uint8Array<ArrayBuffer>]), name);
  return client.fetch("/api/empleo/cvs", { method: "POST", body });
};
const applyWith = (client: BrowserClient, offerId: number, fields: Record<string, string>) => {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  return client.fetch(`/api/empleo/ofertas/${offerId}/candidaturas`, { method: "POST", body });
};

beforeAll(async () => {
  server = await startTestServer();
  const user = await createCandidate(server.ctx, { nombre: "Ana", apellidos: "García" });
  anaEmail = user.email;
  ana = await new BrowserClient(server).signInAs(user.id);
  luis = await new BrowserClient(server).signInAs((await createCandidate(server.ctx, { nombre: "Luis" })).id);
  const owner = await createCompany(server.ctx, "Laboratorios CV");
  empresaId = owner.empresa.id;
  company = await new BrowserClient(server).signInAs(owner.user.id);
  rival = await new BrowserClient(server).signInAs((await createCompany(server.ctx, "Laboratorios Ajenos")).user.id);
});
afterAll(() => server?.close());

describe("saved CVs and one-click applications", () => {
  it("keeps up to three CVs, the first as default, and refuses a fourth", async () => {
    const first = await (await upload(ana, "CV-Ana-2026.pdf")).json();
    expect(first).toMatchObject({ nombre: "CV-Ana-2026.pdf", predeterminado: true });
    const second = await (await upload(ana, "CV-Ana-ingles.pdf")).json();
    expect(second.predeterminado).toBe(false);
    expect((await upload(ana, "CV-Ana-corto.pdf")).status).toBe(201);
    const fourth = await upload(ana, "CV-Ana-otro.pdf");
    expect(fourth.status).toBe(409);
    expect((await fourth.json()).message).toBe("Puedes guardar como máximo 3 CV. Elimina uno para subir otro.");

    const chosen = await (await ana.fetch(`/api/empleo/cvs/${second.id}/predeterminado`, { method: "POST" })).json();
    expect(chosen[0]).toMatchObject({ id: second.id, predeterminado: true });
    expect(chosen.filter((cv: { predeterminado: boolean }) => cv.predeterminado)).toHaveLength(1);

    // Another candidate neither sees, downloads, chooses nor deletes Ana's CVs.
    expect(await (await luis.get("/api/empleo/cvs")).json()).toEqual([]);
    expect((await luis.get(`/api/empleo/cvs/${first.id}/archivo`)).status).toBe(404);
    expect((await luis.fetch(`/api/empleo/cvs/${first.id}/predeterminado`, { method: "POST" })).status).toBe(404);
    expect((await luis.fetch(`/api/empleo/cvs/${first.id}`, { method: "DELETE" })).status).toBe(404);
    expect((await server.fetch("/api/empleo/cvs")).status).toBe(401);
    const download = await ana.get(`/api/empleo/cvs/${first.id}/archivo`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/pdf");
  });

  it("applies in one click with a saved CV, e-mails the candidate, and only the company applied to gets the CV", async () => {
    const offer = await insertOffer(server.ctx, empresaId, { titulo: "Delegada de hospital" });
    const [cv] = await (await ana.get("/api/empleo/cvs")).json();
    // Luis cannot apply with Ana's CV.
    expect((await applyWith(luis, offer.id, { cv_id: String(cv.id) })).status).toBe(404);

    const applied = await applyWith(ana, offer.id, { cv_id: String(cv.id) });
    expect(applied.status).toBe(201);
    const application = await applied.json();
    expect(application.historial).toMatchObject([{ status: "recibida", por: "candidato" }]);

    const received = (await mailsTo(server.ctx, anaEmail)).find((m) => m.kind === "job_application_received");
    expect(received?.subject).toContain("Candidatura enviada a «Delegada de hospital»");

    const applicants = (await (await company.get(`/api/empleo/panel/ofertas/${offer.id}/candidaturas`)).json()).items;
    expect(applicants).toHaveLength(1);
    const cvFile = await company.get(`/api/empleo/panel/candidaturas/${applicants[0].id}/cv`);
    expect(cvFile.status).toBe(200);
    expect((await rival.get(`/api/empleo/panel/candidaturas/${applicants[0].id}/cv`)).status).toBe(404);

    // Deleting the saved CV leaves the company's copy.
    await ana.fetch(`/api/empleo/cvs/${cv.id}`, { method: "DELETE" });
    expect((await company.get(`/api/empleo/panel/candidaturas/${applicants[0].id}/cv`)).status).toBe(200);
    const left = await (await ana.get("/api/empleo/cvs")).json();
    expect(left).toHaveLength(2);
    expect(left.filter((c: { predeterminado: boolean }) => c.predeterminado)).toHaveLength(1);
  });

  it("a new file uploaded while applying joins the saved CVs while there is room", async () => {
    const offer = await insertOffer(server.ctx, empresaId, { titulo: "Técnico de registros" });
    const body = new FormData();
    body.set("cv", new Blob([PDF_BYTES as Uint8Array<ArrayBuffer>]), "CV-Luis.pdf");
    body.set("carta", "Hola");
    expect((await luis.fetch(`/api/empleo/ofertas/${offer.id}/candidaturas`, { method: "POST", body })).status).toBe(201);
    expect(await (await luis.get("/api/empleo/cvs")).json()).toMatchObject([{ nombre: "CV-Luis.pdf", predeterminado: true }]);
  });

  it("the candidate withdraws; the company sees it withdrawn and cannot move it; the history says who did what", async () => {
    const offer = await insertOffer(server.ctx, empresaId, { titulo: "Visitador zona norte" });
    const [cv] = await (await ana.get("/api/empleo/cvs")).json();
    const application = await (await applyWith(ana, offer.id, { cv_id: String(cv.id) })).json();
    const [applicant] = (await (await company.get(`/api/empleo/panel/ofertas/${offer.id}/candidaturas`)).json()).items;
    expect((await company.json(`/api/empleo/panel/candidaturas/${applicant.id}/estado`, { status: "en_proceso" }, "PUT")).status).toBe(200);

    // Nobody else withdraws it.
    expect((await luis.fetch(`/api/empleo/candidaturas/${application.id}/retirar`, { method: "POST" })).status).toBe(404);
    expect((await company.fetch(`/api/empleo/candidaturas/${application.id}/retirar`, { method: "POST" })).status).toBe(404);

    const withdrawn = await ana.fetch(`/api/empleo/candidaturas/${application.id}/retirar`, { method: "POST" });
    expect(withdrawn.status).toBe(200);
    const view = await withdrawn.json();
    expect(view.status).toBe("retirada");
    expect(view.historial.map((e: { status: string; por: string }) => `${e.status}:${e.por}`)).toEqual([
      "recibida:candidato",
      "en_proceso:empresa",
      "retirada:candidato",
    ]);
    expect((await ana.fetch(`/api/empleo/candidaturas/${application.id}/retirar`, { method: "POST" })).status).toBe(409);

    const [seen] = (await (await company.get(`/api/empleo/panel/ofertas/${offer.id}/candidaturas`)).json()).items;
    expect(seen.status).toBe("retirada");
    expect((await company.json(`/api/empleo/panel/candidaturas/${applicant.id}/estado`, { status: "finalista" }, "PUT")).status).toBe(409);
    const panel = await (await company.get("/api/empleo/panel/ofertas")).json();
    expect(panel.find((o: { id: number }) => o.id === offer.id).counts.retirada).toBe(1);

    const html = await (await ana.get("/app/empleo/candidaturas")).text();
    expect(html).toContain("Historial de estados");
    expect(html).toContain("Usar CV-Ana-2026.pdf como predeterminado");
  });

  it("a PDF that is also an HTML page, sent as cv.pdf.html, is kept and downloaded as cv.pdf, sandboxed", async () => {
    const marta = await new BrowserClient(server).signInAs((await createCandidate(server.ctx, { nombre: "Marta" })).id);
    const body = new FormData();
    body.set("cv", new Blob([new Uint8Array(pdfHtmlPolyglot())], { type: "text/html" }), "cv.pdf.html");
    const saved = await marta.fetch("/api/empleo/cvs", { method: "POST", body });
    expect(saved.status).toBe(201);
    const cv = (await saved.json()) as { id: number; nombre: string };
    expect(cv.nombre).toBe("cv.pdf");
    const download = await marta.get(`/api/empleo/cvs/${cv.id}/archivo`);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(download.headers.get("content-disposition")).toBe(`attachment; filename="cv.pdf"; filename*=UTF-8''cv.pdf`);
    expect(download.headers.get("x-content-type-options")).toBe("nosniff");
    expect(download.headers.get("content-security-policy")).toBe(FILE_CSP);
  });
});
