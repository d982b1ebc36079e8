import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
beforeAll(async () => {
  server = await startTestServer();
  server.ctx.database.observeQueries(() => {
    seen++;
    return () => {};
  });
});
afterAll(() => server?.close());

/** Queries one request of `path` makes: the least of three (a background job's query is not the page's). */
async function queriesOf(client: BrowserClient, path: string): Promise<number> {
  let fewest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 3; i++) {
    seen = 0;
    const response = await client.fetch(path, { headers: { Accept: "text/html" } });
    expect(response.status).toBe(200);
    await response.text();
    fewest = Math.min(fewest, seen);
  }
  return fewest;
}

/**
 * Every signed-in page: the session, the terms check and the header (the user, unread notifications
 * and chat messages; decision 0134 folded the roles and the verification into the user's row).
 */
const SIGNED_IN_BASE = 5;
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
});
