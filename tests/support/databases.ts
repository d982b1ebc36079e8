import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { type Database, openPglite, openPostgres } from "#server/db/client";
import { migrateDatabase } from "#server/db/migrate";
import { syncReferenceData } from "#server/reference/sync";

/**
 * Test databases: migrated once into a template (a PGlite data-dir dump, or a PostgreSQL template
 * database), then copied for each test file, so every file starts from the same clean state.
 */
export const TEMPLATE_DIR = path.resolve(".tmp");
const pgliteTemplatePath = (id: string) => path.join(TEMPLATE_DIR, `pglite-template-${id}.tar.gz`);

export function testDbKind(): "pglite" | "postgres" {
  return process.env.TEST_DB === "postgres" ? "postgres" : "pglite";
}

export function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url)
    throw new Error("TEST_DATABASE_URL is not set: run the suite through `npm test` (scripts/test.sh), which finds or starts PostgreSQL.");
  return url;
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function prepare(database: Database) {
  await migrateDatabase(database);
  await syncReferenceData(database.db);
}

/** Builds the PGlite template and returns its path (one per test run, so runs can overlap). */
export async function buildPgliteTemplate(): Promise<string> {
  const file = pgliteTemplatePath(String(process.pid));
  fs.mkdirSync(TEMPLATE_DIR, { recursive: true });
  const database = await openPglite(undefined);
  await prepare(database);
  // biome-ignore lint/suspicious/noExplicitAny: dumpDataDir lives on the PGlite client behind Drizzle.
  const client = (database.db as any).$client;
  const dump: Blob = await client.dumpDataDir("gzip");
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  return file;
}

export async function buildPostgresTemplate(templateName: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${templateName} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${templateName}`);
  } finally {
    await admin.end();
  }
  const database = await openPostgres(withDatabase(adminUrl(), templateName), { max: 2 });
  await prepare(database);
  await database.close();
}

export async function dropPostgresDatabase(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/** A fresh database for one test file, copied from the template. */
export async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (testDbKind() === "pglite") {
    const blob = new Blob([fs.readFileSync(inject("pgliteTemplate"))]);
    const database = await openPglite(undefined, { loadDataDir: blob });
    return { database, drop: async () => {} };
  }
  const name = `farmanexo_t_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateNameFromEnv()}`);
  } finally {
    await admin.end();
  }
  const database = await openPostgres(withDatabase(adminUrl(), name), { max: 5 });
  return { database, drop: () => dropPostgresDatabase(name) };
}

export function templateNameFromEnv(): string {
  const name = inject("pgTemplate");
  if (!name) throw new Error("No PostgreSQL template: the global setup did not run");
  return name;
}
