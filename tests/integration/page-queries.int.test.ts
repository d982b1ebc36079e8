import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backgroundLoopStatuses, stopBackgroundLoop } from "#server/platform/background-loop";
import { type ChatPerson, chatPerson, say, startChat } from "#tests/factories/chat";
import { applyWithCv, createCandidate, createCompany, insertOffer } from "#tests/factories/jobs";
import { BrowserClient } from "#tests/support/browser-client";
import { startTestServer, type TestServer } from "#tests/support/test-server";

// Issue 33 item 5: a signed-in page is not cached, so its queries are its cost. The employer's
// applicants page made 20 queries a render (the company membership read four times, the offer
// three); it now makes a handful, the same for one applicant or fifty (decision 0134). These
// budgets fail when a query creeps back in: raise one only with a reason in a decision record.
let server: TestServer;
/** Queries seen since the last reset (one observer for the file: observers cannot be removed). */
let seen = 0;
/**
 * Round trips since the last reset: a statement sent while none is in flight starts one; those
 * sent beside it (Promise.all) ride along.
 */
let trips = 0;
let inFlight = 0;
beforeAll(async () => {
  server = await startTestServer();
  // The background loops (pushes, schedules) would add their own statements to a page's count.
  await Promise.all(backgroundLoopStatuses(server.ctx).map((loop) => stopBackgroundLoop(server.ctx, loop.name)));
  server.ctx.database.observeQueries(() => {
    seen++;
    if (inFlight++ === 0) trips++;
    return () => {
      inFlight--;
    };
  });
});
afterAll(() => server?.close());

/** Queries one request of `path` makes: the least of three (a background job's query is not the page's). */
async function queriesOf(client: BrowserClient, path: string): Promise<number> {
  return (await costOf(client, path)).queries;
}

/** Queries and round trips of one request of `path`: the run with the fewest queries of three. */
async function costOf(client: BrowserClient, path: string): Promise<{ queries: number; roundTrips: number }> {
  let queries = Number.POSITIVE_INFINITY;
  let roundTrips = 0;
  for (let i = 0; i < 3; i++) {
    seen = 0;
    trips = 0;
    const response = await client.fetch(path, { headers: { Accept: "text/html" } });
    expect(response.status).toBe(200);
    await response.text();
    // The clean run's round trips: a stray statement in flight would merge two of them.
    if (seen < queries || (seen === queries && trips > roundTrips)) roundTrips = trips;
    queries = Math.min(queries, seen);
  }
  return { queries, roundTrips };
}

/**
 * Every signed-in page: the session, the terms check and the header (the user, unread notifications
 * and chat messages; decision 0134 folded the roles and the verification into the user's row).
 */
const SIGNED_IN_BASE = 5;
/** Their round trips: the session, the terms, the header's three reads side by side. */
const SIGNED_IN_BASE_TRIPS = 3;
/** The panel's own: the offer with the membership, its tally, the applicants with their profiles, the figures, the conversations. */
const PANEL_QUERIES = 5;

