import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_TIME_ZONE, isoDateIn } from "#common/time-zone";
import { takeBeaconToken } from "#server/platform/figures-beacon";
import { applyWithCv, createCandidate, createCompany, insertOffer } from "#tests/factories/jobs";
import { BrowserClient } from "#tests/support/browser-client";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { flushOfferViews } from "./offer-figures.service";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
let server: TestServer;
let company: BrowserClient;
let rival: BrowserClient;
let empresaId: number;

const view = (client: BrowserClient, id: number, userAgent = CHROME) =>
  client.fetch(`/api/empleo/ofertas/${id}/vistas`, { method: "POST", headers: { "User-Agent": userAgent } });

beforeAll(async () => {
  server = await startTestServer();
  const created = await createCompany(server.ctx, "Laboratorios Cifras de Empleo");
  empresaId = created.empresa.id;
  company = await new BrowserClient(server).signInAs(created.user.id);
  rival = await new BrowserClient(server).signInAs((await createCompany(server.ctx, "Laboratorios Competencia")).user.id);
});
afterAll(() => server?.close());

describe("per-offer figures", () => {
  it("add up for a scripted sequence of views and applications, leaving out robots and the company itself", async () => {
    const offer = await insertOffer(server.ctx, empresaId, { titulo: "Delegada de hospital en Madrid" });
    const other = await insertOffer(server.ctx, empresaId, { titulo: "Otra oferta sin visitas" });
    const visitors = [new BrowserClient(server), new BrowserClient(server), new BrowserClient(server)];
    for (const visitor of visitors) expect((await view(visitor, offer.id)).status).toBe(202);
    await view(visitors[0] as BrowserClient, offer.id); // a second look counts as a view
    expect((await view(new BrowserClient(server), offer.id, "Googlebot/2.1 (+http://www.google.com/bot.html) crawler")).status).toBe(202);
    expect((await view(new BrowserClient(server), offer.id, "curl/8.0")).status).toBe(202);
    expect((await view(company, offer.id)).status).toBe(202); // the company's own look
    expect((await view(new BrowserClient(server), 99_999_999)).status).toBe(202); // an offer that does not exist
    const ana = await new BrowserClient(server).signInAs((await createCandidate(server.ctx, { nombre: "Ana" })).id);
    const luis = await new BrowserClient(server).signInAs((await createCandidate(server.ctx, { nombre: "Luis" })).id);
    await view(ana, offer.id);
    await applyWithCv(ana, offer.id);
    await applyWithCv(luis, offer.id);
    await flushOfferViews(server.ctx);

    const response = await company.get(`/api/empleo/panel/ofertas/${offer.id}/cifras`);
    expect(response.status).toBe(200);
    const figures = await response.json();
    const today = isoDateIn(new Date(), DEFAULT_TIME_ZONE);
    // 3 visitors, one of them twice, and Ana: 5 views; robots, the company and the unknown offer left out.
    expect(figures).toMatchObject({ oferta_id: offer.id, hasta: today, vistas: 5, candidaturas: 2, conversion: 0.4 });
    expect(figures.dias).toHaveLength(30);
    expect(figures.dias.at(-1)).toEqual({ dia: today, vistas: 5, candidaturas: 2 });
    expect(
      figures.dias.slice(0, -1).every((day: { vistas: number; candidaturas: number }) => day.vistas === 0 && day.candidaturas === 0),
    ).toBe(true);

    // A second batch adds to the first (instances add, never overwrite).
    await view(luis, offer.id);
    await flushOfferViews(server.ctx);
    expect((await (await company.get(`/api/empleo/panel/ofertas/${offer.id}/cifras`)).json()).vistas).toBe(6);
    const quiet = await (await company.get(`/api/empleo/panel/ofertas/${other.id}/cifras`)).json();
    expect(quiet).toMatchObject({ vistas: 0, candidaturas: 0, conversion: null });

    // The panel lists each offer with its 30-day totals.
    const panel = await (await company.get("/app/empleo/panel")).text();
    expect(panel).toMatch(/Últimos 30 días: 6 visitas · 2 candidaturas · 33,3\s%\sde conversión/u);
    const page = await (await company.get(`/app/empleo/panel/ofertas/${offer.id}/candidatos`)).text();
    expect(page).toContain("Cifras de los últimos 30 días");
  });

  it("drop a visitor's views past the beacon limit, still answering 202", async () => {
    const offer = await insertOffer(server.ctx, empresaId, { titulo: "Oferta que alguien quiere inflar" });
    const busy = await createCandidate(server.ctx, { nombre: "Insistente" });
    const client = await new BrowserClient(server).signInAs(busy.id);
    // 299 of the 300 an hour already spent (the limit is kept in memory, per instance).
    for (let i = 0; i < 299; i++) takeBeaconToken(server.ctx, "offerViewBeacon", `u:${busy.id}`);
    for (let i = 0; i < 3; i++) expect((await view(client, offer.id)).status).toBe(202);
    await flushOfferViews(server.ctx);
    expect((await (await company.get(`/api/empleo/panel/ofertas/${offer.id}/cifras`)).json()).vistas).toBe(1);
  });

  it("are not readable by another company, a candidate or a visitor", async () => {
    const offer = await insertOffer(server.ctx, empresaId, { titulo: "Oferta con cifras privadas" });
    expect((await rival.get(`/api/empleo/panel/ofertas/${offer.id}/cifras`)).status).toBe(404);
    const candidate = await new BrowserClient(server).signInAs((await createCandidate(server.ctx)).id);
    expect((await candidate.get(`/api/empleo/panel/ofertas/${offer.id}/cifras`)).status).toBe(403);
    expect((await server.fetch(`/api/empleo/panel/ofertas/${offer.id}/cifras`)).status).toBe(401);
    expect((await rival.get(`/app/empleo/panel/ofertas/${offer.id}/candidatos`)).status).toBe(404);
  });
});
