/**
 * What the standalone search benches (jobs-search.ts, product-search.ts) open before seeding: a
 * PostgreSQL database BENCH_DATABASE (else `defaultName`), created if missing and kept between runs
 * so a second run skips most of the seeding, and an app context on it with a throw-away data folder.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { closeAppContext, createAppContext } from "#server/boot";
import { loadConfig } from "#server/config";
import type { AppContext } from "#server/context";
import { createLogger } from "#server/platform/logger";

export type BenchContext = { ctx: AppContext; name: string; close: () => Promise<void> };

/** The 1, 5 and 15 minute load averages, as each bench prints them beside its figures. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

export async function openBenchContext(defaultName: string): Promise<BenchContext> {
  const admin = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = process.env.BENCH_DATABASE?.match(/^[a-z_][a-z0-9_]*$/)?.[0] ?? defaultName;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  if (!(await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])).rowCount) await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `farmanexo-${defaultName}-`));
  const env = {
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    SEED_DEMO: "false",
    LOG_LEVEL: "warn",
    DATABASE_URL: url.toString(),
    PORT: "3000",
  };
  const ctx = await createAppContext(loadConfig(env), { logger: createLogger("warn"), mailPolling: false });
  return {
    ctx,
    name,
    close: async () => {
      await closeAppContext(ctx);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
