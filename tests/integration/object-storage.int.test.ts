import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStorage } from "#server/platform/storage";
import { s3Backend } from "#server/platform/storage-s3";
import { createCandidate, createCompany, insertOffer, PDF_BYTES } from "#tests/factories/jobs";
import { BrowserClient } from "#tests/support/browser-client";
import { startTestS3Server, type TestS3Server } from "#tests/support/s3-server";
import { startTestServer, type TestServer } from "#tests/support/test-server";

// Uploads in an S3-compatible bucket (S3_URL), over the real S3 protocol (AWS SDK, SigV4) against a
// server on loopback. The scale-out test runs two instances on one bucket.
let bucket: TestS3Server;
let server: TestServer;
beforeAll(async () => {
  bucket = await startTestS3Server({ buckets: ["farmanexo"] });
  server = await startTestServer({
    S3_URL: bucket.url,
    S3_BUCKET: "farmanexo",
    S3_ACCESS_KEY_ID: bucket.accessKeyId,
    S3_SECRET_ACCESS_KEY: bucket.secretAccessKey,
    S3_PREFIX: "uploads/",
  });
});
afterAll(async () => {
  await server?.close();
  await bucket?.close();
});

const settings = () => ({
  url: bucket.url,
  bucket: "farmanexo",
  region: "us-east-1",
  accessKeyId: bucket.accessKeyId,
  secretAccessKey: bucket.secretAccessKey,
  forcePathStyle: true,
  prefix: "",
});

describe("uploads in an S3-compatible bucket", () => {
  it("keeps a candidate's CV in the bucket and hands it only to the company, through the app", async () => {
    expect(server.ctx.storage.kind).toBe("s3");
    const owner = await createCompany(server.ctx, "Laboratorios Nube");
    const offerId = (await insertOffer(server.ctx, owner.empresa.id)).id;
    const candidate = await new BrowserClient(server).signInAs((await createCandidate(server.ctx, { nombre: "Marta" })).id);
    const body = new FormData();
    body.set("cv", new Blob([PDF_BYTES as Uint8Array<ArrayBuffer>]), "cv.pdf");
    body.set("carta", "Me interesa mucho el puesto.");
    expect((await candidate.fetch(`/api/empleo/ofertas/${offerId}/candidaturas`, { method: "POST", body })).status).toBe(201);
    const stored = [...bucket.objects.entries()].filter(([key]) => key.startsWith("farmanexo/uploads/cv/"));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.[1].contentType).toBe("application/pdf");

    const company = await new BrowserClient(server).signInAs(owner.user.id);
    const [application] = (await (await company.get(`/api/empleo/panel/ofertas/${offerId}/candidaturas`)).json()).items;
    const cv = await company.get(`/api/empleo/panel/candidaturas/${application.id}/cv`);
    expect(cv.status).toBe(200);
    expect(cv.headers.get("content-type")).toBe("application/pdf");
    expect(new Uint8Array(await cv.arrayBuffer())).toEqual(PDF_BYTES);
    const rival = await new BrowserClient(server).signInAs((await createCompany(server.ctx)).user.id);
    expect((await rival.get(`/api/empleo/panel/candidaturas/${application.id}/cv`)).status).toBe(404);
    expect((await server.fetch(`/api/empleo/panel/candidaturas/${application.id}/cv`)).status).toBe(401);
  });

  it("stores, reads, removes and sweeps orphans through the driver; a missing file is a 404", async () => {
    const storage = createStorage(s3Backend(settings()));
    const stored = await storage.store("otros", new Uint8Array([1, 2, 3]), "pdf");
    expect(await storage.read(stored.key)).toEqual({ bytes: Buffer.from([1, 2, 3]), mime: "application/pdf" });
    await storage.remove(stored.key);
    await expect(storage.read(stored.key)).rejects.toMatchObject({ status: 404 });
    await expect(storage.read("../../etc/passwd")).rejects.toMatchObject({ status: 404 });

    const kept = await storage.store("cv", new Uint8Array([4]), "pdf");
    const orphan = await storage.store("cv", new Uint8Array([5]), "pdf");
    storage.registerOwner("cv", async (_db, keys) => new Set(keys.filter((key) => key === kept.key)));
    expect(await storage.sweepOrphans(server.ctx.db, 0, Date.now() + 1000)).toEqual([orphan.key]);
    expect((await storage.read(kept.key)).bytes).toEqual(Buffer.from([4]));
  });

  it("fails, rather than storing anything, with the wrong credentials", async () => {
    const storage = createStorage(s3Backend({ ...settings(), secretAccessKey: "not-the-secret-0123456789" }));
    await expect(storage.store("otros", new Uint8Array([1]), "pdf")).rejects.toThrow();
    expect([...bucket.objects.keys()].filter((key) => key.startsWith("farmanexo/otros/"))).toEqual([]);
  });
});