describe("queries per signed-in page", () => {
  it("the employer's applicants page reads a fixed handful, whatever the number of applicants", async () => {
    const owner = await createCompany(server.ctx, "Laboratorios Consultas");
    const company = await new BrowserClient(server).signInAs(owner.user.id);
    const offerId = (await insertOffer(server.ctx, owner.empresa.id, { titulo: "Delegado de consultas" })).id;
    const path = `/app/empleo/panel/ofertas/${offerId}/candidatos`;

    const apply = async (nombre: string) => {
      const candidate = await new BrowserClient(server).signInAs((await createCandidate(server.ctx, { nombre })).id);
      await applyWithCv(candidate, offerId);
      return candidate;
    };
    const first = await apply("Ana");
    const profile = {
      titular: "Visitadora en cardiología",
      experiencia: [],
      formacion: [],
      idiomas: [],
      habilidades: [],
      abierto_a_ofertas: false,
    };
    expect((await first.json("/api/empleo/perfil", profile, "PUT")).status).toBe(200);
    const one = await queriesOf(company, path);

    for (const nombre of ["Bruno", "Carla", "Diego"]) await apply(nombre);
    const html = await (await company.fetch(path, { headers: { Accept: "text/html" } })).text();
    // The profile comes with its application (joined, not read apart), closed to offers or not.
    expect(html).toContain("Visitadora en cardiología");
    const four = await queriesOf(company, path);

    expect(four).toBe(one);
    expect(four).toBeLessThanOrEqual(SIGNED_IN_BASE + PANEL_QUERIES);
  });

  it("the chat page reads the same, whatever the number of conversations and messages", async () => {
    const me = await chatPerson(server, { nombre: "Irene", apellidos: "Contada" });
    const partner = () => chatPerson(server, { type: "visita", nombre: "Rafael", apellidos: "Contado" });
    const first = await startChat(me, await partner(), "Hola, primera conversación");
    const open = `/app/chat/${first}`;
    const small = { list: await costOf(me.client, "/app/chat"), open: await costOf(me.client, open) };

    const others: ChatPerson[] = [await partner(), await partner()];
    for (const other of others) await startChat(me, other, "Hola de nuevo");
    for (const body of ["Segundo mensaje", "Tercer mensaje", "Cuarto mensaje"]) expect((await say(me, first, body)).status).toBe(201);
    const html = await (await me.client.fetch(open, { headers: { Accept: "text/html" } })).text();
    // The open conversation comes with its history and the list keeps the others.
    expect(html).toContain("Cuarto mensaje");
    expect(html.match(/Rafael Contado/g)?.length ?? 0).toBeGreaterThanOrEqual(3);
    const large = { list: await costOf(me.client, "/app/chat"), open: await costOf(me.client, open) };

    expect([large.list.queries, large.open.queries]).toEqual([small.list.queries, small.open.queries]);
    // The page's own: the chat state, then the list with the open conversation beside its history.
    // (Round trips are at most these: the root's loader and the page's run at once and may merge.)
    expect(large.open.queries).toBeLessThanOrEqual(SIGNED_IN_BASE + 3);
    expect(large.list.queries).toBeLessThanOrEqual(SIGNED_IN_BASE + 2);
    for (const cost of [small.open, large.open, small.list, large.list])
      expect(cost.roundTrips).toBeLessThanOrEqual(SIGNED_IN_BASE_TRIPS + 2);
    // Someone else's conversation is the same 404 as one that does not exist.
    const stranger = await chatPerson(server, { nombre: "Extraña" });
    expect((await stranger.client.fetch(open, { headers: { Accept: "text/html" } })).status).toBe(404);
  });

  it("the candidate's applications page reads the same, whatever the number of applications", async () => {
    const owner = await createCompany(server.ctx, "Laboratorios Candidaturas");
    const candidate = await new BrowserClient(server).signInAs((await createCandidate(server.ctx, { nombre: "Lucía" })).id);
    const apply = async (titulo: string) => applyWithCv(candidate, (await insertOffer(server.ctx, owner.empresa.id, { titulo })).id);
    await apply("Delegada de Madrid");
    const one = await costOf(candidate, "/app/empleo/candidaturas");

    for (const titulo of ["Delegada de Sevilla", "Delegada de Bilbao", "Delegada de Vigo"]) await apply(titulo);
    const html = await (await candidate.fetch("/app/empleo/candidaturas", { headers: { Accept: "text/html" } })).text();
    expect(html).toContain("Delegada de Vigo");
    const four = await costOf(candidate, "/app/empleo/candidaturas");

    expect(four.queries).toBe(one.queries);
    // The page's own: the applications with their histories, and the saved CVs, side by side.
    expect(four.queries).toBeLessThanOrEqual(SIGNED_IN_BASE + 2);
    for (const cost of [one, four]) expect(cost.roundTrips).toBeLessThanOrEqual(SIGNED_IN_BASE_TRIPS + 1);
  });
});
