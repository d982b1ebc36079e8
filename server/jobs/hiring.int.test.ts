import { and, eq, inArray, isNull, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { candidaturas, mailOutbox, notificationPreferences, notifications, ofertas, users } from "#server/db/schema";
import { applyWithCv, createCandidate, createCompany, insertOffer, mailsTo } from "#tests/factories/jobs";
import { BrowserClient } from "#tests/support/browser-client";
import { startTestServer, type TestServer } from "#tests/support/test-server";

// Issue 28: the employer closes the loop. Opening an application marks it seen, «Contratada» with a
// message, the vacancies filled close the offer and tell the others, private notes and ratings.

let server: TestServer;
let company: BrowserClient;
let rival: BrowserClient;
let empresaId: number;

type Candidate = { client: BrowserClient; email: string };
async function candidate(nombre: string): Promise<Candidate> {
  const user = await createCandidate(server.ctx, { nombre });
  return { client: await new BrowserClient(server).signInAs(user.id), email: user.email };
}

const apply = (who: Candidate, offerId: number) => applyWithCv(who.client, offerId);

const myApplication = async (who: Candidate, id: number) =>
  ((await (await who.client.get("/api/empleo/candidaturas")).json()) as Array<Record<string, unknown>>).find((a) => a.id === id);
const panelOffer = async (offerId: number) =>
  (
    (await (await company.get("/api/empleo/panel/ofertas")).json()) as Array<{ id: number; status: string; counts: Record<string, number> }>
  ).find((o) => o.id === offerId);
const setStatus = (id: number, body: Record<string, unknown>, client = company) =>
  client.fetch(`/api/empleo/panel/candidaturas/${id}/estado`, {
    method: "PUT",
    body: JSON.stringify(body),
    headers: { "Content-Type": "application/json" },
  });

/** An offer of the company with 55 (or `count`) applicants (Aspirante1…55, one a minute, oldest first). */
async function offerWithApplicants(titulo: string, emailPrefix: string, count = 55) {
  const offer = await insertOffer(server.ctx, empresaId, { titulo });
  const people = await server.ctx.db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        email: `${emailPrefix}-${i}@example.test`,
        registerType: "candidato" as const,
        nombre: `Aspirante${i + 1}`,
      })),
    )
    .returning({ id: users.id });
  await server.ctx.db.insert(candidaturas).values(
    people.map((p, i) => ({
      ofertaId: offer.id,
      userId: p.id,
      cvKey: "cv/x.pdf",
      cvNombre: "CV.pdf",
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
    })),
  );
  return offer;
}

const unseenOf = async (offerId: number) =>
  (
    await server.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(candidaturas)
      .where(and(eq(candidaturas.ofertaId, offerId), isNull(candidaturas.vistaEn)))
  )[0]?.n;

beforeAll(async () => {
  server = await startTestServer();
  const owner = await createCompany(server.ctx, "Laboratorios Contrata");
  empresaId = owner.empresa.id;
  company = await new BrowserClient(server).signInAs(owner.user.id);
  rival = await new BrowserClient(server).signInAs((await createCompany(server.ctx, "Laboratorios Otros")).user.id);
});
afterAll(() => server?.close());

