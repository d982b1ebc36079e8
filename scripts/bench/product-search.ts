/**
 * Product search timings on PostgreSQL (issue 13): seeds BENCH_PRODUCTS (50,000) catalogue products
 * into the database BENCH_DATABASE (created if missing, kept afterwards), then runs the catalogue
 * search's real query (searchProducts, through the same SQL the API runs) for misspelt queries,
 * each RUNS (20) times with EXPLAIN (ANALYZE, BUFFERS), and prints the median and p95 of the
 * server-side execution time, and the plan of the last run.
 *
 *   BENCH_DATABASE=conv_bench npx tsx scripts/bench/product-search.ts [query…]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { closeAppContext, createAppContext } from "#server/boot";
import { loadConfig } from "#server/config";
import { createLogger } from "#server/platform/logger";
import { productSearchSql } from "#server/visita/search.service";
import { seedBenchProducts } from "./seed";

const ADMIN = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const NAME = process.env.BENCH_DATABASE?.match(/^[a-z_][a-z0-9_]*$/)?.[0] ?? "bench_products";
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 50_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const QUERIES = process.argv.slice(2).length ? process.argv.slice(2) : ["ibuprofen", "amoxicillina", "paracetamo", "laboratrios cinfa"];

const url = new URL(ADMIN);
const admin = new pg.Client({ connectionString: ADMIN });
await admin.connect();
if (!(await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [NAME])).rowCount) await admin.query(`CREATE DATABASE ${NAME}`);
await admin.end();
url.pathname = `/${NAME}`;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "farmanexo-product-search-"));
const env = {
  NODE_ENV: "production",
  DATA_DIR: dataDir,
  SEED_DEMO: "false",
  LOG_LEVEL: "warn",
  DATABASE_URL: url.toString(),
  PORT: "3000",
};
const ctx = await createAppContext(loadConfig(env), { logger: createLogger("warn"), mailPolling: false });
const seeded = await seedBenchProducts(ctx, PRODUCTS);
const queries = QUERIES.map((q) => ({ q, ...productSearchSql(ctx.db, q) }));
await closeAppContext(ctx);
console.log(`${seeded.total} products in ${NAME}`);

const client = new pg.Client({ connectionString: url.toString() });
await client.connect();
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;
for (const { q, text, values } of queries) {
  const times: number[] = [];
  let plan = "";
  let rows = 0;
  for (let i = 0; i < RUNS; i++) {
    const result = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, values);
    plan = result.rows.map((row: Record<string, string>) => row["QUERY PLAN"]).join("\n");
    times.push(Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? Number.NaN));
  }
  rows = (await client.query(text, values)).rowCount ?? 0;
  const sorted = [...times].sort((a, b) => a - b);
  console.log(`\n### «${q}»: ${rows} rows; median ${percentile(sorted, 0.5).toFixed(2)} ms, p95 ${percentile(sorted, 0.95).toFixed(2)} ms`);
  if (process.env.BENCH_PLANS !== "0") console.log(plan);
}
await client.end();
fs.rmSync(dataDir, { recursive: true, force: true });
