import { openAsBlob } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { type Database, openPglite, openPostgres } from "#server/db/client";
import { type FileKind, KEY_PATTERN, MIME_TYPES, type StorageBackend } from "#server/platform/storage";
import { unpackArchive } from "./archive";
import { emptyPostgres, restorePostgres, tableCount, toolVersion } from "./dump";
import {
  countRows,
  describePart,
  FORMAT,
  MANIFEST,
  MANIFEST_CHECKSUM,
  type Manifest,
  migrationJournal,
  sha256,
  sha256File,
  UPLOADS_DIR,
} from "./manifest";

export type RestoreTarget = { kind: "pglite"; dataDir: string } | { kind: "postgres"; url: string };

/** A refusal the operator can act on: the CLI prints its (Spanish) message, without a stack. */
export class RestoreRefused extends Error {
  override name = "RestoreRefused";
}

/**
 * Restores a backup file made by createBackup (decision 0101): checks `<file>.sha256` when it is
 * there, the manifest's checksum and every part's SHA-256, refuses a database that has tables or a
 * storage that has files unless `force`, then loads the dump and the uploads and compares the row
 * counts with the manifest's.
 */
export async function restoreBackup(options: {
  file: string;
  target: RestoreTarget;
  storage: StorageBackend;
  force?: boolean;
}): Promise<Manifest> {
  const { file, target, storage } = options;
  await verifyWholeFile(file);
  const staging = await fs.mkdtemp(path.join(path.dirname(path.resolve(file)), ".farmanexo-restore-"));
  try {
    await unpackArchive(file, staging);
    const manifest = await verifiedManifest(staging);
    if (manifest.database.kind !== target.kind) {
      throw new RestoreRefused(
        `La copia es de ${manifest.database.kind === "pglite" ? "PGlite" : "PostgreSQL"} y el destino es ${target.kind === "pglite" ? "PGlite" : "PostgreSQL"}: restáurela en el mismo tipo de base de datos.`,
      );
    }
    if (target.kind === "postgres") await toolVersion("pg_restore");
    await makeRoom(target, storage, Boolean(options.force));
    const database = await loadDatabase(target, path.join(staging, manifest.database.part.name));
    try {
      await compareCounts(database, manifest.counts);
    } finally {
      await database.close();
    }
    for (const part of manifest.uploads.files) {
      const key = part.name.slice(UPLOADS_DIR.length + 1);
      const bytes = await fs.readFile(path.join(staging, part.name));
      await storage.put(key, bytes, MIME_TYPES[key.split(".").pop() as FileKind] ?? "application/octet-stream");
    }
    return manifest;
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

async function verifyWholeFile(file: string) {
  await fs.access(file).catch(() => {
    throw new RestoreRefused(`No existe el archivo ${file}.`);
  });
  const sidecar = await fs.readFile(`${file}.sha256`, "utf8").catch(() => undefined);
  if (sidecar === undefined) return;
  if (sidecar.split(/\s+/)[0] !== (await sha256File(file))) {
    throw new RestoreRefused(`La suma SHA-256 de ${file} no coincide con ${file}.sha256: el archivo está dañado o incompleto.`);
  }
}

/** The manifest, after checking its own checksum, its format, its migration and every part's hash. */
async function verifiedManifest(staging: string): Promise<Manifest> {
  const text = await fs.readFile(path.join(staging, MANIFEST), "utf8").catch(() => undefined);
  const expected = await fs.readFile(path.join(staging, MANIFEST_CHECKSUM), "utf8").catch(() => undefined);
  if (text === undefined || expected === undefined)
    throw new RestoreRefused("El archivo no es una copia de seguridad de Farmanexo (falta el manifiesto).");
  if (expected.split(/\s+/)[0] !== sha256(text))
    throw new RestoreRefused("El manifiesto de la copia no coincide con su suma SHA-256: la copia está dañada.");
  const manifest = JSON.parse(text) as Manifest;
  if (manifest.format !== FORMAT) throw new RestoreRefused(`Formato de copia desconocido: ${String(manifest.format)}.`);
  const tags = (await migrationJournal()).map((entry) => entry.tag);
  if (manifest.migration && !tags.includes(manifest.migration)) {
    throw new RestoreRefused(
      `La copia llega hasta la migración ${manifest.migration}, que esta versión de la aplicación no conoce: restáurela con la versión que la creó (${manifest.versions.app}) o una posterior.`,
    );
  }
  for (const part of [manifest.database.part, ...manifest.uploads.files]) {
    const isUpload = part.name.startsWith(`${UPLOADS_DIR}/`);
    const allowed = isUpload ? KEY_PATTERN.test(part.name.slice(UPLOADS_DIR.length + 1)) : /^database\.[a-z.]+$/.test(part.name);
    if (!allowed) throw new RestoreRefused(`La copia nombra una parte no válida: ${part.name}.`);
    const found = await describePart(staging, part.name).catch(() => undefined);
    if (!found) throw new RestoreRefused(`Falta la parte ${part.name} en la copia.`);
    if (found.sha256 !== part.sha256 || found.bytes !== part.bytes)
      throw new RestoreRefused(`La parte ${part.name} no coincide con su suma SHA-256: la copia está dañada.`);
  }
  return manifest;
}

const pgliteHasFiles = async (dataDir: string) => (await fs.readdir(dataDir).catch(() => [])).length > 0;

/** Refuses a target with data unless forced; forced, empties the database (never the other uploads). */
async function makeRoom(target: RestoreTarget, storage: StorageBackend, force: boolean) {
  let tables = 0;
  if (target.kind === "postgres") {
    const database = await openPostgres(target.url, { max: 1 });
    try {
      tables = await tableCount(database.db);
      if (tables > 0 && force) await emptyPostgres(database.db);
    } finally {
      await database.close();
    }
  } else if (await pgliteHasFiles(target.dataDir)) {
    const database = await openPglite(target.dataDir);
    tables = await tableCount(database.db).finally(() => database.close());
    // Even a PGlite without tables is replaced whole: loadDataDir needs a directory of its own.
    if (tables === 0 || force) await fs.rm(target.dataDir, { recursive: true, force: true });
  }
  const files = (await storage.listAll()).length;
  if ((tables > 0 || files > 0) && !force) {
    throw new RestoreRefused(
      `El destino no está vacío (${tables} tablas, ${files} archivos subidos): vacíelo o repita con --force para reemplazar la base de datos.`,
    );
  }
}

async function loadDatabase(target: RestoreTarget, dump: string): Promise<Database> {
  if (target.kind === "postgres") {
    await restorePostgres(target.url, dump);
    return openPostgres(target.url, { max: 2 });
  }
  return openPglite(target.dataDir, { loadDataDir: await openAsBlob(dump) });
}

async function compareCounts(database: Database, expected: Record<string, number>) {
  const found = await countRows(database.db);
  const differences = [...new Set([...Object.keys(expected), ...Object.keys(found)])]
    .filter((table) => expected[table] !== found[table])
    .map((table) => `${table}: ${expected[table] ?? "—"} en la copia, ${found[table] ?? "—"} restauradas`);
  if (differences.length > 0) throw new Error(`Las filas restauradas no coinciden con el manifiesto: ${differences.join("; ")}.`);
}
