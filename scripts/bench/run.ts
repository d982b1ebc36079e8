/**
 * npm run bench: seeds 100,000 offers on PGlite and on PostgreSQL, starts the server as production
 * runs it in a child process on each, and measures every public page and API call (scenarios.ts)
 * against a bare node:http server answering with the very same bytes, gzipped once, with the same
 * connections (bare-server.mjs): each figure is a share of what one Node process can do here, in
 * the same run. Pages and the API are measured with the page cache off and on; the listing and offer pages
 * also under 100 connections for 30 s, uncached (the target) and as shipped (page cache on). Results go to bench-results/bench-<timestamp>.{json,md}.
 *
 * It also seeds BENCH_PRODUCTS (50,000) catalogue products for the visita scenarios (misspelt-name
 * search, product pages).
 *
 * BENCH_OFFERS (100000), BENCH_PRODUCTS (50000), BENCH_SECONDS (5), BENCH_LONG_SECONDS (30), BENCH_DBS ("pglite,postgres"),
 * BENCH_NODE_FLAGS ("--max-old-space-size=128"), BENCH_PHASES ("uncached,cached"), BENCH_KEEP_DATABASE (a PostgreSQL database name to
 * seed once and keep between runs), BUILD_DIR (build), BENCH_PORT (the app's port, the bare
 * baseline's the next; free ports by default),
 * TEST_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres), BENCH_ONLY ("signed-in": the bare baselines and
 * the signed-in 100-connection runs alone, for a quick measure of load shedding, decision 0056),
 * BENCH_TIMELINE (a file: each answer of the last run as "ms-since-start status latency-ms", to see when the slow ones came).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pg from "pg";
import { createSession, SESSION_COOKIE } from "#server/accounts/session";
import { closeAppContext, createAppContext } from "#server/boot";
import { loadConfig } from "#server/config";
import { users } from "#server/db/schema";
import { createLogger } from "#server/platform/logger";
import { captureAnswers } from "./answers";
import { explainHotQueries, type PlanSummary } from "./explain";
import { formatJobFigure, measureJobSearch, seedBenchProfiles } from "./jobs-search";
import { cpuMs, type LoadResult, rssMb, runLoad, sampleRss } from "./load";
import { formatFigure, measureProductSearch } from "./product-search";
import { writeReport } from "./report";
import { APIS, BASELINE_SOURCES, type BenchSample, LONG_RUNS, PAGES, type ScenarioDef, SIGNED_IN_RUNS } from "./scenarios";
import { seedBenchOffers, seedBenchProducts } from "./seed";
import { type RunningServer, serverEntry, startAppServer, startBareServer } from "./servers";

const OFFERS = Number(process.env.BENCH_OFFERS ?? 100_000);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 50_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const LONG_SECONDS = Number(process.env.BENCH_LONG_SECONDS ?? 30);
const CONNECTIONS = 10;
const LONG_CONNECTIONS = 100;
const DBS = (process.env.BENCH_DBS ?? "pglite,postgres").split(",").map((s) => s.trim()) as Array<"pglite" | "postgres">;
const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? "build");
const PG_ADMIN = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
/** A PostgreSQL database to seed once and keep, so that runs (before/after a change) share the data. */
const KEEP_DATABASE = process.env.BENCH_KEEP_DATABASE?.match(/^[a-z_][a-z0-9_]*$/)?.[0];
/** "uncached,cached" by default; "uncached" alone for a build without a page cache. */
const PHASES = (process.env.BENCH_PHASES ?? "uncached,cached").split(",");
/**
 * Node flags of the measured server. Without a heap cap V8 keeps the garbage of start-up (module
 * compilation, migrations) for a long time; a cap makes it collect, as a production deployment would.
 */
const SERVER_NODE_FLAGS = (process.env.BENCH_NODE_FLAGS ?? "--max-old-space-size=128").split(" ").filter(Boolean);
/** "signed-in": only the bare baselines and the signed-in long runs. */
const ONLY_SIGNED_IN = process.env.BENCH_ONLY === "signed-in";
/** Comma-separated parts of scenario names: only those pages and APIs are measured (a quick re-measure). */
const ONLY_SCENARIOS = (process.env.BENCH_SCENARIOS ?? "")
  .split(",")
  .map((s) => s.trim())
  .filter(Boolean);
