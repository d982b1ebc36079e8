/**
 * npm run bench:scale (issue 33 item 5): the same measures at today's bench size (100,000 offers,
 * factor 1) and at ten times the data (factor 10: 1,000,000 offers, 200,000 users, 25,000
 * medicines with 40,000 presentations, 5,000,000 chat messages in 200,000 conversations, 1,000 news
 * items), on PostgreSQL, side by side from one run: keyword search and list APIs, listing, offer,
 * product and news pages uncached and cached, a candidate's applications, an employer's panel with
 * 2,000 applicants, a 10,000-message conversation (first page and scrolling back), the chat list of
 * a user with 500 conversations, RSS and sitemaps, the server's RSS; then the hot queries' plans,
 * flagging sequential scans of tables over 10,000 rows. Each size's database is seeded once and kept
 * (farmanexo_scale_1x, farmanexo_scale_10x): later runs measure only. Results go to
 * bench-results/scale-<timestamp>.{json,md}.
 *
 * BENCH_SCALE_FACTORS ("1,10"; fractions for a quick check that it runs, e.g. "0.02,0.2"), BENCH_SECONDS (5),
 * BENCH_PORT (the app's port), BUILD_DIR (build), BENCH_NODE_FLAGS ("--max-old-space-size=128"), TEST_DATABASE_URL,
 * BENCH_SCALE_DB_PREFIX (before the databases' names, e.g. a branch's on a shared server), BENCH_SCALE_SEED_ONLY (seed and exit).
 *
 * Each scenario also gets its database queries per request: the uncached server exposes /metrics
 * behind a token, and one request alone between two scrapes moves db_query_duration_seconds_count
 * by its queries (the least of three tries, so that a background job's query is not counted).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { closeAppContext, createAppContext } from "#server/boot";
import { loadConfig } from "#server/config";
import { createLogger } from "#server/platform/logger";
import { loadAverage } from "./bench-context";
import { rssMb, runLoad, sampleRss } from "./load";
import { explainScaleQueries, type ScalePlan } from "./scale-explain";
import { type ScaleRow, writeScaleReport } from "./scale-report";
import { type ScaleFixtures, seedScale, sizeFor } from "./scale-seed";
import { type RunningServer, serverEntry, startAppServer } from "./servers";

const FACTORS = (process.env.BENCH_SCALE_FACTORS ?? "1,10").split(",").map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;
const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? "build");
const PG_ADMIN = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const NODE_FLAGS = (process.env.BENCH_NODE_FLAGS ?? "--max-old-space-size=128").split(" ").filter(Boolean);
const SEED_ONLY = Boolean(process.env.BENCH_SCALE_SEED_ONLY);
const DB_PREFIX = (process.env.BENCH_SCALE_DB_PREFIX ?? "").match(/^[a-z_][a-z0-9_]*$/)?.[0] ?? "";
/** The uncached server's /metrics token (loopback only, this run only): per-request query counts. */
const METRICS_TOKEN = "bench-scale-query-counter-0123456789abcdef";

const log = (message: string) => console.log(`[bench:scale] ${message}`);

type Kind = "api" | "page" | "signed-in";
type Scenario = { name: string; kind: Kind; paths: (f: ScaleFixtures) => string[]; cookie?: keyof ScaleFixtures["cookies"] };

const offerPages = (f: ScaleFixtures) => f.offers.map((o) => `/app/empleo/oferta/${o.empresa_slug}/${o.id}-${o.slug}`);

