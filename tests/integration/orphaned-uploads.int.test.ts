import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { candidaturas } from "#server/db/schema";
import { ORPHAN_MIN_AGE_MS, sweepOrphanedUploads, UPLOAD_SWEEP_LOCK_KEY } from "#server/platform/upload-sweeper";
import { createCandidate, createCompany, insertOffer, PDF_BYTES } from "#tests/factories/jobs";
import { BrowserClient } from "#tests/support/browser-client";
import { testDbKind } from "#tests/support/databases";
import { startTestServer, type TestServer } from "#tests/support/test-server";

// Issue 8 #11: a crash (kill -9) between storing a CV and committing its application leaves a file
// no row refers to. The sweep deletes such files once they are old enough, on one instance at a time.
let server: TestServer;
let uploads: string;
beforeAll(async () => {
  server = await startTestServer();
  uploads = path.join(server.ctx.config.dataDir, "uploads");
});
afterAll(() => server?.close());

const pdf = () => new Blob([PDF_BYTES as Uint8Array<ArrayBuffer>], { type: "application/pdf" });
const exists = (key: string) => fs.existsSync(path.join(uploads, key));
const age = (key: string, ms: number) => {
  const when = new Date(Date.now() - ms);
  fs.utimesSync(path.join(uploads, key), when, when);
};

describe("orphaned uploads", () => {
  it("are deleted once old enough; files rows refer to, and recent ones, stay", async () => {
    const empresaId = (await createCompany(server.ctx, "Laboratorios Huérfanos")).empresa.id;
    const offer = await insertOffer(server.ctx, empresaId);
    const candidate = await createCandidate(server.ctx, { nombre: "Ana" });
    const client = await new BrowserClient(server).signInAs(candidate.id);
    const body = new FormData();
    body.set("cv", pdf(), "cv.pdf");
    expect((await client.fetch(`/api/empleo/ofertas/${offer.id}/candidaturas`, { method: "POST", body })).status).toBe(201);
    const [application] = await server.ctx.db.select().from(candidaturas).where(eq(candidaturas.userId, candidate.id));
    const kept = application?.cvKey as string;

    // What a crash between storing and committing leaves: files without a row.
    const crashed = (await server.ctx.storage.save("cv", pdf(), { allowed: ["pdf"], maxBytes: 1_000_000, label: "CV" })).key;
    const inFlight = (await server.ctx.storage.save("cv", pdf(), { allowed: ["pdf"], maxBytes: 1_000_000, label: "CV" })).key;
    const avatar = (await server.ctx.storage.store("avatars", new Uint8Array([1, 2, 3]), "webp")).key;
    const unowned = (await server.ctx.storage.store("otros", new Uint8Array([1, 2, 3]), "webp")).key;
    for (const key of [kept, crashed, avatar, unowned]) age(key, ORPHAN_MIN_AGE_MS + 60_000);

    const removed = await sweepOrphanedUploads(server.ctx);
    expect(removed?.sort()).toEqual([avatar, crashed].sort());
    expect(exists(crashed)).toBe(false);
    expect(exists(avatar)).toBe(false);
    expect(exists(kept)).toBe(true); // its application refers to it
    expect(exists(inFlight)).toBe(true); // may still be on its way to a commit
    expect(exists(unowned)).toBe(true); // no owner registered for the folder: never swept
    expect((await client.get(`/api/empleo/candidaturas`)).status).toBe(200);
  });

  it.skipIf(testDbKind() !== "postgres")("runs on one instance at a time", async () => {
    const second = await startTestServer({}, { shareDatabaseWith: server });
    try {
      const crashed = (await server.ctx.storage.save("cv", pdf(), { allowed: ["pdf"], maxBytes: 1_000_000, label: "CV" })).key;
      age(crashed, ORPHAN_MIN_AGE_MS + 60_000);
      // Another instance is sweeping (holds the lock): this one skips.
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locked: () => void = () => {};
      const lockTaken = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const holder = second.ctx.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${UPLOAD_SWEEP_LOCK_KEY})`);
        locked();
        await held;
      });
      await lockTaken;
      expect(await sweepOrphanedUploads(server.ctx)).toBeNull();
      expect(exists(crashed)).toBe(true);
      release();
      await holder;
      expect(await sweepOrphanedUploads(server.ctx)).toEqual([crashed]);
    } finally {
      await second.close();
    }
  });
});
