import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_ALERTS_PER_USER, MAX_SAVED_OFFERS_PER_USER } from "#common/jobs";
import { alertas, ofertasGuardadas } from "#server/db/schema";
import { createCandidate, createCompany, insertOffer } from "#tests/factories/jobs";
import { BrowserClient } from "#tests/support/browser-client";
import { startTestServer, type TestServer } from "#tests/support/test-server";

// Per-user limits must hold under concurrency: 40 parallel requests of one user may not exceed them.
let server: TestServer;
let empresaId: number;

beforeAll(async () => {
  server = await startTestServer();
  empresaId = (await createCompany(server.ctx, "Laboratorios Límite")).empresa.id;
});
afterAll(() => server?.close());

async function signedInCandidate() {
  const user = await createCandidate(server.ctx, { nombre: "Paralela" });
  const client = await new BrowserClient(server).signInAs(user.id);
  await client.csrf();
  return { user, client };
}

describe("per-user limits under 40 parallel calls", () => {
  it("creates exactly the maximum number of alerts and refuses the rest with 409", async () => {
    const { user, client } = await signedInCandidate();
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => client.json("/api/empleo/alertas", { pais: "espana", q: `alerta ${i}` }).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(MAX_ALERTS_PER_USER);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40 - MAX_ALERTS_PER_USER);
    const rows = await server.ctx.db.select({ id: alertas.id }).from(alertas).where(eq(alertas.userId, user.id));
    expect(rows).toHaveLength(MAX_ALERTS_PER_USER);
    const refused = await client.json("/api/empleo/alertas", { pais: "espana" });
    expect((await refused.json()).message).toBe(`Puedes tener como máximo ${MAX_ALERTS_PER_USER} alertas. Elimina alguna para crear otra.`);
  });

  it("saves at most the maximum number of offers", async () => {
    const { user, client } = await signedInCandidate();
    const offers = [];
    for (let i = 0; i < MAX_SAVED_OFFERS_PER_USER + 20; i++) offers.push(await insertOffer(server.ctx, empresaId));
    const already = offers.slice(0, MAX_SAVED_OFFERS_PER_USER - 20);
    await server.ctx.db.insert(ofertasGuardadas).values(already.map((o) => ({ userId: user.id, ofertaId: o.id })));

    const rest = offers.slice(MAX_SAVED_OFFERS_PER_USER - 20);
    const statuses = await Promise.all(
      rest.map((o) => client.fetch(`/api/empleo/ofertas/${o.id}/guardada`, { method: "PUT" }).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 204)).toHaveLength(20);
    expect(statuses.filter((s) => s === 409)).toHaveLength(20);
    const rows = await server.ctx.db.select({ id: ofertasGuardadas.id }).from(ofertasGuardadas).where(eq(ofertasGuardadas.userId, user.id));
    expect(rows).toHaveLength(MAX_SAVED_OFFERS_PER_USER);
    // Saving one already saved stays a no-op at the limit.
    expect((await client.fetch(`/api/empleo/ofertas/${already[0]?.id}/guardada`, { method: "PUT" })).status).toBe(204);
  });
});
