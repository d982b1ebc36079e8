import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "#server/accounts/factories";
import { consentRecords, legalAcceptances, users } from "#server/db/schema";
import { runRetention } from "#server/privacy";
import { BrowserClient } from "#tests/support/browser-client";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { currentLegalDocument } from "./documents.service";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const YEAR = 365.25 * 86_400_000;

const advertisingLog = (userId: number) =>
  server.ctx.db
    .select({ granted: consentRecords.granted, source: consentRecords.source })
    .from(consentRecords)
    .where(and(eq(consentRecords.userId, userId), eq(consentRecords.purpose, "publicidad")))
    .orderBy(consentRecords.id);

describe("the consent log (issue 27)", () => {
  it("records each change of the advertising choice made in Mi cuenta, and nothing when it is saved unchanged", async () => {
    const user = await createUser(server.ctx.db);
    const client = await new BrowserClient(server).signInAs(user.id);
    const save = (publicidad: number) =>
      client.json("/api/user/profile", { nombre: "Irene", apellidos: "Soler", pais_id: 28, publicidad }, "PUT");
    expect((await save(1)).status).toBe(200);
    expect((await save(1)).status).toBe(200);
    expect((await save(0)).status).toBe(200);
    expect(await advertisingLog(user.id)).toEqual([
      { granted: true, source: "cuenta" },
      { granted: false, source: "cuenta" },
    ]);
  });

  it("keeps an erased account's acceptances and consents 5 years after its erasure, as the privacy policy says, then deletes them", async () => {
    const terms = await currentLegalDocument(server.ctx.db, "condiciones");
    const erasedLongAgo = await createUser(server.ctx.db);
    const erasedRecently = await createUser(server.ctx.db);
    for (const [user, years] of [
      [erasedLongAgo, 5.1],
      [erasedRecently, 4.9],
    ] as const) {
      await server.ctx.db.insert(consentRecords).values({ userId: user.id, purpose: "publicidad", granted: true, source: "registro" });
      await server.ctx.db.insert(legalAcceptances).values({ userId: user.id, documentId: terms.id, source: "registro" });
      await server.ctx.db
        .update(users)
        .set({ nombre: "Usuario eliminado", deletedAt: new Date(Date.now() - years * YEAR) })
        .where(eq(users.id, user.id));
    }
    const done = await runRetention(server.ctx);
    expect(done?.prunedConsents).toBe(2);
    const left = async (userId: number) => [
      (await server.ctx.db.select().from(consentRecords).where(eq(consentRecords.userId, userId))).length,
      (await server.ctx.db.select().from(legalAcceptances).where(eq(legalAcceptances.userId, userId))).length,
    ];
    expect(await left(erasedLongAgo.id)).toEqual([0, 0]);
    expect(await left(erasedRecently.id)).toEqual([1, 1]);
  });
});
