import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createUser } from "#server/accounts/factories";
import { createStorage, USAGE_TTL_MS } from "#server/platform/storage";
import { s3Backend } from "#server/platform/storage-s3";
import { BrowserClient } from "#tests/support/browser-client";
import { startTestS3Server, type TestS3Server } from "#tests/support/s3-server";
import { startTestServer } from "#tests/support/test-server";

// Issue 33: the operator's dashboard shows what the uploads take in the bucket (the deployment's
// prefix only), listed page by page (ListObjectsV2) every few minutes, never per view.
let bucket: TestS3Server;

beforeAll(async () => {
  bucket = await startTestS3Server({ buckets: ["farmanexo"] });
});
afterAll(() => bucket?.close());

const settings = (s3: TestS3Server, overrides: { bucket?: string; prefix?: string } = {}) => ({
  url: s3.url,
  bucket: overrides.bucket ?? "farmanexo",
  region: "us-east-1",
  accessKeyId: s3.accessKeyId,
  secretAccessKey: s3.secretAccessKey,
  forcePathStyle: true,
  prefix: overrides.prefix ?? "",
});
// A listing is a GET of the bucket itself (path-style), with or without its trailing slash.
const listingsOf = (name: string) => bucket.requests.filter((r) => r === `GET /${name}` || r === `GET /${name}/`).length;
const listings = () => listingsOf("farmanexo");

describe("the size of an S3 bucket", () => {
  it("sums every page of the deployment's prefix, once for every reader until it is five minutes old", async () => {
    let now = Date.parse("2026-12-07T10:00:00Z");
    const storage = createStorage(s3Backend(settings(bucket, { prefix: "despliegue-a/" })), () => now);
    const other = createStorage(s3Backend(settings(bucket, { prefix: "despliegue-b/" })));
    await other.store("cv", new Uint8Array(10_000), "pdf"); // another deployment's file: not ours
    for (const size of [100, 200, 300, 400, 500]) await storage.store("cv", new Uint8Array(size), "pdf");
    bucket.listPageSize = 2;
    const before = listings();

    expect(await storage.usage()).toMatchObject({ state: "measured", bytes: 1500, objects: 5, measuredAt: "2026-12-07T10:00:00.000Z" });
    expect(listings() - before).toBe(3); // 2 + 2 + 1 objects

    // Within five minutes: the same figure, nothing listed, whoever asks.
    await storage.store("cv", new Uint8Array(1000), "pdf");
    now += USAGE_TTL_MS - 1;
    const readers = await Promise.all([storage.usage(), storage.usage(), storage.usage()]);
    expect(readers.map((u) => u.state === "measured" && u.bytes)).toEqual([1500, 1500, 1500]);
    expect(listings() - before).toBe(3);

    // Older: answered at once with the last figure, measured again in the background (one listing).
    now += 1;
    const [stale, alsoStale] = await Promise.all([storage.usage(), storage.usage()]);
    expect(stale).toMatchObject({ bytes: 1500 });
    expect(alsoStale).toMatchObject({ bytes: 1500 });
    await vi.waitFor(async () => expect(await storage.usage()).toMatchObject({ state: "measured", bytes: 2500, objects: 6 }), {
      timeout: 10_000,
    });
    expect(listings() - before).toBe(3 + 3);
    bucket.listPageSize = 1000;
  });

  it("says the measure failed when the bucket cannot be listed, and tries again on the next view", async () => {
    const storage = createStorage(s3Backend(settings(bucket, { bucket: "no-existe" })));
    expect(await storage.usage()).toEqual({ state: "failed" });
    const before = listingsOf("no-existe");
    expect(await storage.usage()).toEqual({ state: "failed" });
    expect(listingsOf("no-existe")).toBe(before + 1);
  });

  it("is shown on the operator's dashboard with the number of files", async () => {
    const server = await startTestServer({
      S3_URL: bucket.url,
      S3_BUCKET: "farmanexo",
      S3_PREFIX: "panel/",
      S3_ACCESS_KEY_ID: bucket.accessKeyId,
      S3_SECRET_ACCESS_KEY: bucket.secretAccessKey,
    });
    try {
      await server.ctx.storage.store("cv", new Uint8Array(3 * 1024), "pdf");
      await server.ctx.storage.store("cv", new Uint8Array(5 * 1024), "pdf");
      const admin = await new BrowserClient(server).signInAs((await createUser(server.ctx.db, { roles: ["admin"] })).id);
      const html = await (await admin.fetch("/app/admin/operaciones", { headers: { Accept: "text/html" } })).text();
      const text = html
        .replace(/<script[\s\S]*?<\/script>/g, "")
        .replace(/<[^>]+>/g, " ")
        .replace(/&nbsp;|\u00a0/g, " ")
        .replace(/\s+/g, " ");
      expect(text).toMatch(/Ficheros subidos 8 KB 2 ficheros en el bucket · medido/);
    } finally {
      await server.close();
    }
  }, 120_000);
});
