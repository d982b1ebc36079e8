import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { MIGRATIONS_DIR } from "#server/db/migrate";

/** The archive's parts: what a backup file holds besides its uploads (decision 0101). */
export const MANIFEST = "manifest.json";
export const MANIFEST_CHECKSUM = "manifest.json.sha256";
export const UPLOADS_DIR = "uploads";
export const FORMAT = "farmanexo-backup/1";

export type Part = { name: string; bytes: number; sha256: string };

export type Manifest = {
  format: typeof FORMAT;
  createdAt: string;
  versions: { app: string; node: string; database: string; dumpTool: string };
  database: { kind: "pglite" | "postgres"; part: Part };
  /** The last migration applied (its tag in server/db/migrations/meta/_journal.json). */
  migration: string | null;
  /** Rows per table ("schema.table"), counted when the backup was taken; restore compares them. */
  counts: Record<string, number>;
  uploads: { backend: "local" | "s3"; files: Part[] };
};

export async function sha256File(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

export const sha256 = (bytes: string | Uint8Array) => createHash("sha256").update(bytes).digest("hex");

export async function describePart(dir: string, name: string): Promise<Part> {
  const file = path.join(dir, name);
  return { name, bytes: (await fs.stat(file)).size, sha256: await sha256File(file) };
}

const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

/** Exact row counts of every table of the application's schemas (public and Drizzle's journal). */
export async function countRows(db: Db): Promise<Record<string, number>> {
  const tables = rowsOf<{ schema: string; name: string }>(
    await db.execute(sql`SELECT schemaname AS schema, tablename AS name FROM pg_tables
      WHERE schemaname IN ('public', 'drizzle') ORDER BY schemaname, tablename`),
  );
  const counts: Record<string, number> = {};
  for (const { schema, name } of tables) {
    const [row] = rowsOf<{ n: number | string }>(
      await db.execute(sql`SELECT count(*) AS n FROM ${sql.identifier(schema)}.${sql.identifier(name)}`),
    );
    counts[`${schema}.${name}`] = Number(row?.n ?? 0);
  }
  return counts;
}

type JournalEntry = { tag: string; when: number };

export async function migrationJournal(): Promise<JournalEntry[]> {
  const journal = JSON.parse(await fs.readFile(path.join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8")) as { entries: JournalEntry[] };
  return journal.entries;
}

/** The tag of the last migration applied, or null on a database never migrated. */
export async function lastMigration(db: Db): Promise<string | null> {
  const [exists] = rowsOf<{ found: boolean }>(
    await db.execute(sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS found`),
  );
  if (!exists?.found) return null;
  const [last] = rowsOf<{ created_at: string | number }>(
    await db.execute(sql`SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`),
  );
  if (!last) return null;
  const entry = (await migrationJournal()).find((candidate) => candidate.when === Number(last.created_at));
  return entry?.tag ?? `desconocida (${last.created_at})`;
}

export async function serverVersion(db: Db): Promise<string> {
  const [row] = rowsOf<{ server_version: string }>(await db.execute(sql`SHOW server_version`));
  return row?.server_version ?? "unknown";
}
