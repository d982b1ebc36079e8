/**
 * npm run bench: seeds 100,000 offers on PGlite and on PostgreSQL, starts the production server in
 * a child process on each, and measures the jobs endpoints against a trivial baseline in the same
 * run (requests/s, p95, the server's peak RSS). Results go to bench-results/jobs-<timestamp>.{json,md}.
 *
 * BENCH_OFFERS (100000), BENCH_SECONDS (5), BENCH_DBS ("pglite,postgres"), BUILD_DIR (build),
 * TEST_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres).
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { closeAppContext, createAppContext } from "#server/boot";
import { loadConfig } from "#server/config";
import { createLogger } from "#server/platform/logger";
import { explainHotQueries, type PlanSummary } from "./explain";
import { type LoadResult, rssMb, runLoad, type Scenario, sampleRss } from "./load";
import { writeReport } from "./report";
import { seedBenchOffers } from "./seed";

const OFFERS = Number(process.env.BENCH_OFFERS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;
const DBS = (process.env.BENCH_DBS ?? "pglite,postgres").split(",").map((s) => s.trim()) as Array<"pglite" | "postgres">;
const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? "build");
const PG_ADMIN = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
/**
 * Node flags of the measured server. Without a heap cap V8 keeps the garbage of start-up (module
 * compilation, migrations) for a long time; a cap makes it collect, as a production deployment would.
 */
const SERVER_NODE_FLAGS = (process.env.BENCH_NODE_FLAGS ?? "--max-old-space-size=128").split(" ").filter(Boolean);

export type DbRun = {
  database: "pglite" | "postgres";
  offers: number;
  seedSeconds: number;
  results: Array<LoadResult & { ratio: number; peakRssMb: number }>;
  idleRssMb: number;
  peakRssMb: number;
  plans: PlanSummary[];
  nodeFlags: string;
};

const log = (message: string) => console.log(`[bench] ${message}`);

function ensureBuild() {
  if (fs.existsSync(path.join(BUILD_DIR, "server/index.js"))) return;
  log(`building the pages into ${BUILD_DIR}`);
  execFileSync("npx", ["react-router", "build"], { stdio: "inherit", env: { ...process.env, BUILD_DIR } });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

async function adminQuery(query: string) {
  const client = new pg.Client({ connectionString: PG_ADMIN });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

function withDatabase(url: string, name: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function waitReady(url: string, child: ChildProcess) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("server did not become ready");
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timeout = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timeout);
}

async function benchDatabase(kind: "pglite" | "postgres"): Promise<DbRun> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "farmanexo-bench-"));
  const dbName = `farmanexo_bench_${Date.now()}`;
  let databaseUrl: string | undefined;
  if (kind === "postgres") {
    await adminQuery(`CREATE DATABASE ${dbName}`);
    databaseUrl = withDatabase(PG_ADMIN, dbName);
  }
  const port = await freePort();
  const env: Record<string, string> = {
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    SEED_DEMO: "false",
    LOG_LEVEL: "warn",
    BUILD_DIR,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  let child: ChildProcess | undefined;
  try {
    log(`${kind}: seeding ${OFFERS.toLocaleString("en")} offers`);
    const started = Date.now();
    const ctx = await createAppContext(loadConfig(env), { logger: createLogger("warn"), mailPolling: false });
    const seeded = await seedBenchOffers(ctx, OFFERS);
    const seedSeconds = Math.round((Date.now() - started) / 100) / 10;
    log(`${kind}: ${seeded.total.toLocaleString("en")} offers in ${seedSeconds} s`);
    const plans = kind === "postgres" ? await explainHotQueries(ctx.db) : [];
    for (const plan of plans) log(`${kind}: EXPLAIN ${plan.name}: ${plan.indexes.join(", ") || "no index"} (${plan.executionMs} ms)`);
    await closeAppContext(ctx);

    child = spawn(process.execPath, [...SERVER_NODE_FLAGS, "--import", "tsx", "server/main.ts"], {
      env: { ...process.env, ...env },
      stdio: ["ignore", "inherit", "inherit"],
    });
    const url = `http://127.0.0.1:${port}`;
    await waitReady(url, child);
    const pid = child.pid as number;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const idleRssMb = Math.round(rssMb(pid) ?? 0);

    const offerPaths = seeded.sample.map((o) => `/api/empleo/ofertas/${o.id}`);
    const pagePaths = seeded.sample.map((o) => `/app/empleo/oferta/${o.empresa_slug}/${o.id}-${o.slug}`);
    const scenarios: Scenario[] = [
      { name: "baseline GET /healthz", path: "/healthz" },
      { name: "country list", path: "/api/empleo/ofertas?pais=espana" },
      { name: "country + job title list", path: "/api/empleo/ofertas?pais=espana&cargo=visitador-medico" },
      { name: "keyword search", path: `/api/empleo/ofertas?pais=espana&q=${encodeURIComponent("visitador médico madrid")}` },
      { name: "keyword search, no accents", path: `/api/empleo/ofertas?pais=espana&q=${encodeURIComponent("visitador medico madrid")}` },
      { name: "offer API (random ids)", path: offerPaths[0] ?? "/api/empleo/ofertas/1", paths: offerPaths },
      { name: "offer page SSR (random ids)", path: pagePaths[0] ?? "/app", paths: pagePaths },
    ];
    const overall = sampleRss(pid);
    const results: DbRun["results"] = [];
    let baseline = 0;
    for (const scenario of scenarios) {
      await runLoad(url, scenario, { seconds: 1, connections: CONNECTIONS }); // warm-up (JIT, caches, pool)
      const rss = sampleRss(pid);
      const result = await runLoad(url, scenario, { seconds: SECONDS, connections: CONNECTIONS });
      const peakRssMb = rss.stop();
      if (results.length === 0) baseline = result.requestsPerSecond;
      const ratio = baseline ? Math.round((result.requestsPerSecond / baseline) * 1000) / 10 : 0;
      results.push({ ...result, ratio, peakRssMb });
      log(
        `${kind}: ${scenario.name}: ${result.requestsPerSecond} req/s (${ratio}%), p95 ${result.p95} ms, non-2xx ${result.non2xx}, RSS ${peakRssMb} MB`,
      );
    }
    return {
      database: kind,
      offers: seeded.total,
      seedSeconds,
      results,
      idleRssMb,
      peakRssMb: overall.stop(),
      plans,
      nodeFlags: SERVER_NODE_FLAGS.join(" "),
    };
  } finally {
    if (child) await stopServer(child);
    if (kind === "postgres") await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  ensureBuild();
  const runs: DbRun[] = [];
  for (const kind of DBS) runs.push(await benchDatabase(kind));
  const files = writeReport(runs, { seconds: SECONDS, connections: CONNECTIONS, cpus: os.cpus().length, node: process.version });
  console.log(`\n${fs.readFileSync(files.md, "utf8")}`);
  log(`results: ${files.json}, ${files.md}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
