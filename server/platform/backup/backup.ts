import fs from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import type { StorageBackend } from "#server/platform/storage";
import { packDirectory } from "./archive";
import { dumpPglite, dumpPostgres, toolVersion } from "./dump";
import {
  countRows,
  describePart,
  FORMAT,
  lastMigration,
  MANIFEST,
  MANIFEST_CHECKSUM,
  type Manifest,
  type Part,
  serverVersion,
  sha256,
  UPLOADS_DIR,
} from "./manifest";
import { appVersion, pgliteVersion } from "./versions";

export type BackupSource = { database: Database; storage: StorageBackend };

/**
 * Writes one backup file (decision 0101): the database's dump, every upload, a manifest with
 * versions, the last migration, row counts and a SHA-256 per part, the manifest's own checksum
 * inside, and `<file>.sha256` beside it (`sha256sum -c` checks it). Returns the manifest.
 */
export async function createBackup(source: BackupSource, file: string): Promise<Manifest> {
  const staging = await fs.mkdtemp(path.join(path.dirname(path.resolve(file)), ".farmanexo-backup-"));
  try {
    const { database, storage } = source;
    const snapshot =
      database.kind === "postgres" ? await dumpPostgresConsistently(database, staging) : await dumpPgliteWhole(database, staging);
    const files = await copyUploads(storage, staging);
    const manifest: Manifest = {
      format: FORMAT,
      createdAt: new Date().toISOString(),
      versions: { app: await appVersion(), node: process.version, database: snapshot.serverVersion, dumpTool: snapshot.dumpTool },
      database: { kind: database.kind, part: snapshot.part },
      migration: snapshot.migration,
      counts: snapshot.counts,
      uploads: { backend: storage.kind, files },
    };
    const text = `${JSON.stringify(manifest, null, 2)}\n`;
    await fs.writeFile(path.join(staging, MANIFEST), text);
    await fs.writeFile(path.join(staging, MANIFEST_CHECKSUM), `${sha256(text)}  ${MANIFEST}\n`);
    const partial = `${file}.partial`;
    const entries = [MANIFEST, MANIFEST_CHECKSUM, snapshot.part.name, ...(files.length ? [UPLOADS_DIR] : [])];
    await packDirectory(staging, entries, partial);
    // Personal data: readable by the operator's account only, whatever the umask.
    await fs.chmod(partial, 0o600);
    // Renamed only when whole: a crash mid-way never leaves a file that looks like a backup.
    await fs.rename(partial, file);
    const { sha256: whole } = await describePart(path.dirname(file), path.basename(file));
    await fs.writeFile(`${file}.sha256`, `${whole}  ${path.basename(file)}\n`);
    return manifest;
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

type Snapshot = { part: Part; counts: Record<string, number>; migration: string | null; serverVersion: string; dumpTool: string };

/**
 * PostgreSQL keeps serving while it is backed up: the counts and pg_dump read one exported snapshot
 * (a repeatable-read transaction held open for the dump), so the manifest describes exactly the dump.
 */
async function dumpPostgresConsistently(database: Database, staging: string): Promise<Snapshot> {
  const dumpTool = await toolVersion("pg_dump");
  const name = "database.pgdump";
  return database.db.transaction(
    async (tx) => {
      const result = (await tx.execute(sql`SELECT pg_export_snapshot() AS id`)) as unknown as { rows: Array<{ id: string }> };
      const snapshotId = result.rows[0]?.id ?? "";
      const counts = await countRows(tx);
      const migration = await lastMigration(tx);
      await dumpPostgres(database.url ?? "", path.join(staging, name), snapshotId);
      return { part: await describePart(staging, name), counts, migration, serverVersion: await serverVersion(tx), dumpTool };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/** PGlite has one user, this process (the server is stopped: README "Operaciones"), so no snapshot is needed. */
async function dumpPgliteWhole(database: Database, staging: string): Promise<Snapshot> {
  const name = "database.pglite.tar.gz";
  const counts = await countRows(database.db);
  const migration = await lastMigration(database.db);
  await dumpPglite(database.db, path.join(staging, name));
  return {
    part: await describePart(staging, name),
    counts,
    migration,
    serverVersion: await serverVersion(database.db),
    dumpTool: `PGlite ${await pgliteVersion()} dumpDataDir`,
  };
}

/** Every upload into staging/uploads/<key>; one deleted since it was listed is simply not there. */
async function copyUploads(storage: StorageBackend, staging: string): Promise<Part[]> {
  const parts: Part[] = [];
  for (const key of await storage.listAll()) {
    const bytes = await storage.get(key);
    if (!bytes) continue;
    const name = `${UPLOADS_DIR}/${key}`;
    await fs.mkdir(path.dirname(path.join(staging, name)), { recursive: true });
    await fs.writeFile(path.join(staging, name), bytes, { mode: 0o600 });
    parts.push({ name, bytes: bytes.length, sha256: sha256(bytes) });
  }
  return parts;
}