const selected = (scenarios: ScenarioDef[]) =>
  ONLY_SIGNED_IN ? [] : scenarios.filter((s) => ONLY_SCENARIOS.length === 0 || ONLY_SCENARIOS.some((part) => s.name.includes(part)));

export type Group = "baseline" | "api" | "api-cached" | "uncached" | "cached" | "long" | "long-cached" | "signed-in";
/**
 * `baseline` names the bare run a figure is a share of: "html" (the offer page's bytes) or "json"
 * (an offer's) for the uncached phase, "own" for the cached phase, where every scenario has a bare
 * run with its own answers (status, headers and gzipped bodies, captured from the app).
 */
export type Baseline = "html" | "json" | "own";
export type BenchResult = LoadResult & {
  group: Group;
  baseline: Baseline;
  ratio: number;
  /** The bare server's requests/s the ratio divides by. */
  bareRequestsPerSecond: number;
  /** The server's CPU time per answer (µs), and the bare server's over it (%): the share a loaded machine disturbs least. */
  cpuUsPerRequest: number;
  cpuShare: number;
  peakRssMb: number;
  connections: number;
};

export type DbRun = {
  database: "pglite" | "postgres";
  offers: number;
  products: number;
  seedSeconds: number;
  results: BenchResult[];
  idleRssMb: number;
  peakRssMb: number;
  plans: PlanSummary[];
  nodeFlags: string;
};

const log = (message: string) => console.log(`[bench] ${message}`);

function ensureBuild() {
  if (fs.existsSync(path.join(BUILD_DIR, "server/index.js")) && fs.existsSync(serverEntry(BUILD_DIR))) return;
  log(`building into ${BUILD_DIR}`);
  execFileSync("npm", ["run", "build"], { stdio: "inherit", env: { ...process.env, BUILD_DIR } });
}

async function adminQuery(query: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: PG_ADMIN });
  await client.connect();
  try {
    return await client.query(query, values);
  } finally {
    await client.end();
  }
}

const databaseExists = async (name: string) =>
  ((await adminQuery("SELECT 1 FROM pg_database WHERE datname = $1", [name])).rowCount ?? 0) > 0;