/** Anonymous pages and APIs: measured with the page cache off, then on (as shipped). */
const PUBLIC: Scenario[] = [
  { name: "offer list API", kind: "api", paths: () => ["/api/empleo/ofertas?pais=espana"] },
  {
    name: "keyword search API",
    kind: "api",
    paths: () => [`/api/empleo/ofertas?pais=espana&q=${encodeURIComponent("visitador médico madrid")}`],
  },
  { name: "offer API (random offers)", kind: "api", paths: (f) => f.offers.map((o) => `/api/empleo/ofertas/${o.id}`) },
  { name: "news list API", kind: "api", paths: () => ["/api/noticias"] },
  { name: "product API (random products)", kind: "api", paths: (f) => f.products.map((p) => `/api/visita/productos/${p.id}`) },
  { name: "jobs listing page", kind: "page", paths: () => ["/app/empleo/p/espana"] },
  { name: "offer page (random offers)", kind: "page", paths: offerPages },
  { name: "product page (random products)", kind: "page", paths: (f) => f.products.map((p) => `/app/visita/producto/${p.slug}/${p.id}`) },
  { name: "news index page", kind: "page", paths: () => ["/app/noticias"] },
  { name: "news item page (random items)", kind: "page", paths: (f) => f.noticias.map((n) => `/app/noticias/${n.id}-${n.slug}`) },
  { name: "news RSS", kind: "page", paths: () => ["/app/noticias/rss.xml"] },
  // Issue 29's laboratory directory and pages, and the news authors' pages: one or two queries each
  // (tests/integration/page-round-trips.int.test.ts holds them to it).
  { name: "laboratory directory page", kind: "page", paths: () => ["/app/visita/laboratorios"] },
  { name: "laboratory page (random laboratories)", kind: "page", paths: (f) => f.laboratories },
  { name: "news author page (random authors)", kind: "page", paths: (f) => f.authors },
  { name: "sitemap index", kind: "page", paths: () => ["/sitemap.xml"] },
  { name: "jobs sitemap (first file)", kind: "page", paths: () => ["/sitemap-empleo.xml"] },
];

/** Signed-in pages and APIs: never cached, so measured once (the targets: p95 ≤ 150 ms at 10 connections). */
const SIGNED_IN: Scenario[] = [
  { name: "candidate's applications page", kind: "signed-in", cookie: "candidate", paths: () => ["/app/empleo/candidaturas"] },
  {
    name: "employer's panel, 2,000 applicants",
    kind: "signed-in",
    cookie: "employer",
    paths: (f) => [`/app/empleo/panel/ofertas/${f.panelOfferId}/candidatos`],
  },
  {
    name: "chat page, 10,000-message conversation",
    kind: "signed-in",
    cookie: "longChat",
    paths: (f) => [`/app/chat/${f.longConversationId}`],
  },
  { name: "chat page, user with 500 conversations", kind: "signed-in", cookie: "hub", paths: () => ["/app/chat"] },
  {
    name: "chat history API, first page",
    kind: "api",
    cookie: "longChat",
    paths: (f) => [`/api/chat/conversations/${f.longConversationId}/messages`],
  },
  {
    name: "chat history API, scrolling back",
    kind: "api",
    cookie: "longChat",
    paths: (f) => f.historyCursors.map((c) => `/api/chat/conversations/${f.longConversationId}/messages?before=${c}`),
  },
  { name: "chat list API, 500 conversations", kind: "api", cookie: "hub", paths: () => ["/api/chat/conversations"] },
];

async function admin(query: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: PG_ADMIN });
  await client.connect();
  try {
    return await client.query(query, values);
  } finally {
    await client.end();
  }
}

function databaseUrl(name: string) {
  const parsed = new URL(PG_ADMIN);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export type SizeRun = {
  factor: number;
  database: string;
  counts: Record<string, number>;
  seedSeconds: number;
  rows: ScaleRow[];
  plans: ScalePlan[];
  idleRssMb: number;
  peakRssMb: number;
};

/** Database queries served since start, from the server's own metrics. */
async function queriesSoFar(server: RunningServer): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  return [...text.matchAll(/^db_query_duration_seconds_count(?:\{[^}]*\})? (\d+)/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
}

/**
 * The queries one request of `path` makes: the least of three lone requests between two scrapes,
 * less what two scrapes in a row count (a scrape reads the outbox's depth with a query of its own).
 */
async function queriesPerRequest(server: RunningServer, path: string, headers?: Record<string, string>): Promise<number> {
  const least = async (between: () => Promise<unknown>) => {
    let fewest = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 3; i++) {
      const before = await queriesSoFar(server);
      await between();
      fewest = Math.min(fewest, (await queriesSoFar(server)) - before);
    }
    return fewest;
  };
  const scrapes = await least(async () => {});
  return (
    (await least(() => fetch(server.url + path, { headers: { "accept-encoding": "gzip", ...headers } }).then((r) => r.arrayBuffer()))) -
    scrapes
  );
}