describe("the employer's side of the loop", () => {
  it("counts an application unseen until the panel page opens it; the candidate then reads «Vista por la empresa»", async () => {
    const offer = await insertOffer(server.ctx, empresaId);
    const eva = await candidate("Eva");
    const id = await apply(eva, offer.id);
    expect((await panelOffer(offer.id))?.counts).toMatchObject({ recibida: 1, sin_revisar: 1 });
    expect(await myApplication(eva, id)).toMatchObject({ vista_por_empresa: false });
    // The API list does not open anything; the panel page does.
    await company.get(`/api/empleo/panel/ofertas/${offer.id}/candidaturas`);
    expect((await panelOffer(offer.id))?.counts.sin_revisar).toBe(1);
    const page = await company.get(`/app/empleo/panel/ofertas/${offer.id}/candidatos`);
    expect(page.status).toBe(200);
    expect((await panelOffer(offer.id))?.counts).toMatchObject({ recibida: 1, sin_revisar: 0 });
    expect(await myApplication(eva, id)).toMatchObject({ vista_por_empresa: true, status: "recibida" });
    const candidatePage = await (await eva.client.get("/app/empleo/candidaturas")).text();
    expect(candidatePage).toContain("Vista por la empresa");
  });

  it("shows the applicants fifty at a time, oldest first, counting them all; only those shown become seen (decision 0103)", async () => {
    const offer = await offerWithApplicants("Delegado con muchas candidaturas", "muchos");
    const unseen = () => unseenOf(offer.id);
    const first = await (await company.get(`/app/empleo/panel/ofertas/${offer.id}/candidatos`)).text();
    expect(first).toContain("55 candidaturas");
    expect(first).toContain("Aspirante1<");
    expect(first).toContain("Aspirante50<");
    expect(first).not.toContain("Aspirante51<");
    expect(await unseen()).toBe(5);
    const next = /href="([^"]*candidatos\?cursor=\d+)"/.exec(first.replace(/&amp;/g, "&"))?.[1];
    expect(next).toBeTruthy();
    const second = await (await company.get(next as string)).text();
    expect(second).toContain("Aspirante51<");
    expect(second).toContain("Aspirante55<");
    expect(second).not.toContain("Aspirante50<");
    expect(second).not.toContain("Cargar más candidaturas");
    expect(await unseen()).toBe(0);
    // A cursor from elsewhere (or made up) starts from the first page instead of failing.
    expect(await (await company.get(`/app/empleo/panel/ofertas/${offer.id}/candidatos?cursor=999999999`)).text()).toContain("Aspirante1<");
  });

  it("the API pages the applicants fifty at a time with next_cursor, and opens none of them (decision 0114)", async () => {
    const offer = await offerWithApplicants("Delegada con muchas candidaturas por la API", "api-muchos");
    const url = `/api/empleo/panel/ofertas/${offer.id}/candidaturas`;
    const first = await company.get(url);
    expect(first.status).toBe(200);
    const page1 = await first.json();
    expect(page1.total).toBe(55);
    expect(page1.items).toHaveLength(50);
    expect(page1.items[0].candidato.nombre).toBe("Aspirante1");
    expect(page1.items[49].candidato.nombre).toBe("Aspirante50");
    expect(page1.next_cursor).toEqual(expect.any(String));
    const page2 = await (await company.get(`${url}?cursor=${page1.next_cursor}`)).json();
    expect(page2.items.map((a: { candidato: { nombre: string } }) => a.candidato.nombre)).toEqual([
      "Aspirante51",
      "Aspirante52",
      "Aspirante53",
      "Aspirante54",
      "Aspirante55",
    ]);
    expect(page2).toMatchObject({ total: 55, next_cursor: null });
    expect(await unseenOf(offer.id)).toBe(55);
    // A cursor of another offer starts over; one that is not a cursor is a 422 naming the field.
    expect((await (await company.get(`${url}?cursor=999999999`)).json()).items[0].candidato.nombre).toBe("Aspirante1");
    const bad = await company.get(`${url}?cursor=abc`);
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors.cursor).toEqual(["El cursor no es válido."]);
    expect((await rival.get(`${url}?cursor=${page1.next_cursor}`)).status).toBe(404);
  });

  it("hires with a message, closes the filled offer and turns down and tells the others", async () => {
    const offer = await insertOffer(server.ctx, empresaId, { titulo: "Delegada de hospital", vacantes: 1 });
    const [lola, pablo, marta] = [await candidate("Lola"), await candidate("Pablo"), await candidate("Marta")];
    const hired = await apply(lola, offer.id);
    const other = await apply(pablo, offer.id);
    const withdrawn = await apply(marta, offer.id);
    await marta.client.fetch(`/api/empleo/candidaturas/${withdrawn}/retirar`, { method: "POST" });

    // Another company cannot touch it.
    expect((await setStatus(hired, { status: "contratada" }, rival)).status).toBe(404);
    const response = await setStatus(hired, { status: "contratada", mensaje: "Te esperamos el lunes a las 9:00 en la oficina." });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "contratada" });

    const mine = await myApplication(lola, hired);
    expect(mine).toMatchObject({ status: "contratada", status_label: "Contratada", vista_por_empresa: true });
    expect((mine as { historial: Array<{ mensaje: string | null }> }).historial.at(-1)?.mensaje).toBe(
      "Te esperamos el lunes a las 9:00 en la oficina.",
    );
    const [hiredMail] = (await mailsTo(server.ctx, lola.email)).filter((mail) => mail.kind === "job_application_status");
    expect(hiredMail?.text).toContain("Te esperamos el lunes a las 9:00 en la oficina.");

    // Filled: the others still waiting are turned down and told; the withdrawn one is left alone.
    expect(await myApplication(pablo, other)).toMatchObject({ status: "descartada" });
    const filledMails = (await mailsTo(server.ctx, pablo.email)).filter((mail) => mail.kind === "job_offer_filled");
    expect(filledMails.map((mail) => mail.subject.split(" · ")[0])).toEqual(["La oferta «Delegada de hospital» se ha cubierto"]);
    expect(await myApplication(marta, withdrawn)).toMatchObject({ status: "retirada" });
    expect((await mailsTo(server.ctx, marta.email)).some((mail) => mail.kind === "job_offer_filled")).toBe(false);
    const closed = await panelOffer(offer.id);
    expect(closed).toMatchObject({ status: "cerrada", is_open: false });
    expect(closed?.counts).toMatchObject({ contratada: 1, descartada: 1, retirada: 1 });
    // Final: nothing moves a hired application.
    expect((await setStatus(hired, { status: "descartada" })).status).toBe(409);
  });

  it("fills an offer with 300 applicants in a bounded number of statements: each other one «Descartada», notified and e-mailed once", async () => {
    const offer = await offerWithApplicants("Visitador de primaria", "lleno", 300);
    await server.ctx.db.update(ofertas).set({ vacantes: 1 }).where(eq(ofertas.id, offer.id));
    const applications = await server.ctx.db
      .select({ id: candidaturas.id, userId: candidaturas.userId })
      .from(candidaturas)
      .where(eq(candidaturas.ofertaId, offer.id))
      .orderBy(candidaturas.id);
    const [hired, optedOut] = applications;
    if (!hired || !optedOut) throw new Error("no applicants");
    // One of them wants no e-mail of this kind: a notification, no e-mail.
    await server.ctx.db
      .insert(notificationPreferences)
      .values({ userId: optedOut.userId, kind: "application_status", inApp: true, push: false, email: false });
    let statements = 0;
    server.ctx.database.observeQueries(() => {
      statements += 1;
      return () => {};
    });

    expect((await setStatus(hired.id, { status: "contratada" })).status).toBe(200);
    const counted = statements;
    // PGlite observes only the statements outside a transaction; PostgreSQL every one.
    if (server.ctx.database.kind === "postgres") expect(counted).toBeLessThan(40);

    const others = applications.slice(1).map((a) => a.userId);
    const states = await server.ctx.db
      .select({ estado: candidaturas.estado, n: sql<number>`count(*)::int` })
      .from(candidaturas)
      .where(eq(candidaturas.ofertaId, offer.id))
      .groupBy(candidaturas.estado);
    expect(Object.fromEntries(states.map((row) => [row.estado, Number(row.n)]))).toEqual({ contratada: 1, descartada: 299 });
    const told = await server.ctx.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(and(inArray(notifications.userId, others), like(notifications.text, "%se ha cubierto%")));
    expect(new Set(told.map((row) => row.userId)).size).toBe(299);
    expect(told.length).toBe(299);
    const mails = await server.ctx.db
      .select({ to: mailOutbox.to })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, "job_offer_filled"), like(mailOutbox.to, "lleno-%")));
    expect(mails.length).toBe(298);
    expect(new Set(mails.map((mail) => mail.to)).size).toBe(298);
    expect(mails.some((mail) => mail.to === "lleno-1@example.test")).toBe(false);
  });

  it("keeps the offer open while vacancies remain; a message is only kept for hiring and turning down", async () => {
    const offer = await insertOffer(server.ctx, empresaId, { vacantes: 2 });
    const [ana, luis] = [await candidate("Ana"), await candidate("Luis")];
    const first = await apply(ana, offer.id);
    const second = await apply(luis, offer.id);
    await setStatus(second, { status: "en_proceso", mensaje: "no se guarda" });
    expect((await myApplication(luis, second))?.historial).toEqual(expect.arrayContaining([expect.objectContaining({ mensaje: null })]));
    await setStatus(first, { status: "contratada" });
    expect(await panelOffer(offer.id)).toMatchObject({ status: "publicada" });
    expect(await myApplication(luis, second)).toMatchObject({ status: "en_proceso" });
    const tooLong = await setStatus(second, { status: "descartada", mensaje: "x".repeat(2001) });
    expect(tooLong.status).toBe(422);
    expect((await tooLong.json()).errors.mensaje).toEqual(["El mensaje no puede superar 2000 caracteres."]);
  });

  it("keeps a private note and rating per applicant, for the company only", async () => {
    const offer = await insertOffer(server.ctx, empresaId);
    const rosa = await candidate("Rosa");
    const id = await apply(rosa, offer.id);
    const put = (body: Record<string, unknown>, client = company) =>
      client.fetch(`/api/empleo/panel/candidaturas/${id}/nota`, {
        method: "PUT",
        body: JSON.stringify(body),
        headers: { "Content-Type": "application/json" },
      });
    expect((await put({ nota: "Buena entrevista", valoracion: 4 }, rival)).status).toBe(404);
    const saved = await put({ nota: "  Buena entrevista; pedir referencias  ", valoracion: 4 });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ nota: "Buena entrevista; pedir referencias", valoracion: 4 });
    const bad = await put({ nota: "", valoracion: 9 });
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors.valoracion).toEqual(["La valoración va de 1 a 5."]);
    const listed = (await (await company.get(`/api/empleo/panel/ofertas/${offer.id}/candidaturas`)).json()).items;
    expect(listed[0]).toMatchObject({ nota: "Buena entrevista; pedir referencias", valoracion: 4 });
    // The candidate never sees it.
    expect(JSON.stringify(await (await rosa.client.get("/api/empleo/candidaturas")).json())).not.toContain("referencias");
  });
});
