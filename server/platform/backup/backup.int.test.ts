import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type Database, openPglite, openPostgres } from "#server/db/client";
import { mailOutbox } from "#server/db/schema";
import { localBackend, type StorageBackend } from "#server/platform/storage";
import { s3Backend } from "#server/platform/storage-s3";
import { adminUrl, testDbKind, withDatabase } from "#tests/support/databases";
import { startTestS3Server, type TestS3Server } from "#tests/support/s3-server";
import { createBackup } from "./backup";
import { countRows, migrationJournal } from "./manifest";
import { type RestoreTarget, restoreBackup } from "./restore";

/**
 * Back up, wipe, restore, compare: on the database of this run (PGlite's data directory or a
 * PostgreSQL database) with uploads in a local directory and in an S3 bucket (loopback server).
 */
const work = fs.mkdtempSync(path.join(os.tmpdir(), "farmanexo-backup-"));
let bucket: TestS3Server;
const postgresNames: string[] = [];

beforeAll(async () => {
  bucket = await startTestS3Server({ buckets: ["copias"] });
});
afterAll(async () => {
  await bucket?.close();
  fs.rmSync(work, { recursive: true, force: true });
  if (postgresNames.length === 0) return;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  for (const name of postgresNames) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

type Setup = { target: RestoreTarget; open: () => Promise<Database>; wipe: () => Promise<void> };

/** A migrated database with reference data, as the server leaves it, and how to open and wipe it. */
async function freshDatabase(label: string): Promise<Setup> {
  if (testDbKind() === "pglite") {
    const dataDir = path.join(work, `${label}-pglite`);
    const template = new Blob([fs.readFileSync(inject("pgliteTemplate"))]);
    await (await openPglite(dataDir, { loadDataDir: template })).close();
    return {
      target: { kind: "pglite", dataDir },
      open: () => openPglite(dataDir),
      wipe: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `farmanexo_bk_${process.pid}_${label}`;
  postgresNames.push(name);
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl() });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await admin(`CREATE DATABASE ${name} TEMPLATE ${inject("pgTemplate")}`);
  const url = withDatabase(adminUrl(), name);
  return {
    target: { kind: "postgres", url },
    open: () => openPostgres(url, { max: 2 }),
    wipe: async () => {
      await admin(`DROP DATABASE ${name} WITH (FORCE)`);
      await admin(`CREATE DATABASE ${name}`);
    },
  };
}

const storages: Record<"local" | "s3", (label: string) => StorageBackend> = {
  local: (label) => localBackend(path.join(work, `${label}-data`)),
  s3: (label) =>
    s3Backend({
      url: bucket.url,
      bucket: "copias",
      region: "us-east-1",
      accessKeyId: bucket.accessKeyId,
      secretAccessKey: bucket.secretAccessKey,
      forcePathStyle: true,
      prefix: `${label}/`,
    }),
};

async function wipeStorage(storage: StorageBackend) {
  for (const key of await storage.listAll()) await storage.delete(key);
}

async function filesOf(storage: StorageBackend) {
  const files: Record<string, string> = {};
  for (const key of await storage.listAll()) files[key] = (await storage.get(key))?.toString("base64") ?? "";
  return files;
}

// A dump and a restore of the whole migrated database take seconds each on a loaded machine.
describe.each(["local", "s3"] as const)("backup and restore with uploads in %s storage", { timeout: 120_000 }, (kind) => {
  let setup: Setup;
  let storage: StorageBackend;
  let counts: Record<string, number>;
  let files: Record<string, string>;
  const file = path.join(work, `${kind}.tar`);

  beforeAll(async () => {
    setup = await freshDatabase(kind);
    storage = storages[kind](kind);
    const database = await setup.open();
    try {
      const message = { subject: "Asunto", html: "<p>Hola</p>", text: "Hola", kind: "test" };
      await database.db.insert(mailOutbox).values([1, 2, 3].map((n) => ({ ...message, to: `persona${n}@example.com` })));
      await storage.put(`cv/${randomUUID()}.pdf`, new TextEncoder().encode("%PDF-1.4 curriculum de prueba"), "application/pdf");
      await storage.put(`logos/${randomUUID()}.webp`, new Uint8Array([82, 73, 70, 70, 1, 2, 3, 4]), "image/webp");
      counts = await countRows(database.db);
      files = await filesOf(storage);
      const manifest = await createBackup({ database, storage }, file);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const journal = await migrationJournal();
      expect(manifest.migration).toBe(journal.at(-1)?.tag);
      expect(manifest.counts).toEqual(counts);
      expect(manifest.uploads.files.map((part) => part.name).sort()).toEqual(Object.keys(files).map((key) => `uploads/${key}`));
    } finally {
      await database.close();
    }
  }, 120_000);

  it("restores a wiped database and storage to the same rows and files", async () => {
    expect(counts["public.mail_outbox"]).toBe(3);
    expect(Object.keys(files)).toHaveLength(2);
    await setup.wipe();
    await wipeStorage(storage);

    const manifest = await restoreBackup({ file, target: setup.target, storage });
    expect(manifest.database.kind).toBe(testDbKind());
    const database = await setup.open();
    try {
      expect(await countRows(database.db)).toEqual(counts);
      const outbox = await database.db.select({ to: mailOutbox.to }).from(mailOutbox);
      expect(outbox.map((row) => row.to).sort()).toEqual(["persona1@example.com", "persona2@example.com", "persona3@example.com"]);
    } finally {
      await database.close();
    }
    expect(await filesOf(storage)).toEqual(files);
  });

  it("refuses a database that is not empty unless forced", async () => {
    await expect(restoreBackup({ file, target: setup.target, storage })).rejects.toThrow(/no está vacío.*--force/);
    await restoreBackup({ file, target: setup.target, storage, force: true });
    const database = await setup.open();
    try {
      expect(await countRows(database.db)).toEqual(counts);
    } finally {
      await database.close();
    }
  });

  it("refuses a damaged file before touching the database", async () => {
    const damaged = path.join(work, `${kind}-damaged.tar`);
    const bytes = fs.readFileSync(file);
    const at = bytes.indexOf("curriculum de prueba");
    bytes[at] = "C".charCodeAt(0);
    fs.writeFileSync(damaged, bytes);
    // The file's own checksum beside it catches it first…
    fs.copyFileSync(`${file}.sha256`, `${damaged}.sha256`);
    await expect(restoreBackup({ file: damaged, target: setup.target, storage, force: true })).rejects.toThrow(/SHA-256.*dañado/);
    // …and without it, the part's checksum in the manifest does.
    fs.rmSync(`${damaged}.sha256`);
    await expect(restoreBackup({ file: damaged, target: setup.target, storage, force: true })).rejects.toThrow(/uploads\/cv\/.*dañada/);
  });
});
