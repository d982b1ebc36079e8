import { execFile, spawn } from "node:child_process";
import fs from "node:fs/promises";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client";

const run = promisify(execFile);

/**
 * pg_dump and pg_restore get the connection through the libpq environment, never on their command
 * line: a password in argv is readable by every user of the host (ps).
 */
export function libpqEnvironment(url: string): NodeJS.ProcessEnv {
  const parsed = new URL(url);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PGHOST: decodeURIComponent(parsed.hostname.replace(/^\[|\]$/g, "")) || "localhost",
    PGPORT: parsed.port || "5432",
    PGDATABASE: decodeURIComponent(parsed.pathname.slice(1)) || "postgres",
    PGUSER: decodeURIComponent(parsed.username) || "postgres",
  };
  if (parsed.password) env.PGPASSWORD = decodeURIComponent(parsed.password);
  const sslmode = parsed.searchParams.get("sslmode");
  if (sslmode) env.PGSSLMODE = sslmode;
  // A host=/path parameter (a Unix socket directory) wins over the URL's host, as in libpq.
  const host = parsed.searchParams.get("host");
  if (host) env.PGHOST = host;
  return env;
}

const MISSING_TOOL =
  "No se encuentra pg_dump/pg_restore: instale el cliente de PostgreSQL (bash scripts/ensure-system-packages.sh o apt-get install postgresql-client).";

/** "pg_dump (PostgreSQL) 15.20 …" → "pg_dump 15.20"; a clear message when the tool is missing. */
export async function toolVersion(tool: "pg_dump" | "pg_restore"): Promise<string> {
  try {
    const { stdout } = await run(tool, ["--version"]);
    return stdout.trim();
  } catch {
    throw new Error(MISSING_TOOL);
  }
}

/** Runs a PostgreSQL tool; its standard error becomes the error's message (it names no password). */
function runTool(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("error", () => reject(new Error(MISSING_TOOL)));
    child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`${tool} terminó con el código ${code}: ${stderr.trim()}`))));
  });
}

/**
 * The whole database in pg_dump's custom format (compressed, restorable table by table), as seen
 * by `snapshot` (pg_export_snapshot() of a transaction the caller holds open).
 */
export async function dumpPostgres(url: string, file: string, snapshot: string): Promise<void> {
  const args = ["--format=custom", "--no-owner", "--no-acl", `--snapshot=${snapshot}`, `--file=${file}`];
  await runTool("pg_dump", args, libpqEnvironment(url));
}

export async function restorePostgres(url: string, file: string): Promise<void> {
  const env = libpqEnvironment(url);
  // One transaction: a restore that fails half-way leaves the database as empty as it found it.
  // Without --dbname pg_restore would print SQL instead; the name alone carries no secret.
  const args = ["--no-owner", "--no-acl", "--exit-on-error", "--single-transaction", `--dbname=${env.PGDATABASE}`, file];
  await runTool("pg_restore", args, env);
}

/** The PGlite data directory as PGlite's own gzipped tarball (what `loadDataDir` accepts back). */
export async function dumpPglite(db: Db, file: string): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: dumpDataDir lives on the PGlite client behind Drizzle.
  const client = (db as any).$client as { dumpDataDir(compression: "gzip"): Promise<Blob> };
  const dump = await client.dumpDataDir("gzip");
  await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
}

/** Tables of the application's schemas: a database with none is empty (safe to restore into). */
export async function tableCount(db: Db): Promise<number> {
  const result = (await db.execute(sql`SELECT count(*) AS n FROM pg_tables WHERE schemaname IN ('public', 'drizzle')`)) as unknown;
  const rows = ((result as { rows?: Array<{ n: string | number }> }).rows ?? result) as Array<{ n: string | number }>;
  return Number(rows[0]?.n ?? 0);
}

/** Empties a PostgreSQL database for `--force`: the application's schemas, extensions included. */
export async function emptyPostgres(db: Db): Promise<void> {
  await db.execute(sql`DROP SCHEMA IF EXISTS drizzle CASCADE`);
  await db.execute(sql`DROP SCHEMA IF EXISTS public CASCADE`);
  await db.execute(sql`CREATE SCHEMA public`);
}