function withDatabase(url: string, name: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

class Measurer {
  results: BenchResult[] = [];
  /** Bare requests/s by baseline key ("html", "json", or "own: <scenario>"). */
  baselines: Record<string, number> = {};
  bareCpu: Record<string, number> = {};
  constructor(private kind: string) {}

  async measure(
    server: RunningServer,
    name: string,
    paths: string[],
    group: Group,
    baselineKey: string,
    long = false,
    headers?: Record<string, string>,
  ) {
    const connections = long ? LONG_CONNECTIONS : CONNECTIONS;
    // Warm-up (JIT, caches, pool). The long runs follow short runs of the same pages, but the signed-in
    // run can be the first render a fresh server does (BENCH_ONLY=signed-in): a cold start is not the
    // steady state it measures (decision 0065 reports the cold start separately).
    if (!long || group === "signed-in") await runLoad(server.url, { name, paths }, { seconds: 1, connections, headers });
    const rss = sampleRss(server.pid);
    const cpuBefore = cpuMs(server.pid) ?? 0;
    const result = await runLoad(server.url, { name, paths }, { seconds: long ? LONG_SECONDS : SECONDS, connections, headers });
    const peakRssMb = rss.stop();
    const cpuUsPerRequest = result.requests ? Math.round((((cpuMs(server.pid) ?? 0) - cpuBefore) * 1000) / result.requests) : 0;
    if (group === "baseline") {
      this.baselines[baselineKey] = result.requestsPerSecond;
      this.bareCpu[baselineKey] = cpuUsPerRequest;
    }
    const bareCpu = this.bareCpu[baselineKey] ?? 0;
    const cpuShare = bareCpu && cpuUsPerRequest ? Math.round((bareCpu / cpuUsPerRequest) * 1000) / 10 : 0;
    const reference = this.baselines[baselineKey] ?? 0;
    const ratio = reference ? Math.round((result.requestsPerSecond / reference) * 1000) / 10 : 0;
    const baseline: Baseline = baselineKey.startsWith("own") ? "own" : (baselineKey as Baseline);
    this.results.push({
      ...result,
      group,
      baseline,
      ratio,
      bareRequestsPerSecond: reference,
      cpuUsPerRequest,
      cpuShare,
      peakRssMb,
      connections,
    });
    log(
      `${this.kind}: ${name} [${group}, ${connections} conn]: ${result.requestsPerSecond} req/s (${ratio}% of bare ${baselineKey}), CPU ${cpuUsPerRequest} µs/answer (${cpuShare}% of bare's), load ${os.loadavg()[0]?.toFixed(1)}, p95 ${result.p95} ms, p99 ${result.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors} (timeouts ${result.timeouts}), 503 ${result.shed} (${result.shedShare}%, p99 ${result.shedP99} ms), 200s p99 ${result.okP99} ms max ${result.okMax} ms, RSS ${peakRssMb} MB`,
    );
  }
}

async function benchDatabase(kind: "pglite" | "postgres"): Promise<DbRun> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "farmanexo-bench-"));
  const dbName = KEEP_DATABASE ?? `farmanexo_bench_${Date.now()}`;
  let databaseUrl: string | undefined;
  if (kind === "postgres") {
    if (!KEEP_DATABASE || !(await databaseExists(dbName))) await adminQuery(`CREATE DATABASE ${dbName}`);
    databaseUrl = withDatabase(PG_ADMIN, dbName);
  }
  const env: Record<string, string> = {
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    SEED_DEMO: "false",
    LOG_LEVEL: "warn",
    BUILD_DIR,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const servers: RunningServer[] = [];
  const measurer = new Measurer(kind);
  try {
    log(`${kind}: seeding ${OFFERS.toLocaleString("en")} offers and ${PRODUCTS.toLocaleString("en")} products`);
    const started = Date.now();
    const ctx = await createAppContext(loadConfig({ ...env, PORT: "3000" }), { logger: createLogger("warn"), mailPolling: false });
    const seeded = await seedBenchOffers(ctx, OFFERS);
    const catalogue = await seedBenchProducts(ctx, PRODUCTS);
    const seedSeconds = Math.round((Date.now() - started) / 100) / 10;
    log(`${kind}: ${seeded.total.toLocaleString("en")} offers and ${catalogue.total.toLocaleString("en")} products in ${seedSeconds} s`);
    const [member] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, "demo-visita@farmanexo.test"));
    if (!member) throw new Error("the demo user was not seeded");
    const session = await createSession(ctx.db, { userId: member.id, kind: "web" });
    const plans = kind === "postgres" && !ONLY_SIGNED_IN ? await explainHotQueries(ctx.db) : [];
    for (const plan of plans) log(`${kind}: EXPLAIN ${plan.name}: ${plan.indexes.join(", ") || "no index"} (${plan.executionMs} ms)`);
    if (!ONLY_SIGNED_IN) for (const figure of await measureProductSearch(ctx)) log(`${kind}: ${formatFigure(figure)}`);
    // Keyword search with typos, the job feed and the recruiters' profile search (issue 28).
    if (!ONLY_SIGNED_IN) {
      await seedBenchProfiles(ctx, Number(process.env.BENCH_PROFILES ?? 5000));
      for (const figure of await measureJobSearch(ctx)) log(`${kind}: ${formatJobFigure(figure)}`);
    }
    await closeAppContext(ctx);
    const sample: BenchSample = {
      offers: seeded.sample,
      noticias: seeded.noticias,
      newsAreas: seeded.newsAreas,
      tribunas: seeded.tribunas,
      sessionCookie: `${SESSION_COOKIE}=${session.token}`,
      representative: catalogue.representative,
      products: catalogue.products,
      misspelt: catalogue.misspelt,
    };

    // Phase 1: the page cache off, so pages are rendered on every request.
    const uncached = await startAppServer(BUILD_DIR, { ...env, PAGE_CACHE_MB: "0" }, SERVER_NODE_FLAGS);
    servers.push(uncached);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const idleRssMb = Math.round(rssMb(uncached.pid) ?? 0);
    const overall = sampleRss(uncached.pid);

    // The uncached phase's ceilings: the offer page's and an offer's answers (the targets of issue 10).
    const html = BASELINE_SOURCES.html(sample);
    const json = BASELINE_SOURCES.json(sample);
    const baselineAnswers = path.join(dataDir, "baseline-answers.json");
    await captureAnswers(uncached.url, [html, json], baselineAnswers);
    const bare = await startBareServer(baselineAnswers, json);
    servers.push(bare);
    await measurer.measure(bare, "bare node:http, the offer page's bytes", [html], "baseline", "html");
    await measurer.measure(bare, "bare node:http, an offer's JSON bytes", [json], "baseline", "json");
    await bare.stop();

    const apis = selected(APIS);
    const pages = selected(PAGES);
    if (PHASES.includes("uncached")) {
      for (const api of apis) await measurer.measure(uncached, api.name, api.paths(sample), "api", "json");
      for (const page of pages) await measurer.measure(uncached, page.name, page.paths(sample), "uncached", "html");
      for (const page of pages.filter((p) => LONG_RUNS.includes(p.name))) {
        await measurer.measure(uncached, page.name, page.paths(sample), "long", "html", true);
      }
    }
    let peakRssMb = overall.stop();
    await uncached.stop();

    // Phase 2: the server as it ships, page cache on; every path visited once first.
    if (PHASES.includes("cached")) {
      const cached = await startAppServer(BUILD_DIR, env, SERVER_NODE_FLAGS);
      servers.push(cached);
      const cachedRss = sampleRss(cached.pid);
      // Every path visited once (stored), then captured as a visitor gets it: a hit. Each scenario is
      // then measured on the bare server with its own answers and at once on the app (issue 33).
      const cachedScenarios = [
        ...pages.map((page) => ({ page, group: "cached" as const })),
        ...apis.map((page) => ({ page, group: "api-cached" as const })),
      ];
      const cachedPaths = cachedScenarios.flatMap(({ page }) => page.paths(sample));
      for (const p of cachedPaths) await fetch(cached.url + p, { headers: { "accept-encoding": "gzip" } }).then((r) => r.arrayBuffer());
      const ownAnswers = path.join(dataDir, "cached-answers.json");
      await captureAnswers(cached.url, cachedPaths, ownAnswers);
      const ownBare = cachedPaths[0] ? await startBareServer(ownAnswers, cachedPaths[0]) : undefined;
      if (ownBare) servers.push(ownBare);
      for (const { page, group } of cachedScenarios) {
        const paths = page.paths(sample);
        // Re-visited: the bare run took seconds, and an entry lives 60 s (decision 0031).
        for (const p of paths) await fetch(cached.url + p, { headers: { "accept-encoding": "gzip" } }).then((r) => r.arrayBuffer());
        if (ownBare) await measurer.measure(ownBare, `bare node:http, own bytes: ${page.name}`, paths, "baseline", `own: ${page.name}`);
        await measurer.measure(cached, page.name, paths, group, `own: ${page.name}`);
      }
      await ownBare?.stop();
      // The same 100 connections as the uncached long runs, on the server as it ships.
      for (const page of pages.filter((p) => LONG_RUNS.includes(p.name))) {
        await measurer.measure(cached, page.name, page.paths(sample), "long-cached", "html", true);
      }
      // Signed-in pages are rendered on every request, cache or not: load shedding's case.
      for (const page of SIGNED_IN_RUNS) {
        await measurer.measure(cached, page.name, page.paths(sample), "signed-in", "html", true, { cookie: sample.sessionCookie });
      }
      peakRssMb = Math.max(peakRssMb, cachedRss.stop());
    }

    return {
      database: kind,
      offers: seeded.total,
      products: catalogue.total,
      seedSeconds,
      results: measurer.results,
      idleRssMb,
      peakRssMb,
      plans,
      nodeFlags: SERVER_NODE_FLAGS.join(" "),
    };
  } finally {
    for (const server of servers) await server.stop();
    if (kind === "postgres" && !KEEP_DATABASE) await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  ensureBuild();
  const runs: DbRun[] = [];
  for (const kind of DBS) runs.push(await benchDatabase(kind));
  const files = writeReport(runs, {
    seconds: SECONDS,
    connections: CONNECTIONS,
    longSeconds: LONG_SECONDS,
    longConnections: LONG_CONNECTIONS,
    cpus: os.cpus().length,
    node: process.version,
  });
  console.log(`\n${fs.readFileSync(files.md, "utf8")}`);
  log(`results: ${files.json}, ${files.md}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