async function measure(server: RunningServer, scenario: Scenario, fixtures: ScaleFixtures, phase: ScaleRow["phase"]): Promise<ScaleRow> {
  const paths = scenario.paths(fixtures);
  const headers = scenario.cookie ? { cookie: fixtures.cookies[scenario.cookie] } : undefined;
  const queries = phase === "uncached" && paths[0] ? await queriesPerRequest(server, paths[0], headers) : undefined;
  await runLoad(server.url, { name: scenario.name, paths }, { seconds: 1, connections: CONNECTIONS, headers });
  const rss = sampleRss(server.pid);
  const result = await runLoad(server.url, { name: scenario.name, paths }, { seconds: SECONDS, connections: CONNECTIONS, headers });
  const row: ScaleRow = { ...result, kind: scenario.kind, phase, peakRssMb: rss.stop(), load: loadAverage(), queries };
  log(
    `${scenario.name} [${phase}]: ${row.requestsPerSecond} req/s, p50 ${row.p50} ms, p95 ${row.p95} ms, queries ${queries ?? "–"}, non-2xx ${row.non2xx}, errors ${row.errors}, RSS ${row.peakRssMb} MB, load ${row.load}`,
  );
  return row;
}

async function benchSize(factor: number): Promise<SizeRun> {
  const name = `${DB_PREFIX}farmanexo_scale_${String(factor).replace(".", "_")}x`;
  const exists = ((await admin("SELECT 1 FROM pg_database WHERE datname = $1", [name])).rowCount ?? 0) > 0;
  if (!exists) await admin(`CREATE DATABASE ${name}`);
  const url = databaseUrl(name);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "farmanexo-scale-"));
  const env: Record<string, string> = {
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    SEED_DEMO: "false",
    LOG_LEVEL: "warn",
    BUILD_DIR,
    DATABASE_URL: url,
  };
  const servers: RunningServer[] = [];
  try {
    const started = Date.now();
    log(`${name}: seeding (once) ${JSON.stringify(sizeFor(factor))}; load ${loadAverage()}`);
    const ctx = await createAppContext(loadConfig({ ...env, PORT: "3000" }), { logger: createLogger("warn"), mailPolling: false });
    let fixtures: ScaleFixtures;
    let plans: ScalePlan[] = [];
    try {
      fixtures = await seedScale(ctx, url, sizeFor(factor), (m) => log(`${name}: ${m}`));
      if (!SEED_ONLY) plans = await explainScaleQueries(ctx.db, fixtures);
    } finally {
      await closeAppContext(ctx);
    }
    const seedSeconds = Math.round((Date.now() - started) / 1000);
    log(`${name}: ready in ${seedSeconds} s`);
    const run: SizeRun = { factor, database: name, counts: fixtures.counts, seedSeconds, rows: [], plans, idleRssMb: 0, peakRssMb: 0 };
    if (SEED_ONLY) return run;

    const uncached = await startAppServer(BUILD_DIR, { ...env, PAGE_CACHE_MB: "0", METRICS_TOKEN }, NODE_FLAGS);
    servers.push(uncached);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    run.idleRssMb = Math.round(rssMb(uncached.pid) ?? 0);
    const overall = sampleRss(uncached.pid);
    for (const scenario of [...PUBLIC, ...SIGNED_IN]) run.rows.push(await measure(uncached, scenario, fixtures, "uncached"));
    run.peakRssMb = overall.stop();
    await uncached.stop();

    const cached = await startAppServer(BUILD_DIR, env, NODE_FLAGS);
    servers.push(cached);
    const cachedRss = sampleRss(cached.pid);
    for (const scenario of PUBLIC) {
      for (const p of scenario.paths(fixtures))
        await fetch(cached.url + p, { headers: { "accept-encoding": "gzip" } }).then((r) => r.arrayBuffer());
      run.rows.push(await measure(cached, scenario, fixtures, "cached"));
    }
    run.peakRssMb = Math.max(run.peakRssMb, cachedRss.stop());
    return run;
  } finally {
    for (const server of servers) await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  if (!SEED_ONLY && !(fs.existsSync(path.join(BUILD_DIR, "server/index.js")) && fs.existsSync(serverEntry(BUILD_DIR)))) {
    log(`building into ${BUILD_DIR}`);
    execFileSync("npm", ["run", "build"], { stdio: "inherit", env: { ...process.env, BUILD_DIR } });
  }
  const begun = Date.now();
  const runs: SizeRun[] = [];
  for (const factor of FACTORS) runs.push(await benchSize(factor));
  if (SEED_ONLY) return;
  const files = writeScaleReport(runs, {
    seconds: SECONDS,
    connections: CONNECTIONS,
    cpus: os.cpus().length,
    node: process.version,
    minutes: Math.round((Date.now() - begun) / 6000) / 10,
  });
  console.log(`\n${fs.readFileSync(files.md, "utf8")}`);
  log(`results: ${files.json}, ${files.md}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
