import path from "node:path";
import { fileURLToPath } from "node:url";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import type { Database } from "./client";

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");
const MIGRATION_LOCK_KEY = 725841;

/** Applies pending migrations; safe when several instances start together on one PostgreSQL. */
export async function migrateDatabase(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (database.kind === "pglite") {
    await migratePglite(database.db as unknown as PgliteDatabase, config);
    return;
  }
  // A session-level advisory lock needs one connection for lock, migrate and unlock.
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migratePg(drizzle(client), config);
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    await client.end();
  }
}
