import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ofertas } from "#server/db/schema";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { DEMO_SCREENING_QUESTIONS, seedJobsDemo } from "./seed";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe("demo data", () => {
  it("seeds 300+ realistic offers across Spain and Latin America in a few seconds", async () => {
    await seedJobsDemo(server.ctx);
    const rows = await server.ctx.db
      .select({ paisId: ofertas.paisId, status: ofertas.status, n: sql<number>`count(*)::int` })
      .from(ofertas)
      .groupBy(ofertas.paisId, ofertas.status);
    const total = rows.reduce((sum, r) => sum + Number(r.n), 0);
    expect(total).toBeGreaterThanOrEqual(300);
    const countries = new Set(rows.map((r) => r.paisId));
    for (const pais of [28, 154, 47, 11, 43, 181]) expect(countries).toContain(pais);
    const statuses = new Set(rows.map((r) => r.status));
    for (const status of ["publicada", "cerrada", "caducada", "borrador"]) expect(statuses).toContain(status);
    const list = await (await server.fetch("/api/empleo/ofertas?pais=espana&q=visitador%20medico%20madrid")).json();
    expect(list.total).toBeGreaterThan(0);
    expect(list.facets.cargos.length).toBeGreaterThan(0);
    // One open demo offer asks screening questions, and the public API shows them.
    const [asking] = await server.ctx.db.select({ id: ofertas.id }).from(ofertas).where(sql`jsonb_array_length(${ofertas.preguntas}) > 0`);
    const offer = await (await server.fetch(`/api/empleo/ofertas/${asking?.id}`)).json();
    expect(offer.preguntas).toEqual(DEMO_SCREENING_QUESTIONS);
  });
});
