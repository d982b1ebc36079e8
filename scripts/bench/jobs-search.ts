/**
 * Jobs query timings (issue 28: keyword search with typo tolerance p95 ≤ 20 ms on 100,000 offers).
 * For each case it calls the service a page awaits — searchOffers (the vocabulary lookup, the
 * ranked page and the counts, with the count and ranking caches off: every call computes afresh,
 * the worst case), buildJobsFeed (the XML feed) and searchProfiles (the recruiter search over
 * BENCH_PROFILES visible profiles) — RUNS (20) times and reports the median and p95 of the wall
 * time. On PostgreSQL it also records the statements one call sends and reports the sum of their
 * server-side execution times (EXPLAIN ANALYZE, TIMING OFF) per run: on a loaded machine that is
 * the figure to compare with the target, the wall time adds the waits for a CPU. BENCH_STATEMENTS=1
 * prints each statement's times, BENCH_PLANS=1 its plan (EXPLAIN ANALYZE, BUFFERS), BENCH_CASES=text
 * runs only the keyword searches whose label contains that text (no feed, no recruiter search).
 *
 * Standalone: seeds BENCH_OFFERS (100,000) offers and BENCH_PROFILES (5,000) profiles into
 * BENCH_DATABASE (created if missing, kept):
 *   BENCH_DATABASE=jobs_bench npx tsx scripts/bench/jobs-search.ts
 * Inside `npm run bench` (run.ts), `measureJobSearch(ctx)` runs on each seeded database.
 */
import { pathToFileURL } from "node:url";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import type { OfferSearchParams, ProfileSearchInput } from "#common/jobs";
import { seedAccountsDemo } from "#server/accounts/seed";
import { createSession, resolveSession } from "#server/accounts/session";
import type { AppContext } from "#server/context";
import { users } from "#server/db/schema";
import { buildJobsFeed } from "#server/jobs/feed";
import { searchProfiles } from "#server/jobs/profile-search.service";
import { SEARCH_CACHE, searchOffers } from "#server/jobs/search";
import { loadAverage, openBenchContext } from "./bench-context";
import { seedBenchOffers } from "./seed";

type Stats = { median: number; p95: number };
export type JobSearchFigure = {
  label: string;
  total: number;
  service: Stats;
  sql?: Stats;
  statements?: Array<{ text: string; times: Stats }>;
  plans?: string[];
};

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;
const round2 = (n: number) => Math.round(n * 100) / 100;
function stats(times: number[]): Stats {
  const sorted = [...times].sort((a, b) => a - b);
  return { median: round2(percentile(sorted, 0.5)), p95: round2(percentile(sorted, 0.95)) };
}

/** The searches: as written, with one typo per word (the target), narrowed by job title, and two pages deep. */
export const JOB_SEARCHES: Array<{ label: string; params: OfferSearchParams }> = [
  { label: "visitador médico madrid (as written)", params: { pais: "espana", q: "visitador médico madrid" } },
  { label: "vistador medico madrid (typo)", params: { pais: "espana", q: "vistador medico madrid" } },
  { label: "delegdo comercal (two typos)", params: { pais: "espana", q: "delegdo comercal" } },
  { label: "farmacovigilancai (swap)", params: { pais: "espana", q: "farmacovigilancai" } },
  { label: "vistador medico + job title", params: { pais: "espana", q: "vistador medico", cargo: "visitador-medico" } },
] as Array<{ label: string; params: OfferSearchParams }>;

// Statements sent while recording (pg's Client.query, which the pool's clients call): their text and values.
let recording: Array<{ text: string; values: unknown[] }> | null = null;
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const first = args[0] as string | { text?: string; values?: unknown[] };
  if (recording && first) {
    const text = typeof first === "string" ? first : (first.text ?? "");
    // Drizzle passes the values beside a query config ({ text, rowMode }, values).
    const values = (typeof first === "string" ? args[1] : (first.values ?? args[1])) as unknown[] | undefined;
    // The app's own schedulers (pushes, digests) run beside the call: only reads, never theirs.
    if (/^\s*(select|with)\b/i.test(text) && !/FOR UPDATE|\bnotifications\b/i.test(text))
      recording.push({ text, values: Array.isArray(values) ? values : [] });
  }
  return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

async function recorded<T>(run: () => Promise<T>) {
  recording = [];
  try {
    await run();
    return recording;
  } finally {
    recording = null;
  }
}

/** Per run, the sum of the server-side execution times of the statements one call sends. */
async function serverTimes(client: pg.Client, statements: Array<{ text: string; values: unknown[] }>, runs: number) {
  const times: number[] = [];
  const each = statements.map(() => [] as number[]);
  for (let i = 0; i < runs; i++) {
    let sum = 0;
    for (const [index, statement] of statements.entries()) {
      const result = await client.query(`EXPLAIN (ANALYZE, TIMING OFF) ${statement.text}`, statement.values);
      const plan = result.rows.map((r: Record<string, string>) => r["QUERY PLAN"]).join("\n");
      const ms = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? Number.NaN);
      each[index]?.push(ms);
      sum += ms;
    }
    times.push(sum);
  }
  return { total: stats(times), each: each.map(stats) };
}

/** EXPLAIN (ANALYZE, BUFFERS) of each statement, once (BENCH_PLANS=1): where the time and the buffer reads go. */
async function plans(client: pg.Client, statements: Array<{ text: string; values: unknown[] }>) {
  const out: string[] = [];
  for (const statement of statements) {
    const result = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`, statement.values);
    out.push(result.rows.map((r: Record<string, string>) => r["QUERY PLAN"]).join("\n"));
  }
  return out;
}

async function measure(client: pg.Client | null, label: string, runs: number, call: () => Promise<number>): Promise<JobSearchFigure> {
  let total = 0;
  const times: number[] = [];
  for (let i = 0; i < runs + 2; i++) {
    const started = performance.now();
    total = await call();
    if (i >= 2) times.push(performance.now() - started); // two warm-up calls
  }
  const figure: JobSearchFigure = { label, total, service: stats(times) };
  if (client) {
    const statements = await recorded(call);
    const times = await serverTimes(client, statements, runs);
    figure.sql = times.total;
    figure.statements = statements.map((s, i) => ({
      text: s.text.replace(/\s+/g, " ").slice(0, 100),
      times: times.each[i] ?? { median: Number.NaN, p95: Number.NaN },
    }));
    if (process.env.BENCH_PLANS === "1") figure.plans = await plans(client, statements);
  }
  return figure;
}

/**
 * Visible candidate profiles for the recruiter search (a tenth of them with "oncología"), once.
 * Plain rows (no password): they are found, never signed in.
 */
export async function seedBenchProfiles(ctx: AppContext, count: number) {
  const [existing] = (
    (await ctx.db.execute(sql`SELECT count(*)::int AS n FROM candidato_perfiles`)) as unknown as { rows: Array<{ n: number }> }
  ).rows;
  if (Number(existing?.n ?? 0) >= count) return;
  await ctx.db.execute(sql`
    WITH created AS (
      INSERT INTO users (email, register_type, nombre, apellidos, estado_id)
      SELECT 'bench-perfil-' || g || '@example.com', 'candidato', 'Perfil', 'Bench ' || g, 1 + g % 50
      FROM generate_series(1, ${count}) AS g
      ON CONFLICT DO NOTHING
      RETURNING id, email)
    INSERT INTO candidato_perfiles (user_id, titular, habilidades, habilidades_busqueda, busqueda, abierto_a_ofertas)
    SELECT id,
      CASE WHEN id % 10 = 0 THEN 'Delegada comercial en oncología' ELSE 'Visitador médico de atención primaria' END,
      '["CRM", "Negociación"]'::jsonb,
      CASE WHEN id % 10 = 0 THEN E'\noncologia\ncrm\n' ELSE E'\ncrm\nnegociacion\n' END,
      CASE WHEN id % 10 = 0 THEN 'delegada comercial oncologia crm' ELSE 'visitador medico atencion primaria crm negociacion' END,
      id % 3 <> 0
    FROM created`);
  await ctx.db.execute(sql`ANALYZE candidato_perfiles`);
}

/** Times the jobs searches, the feed and the recruiter search on a seeded database (see the header). */
export async function measureJobSearch(ctx: AppContext, options: { runs?: number } = {}) {
  const runs = options.runs ?? 20;
  const minRows = SEARCH_CACHE.minRows;
  SEARCH_CACHE.minRows = Number.POSITIVE_INFINITY;
  const client = ctx.database.kind === "postgres" ? new pg.Client({ connectionString: ctx.database.url }) : null;
  await client?.connect();
  const figures: JobSearchFigure[] = [];
  try {
    const only = process.env.BENCH_CASES;
    for (const { label, params } of JOB_SEARCHES.filter((c) => !only || c.label.includes(only)))
      figures.push(await measure(client, `keyword search «${label}»`, runs, async () => (await searchOffers(ctx, params)).total));
    // The following page by relevance: the keyset condition on (rank, id) ranks every match again.
    const typo = JOB_SEARCHES[1];
    const nextLabel = `keyword search «${typo?.label}», page 2 (cursor)`;
    const cursor = typo && (!only || nextLabel.includes(only)) ? (await searchOffers(ctx, typo.params)).nextCursor : null;
    if (typo && cursor)
      figures.push(await measure(client, nextLabel, runs, async () => (await searchOffers(ctx, { ...typo.params, cursor })).total));
    if (only) return figures;
    figures.push(await measure(client, "job feed (feed.xml)", Math.min(runs, 5), async () => (await buildJobsFeed(ctx)).xml.length));
    await seedAccountsDemo(ctx);
    const [recruiter] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, "demo-empleo@farmanexo.test"));
    const session = recruiter ? await createSession(ctx.db, { userId: recruiter.id, kind: "web" }) : null;
    const user = session ? await resolveSession(ctx, session.token, "web") : null;
    if (user) {
      const none = { q: undefined, habilidad: undefined };
      for (const [label, input] of [
        ["recruiter search, no filter", none],
        ["recruiter search «oncología»", { ...none, q: "oncología" }],
        ["recruiter search, skill CRM + province", { ...none, habilidad: "crm", estado: 28 }],
      ] as Array<[string, ProfileSearchInput]>)
        figures.push(await measure(client, label, runs, async () => (await searchProfiles(ctx, user, input)).total));
    }
  } finally {
    SEARCH_CACHE.minRows = minRows;
    await client?.end();
  }
  return figures;
}

export const formatJobFigure = (f: JobSearchFigure) =>
  `${f.label} (${f.total}): wall time median ${f.service.median} ms, p95 ${f.service.p95} ms` +
  (f.sql ? `; SQL (EXPLAIN ANALYZE, sum of ${f.statements?.length} statements) median ${f.sql.median} ms, p95 ${f.sql.p95} ms` : "");

async function main() {
  const { ctx, name, close } = await openBenchContext("bench_jobs");
  try {
    const seeded = await seedBenchOffers(ctx, Number(process.env.BENCH_OFFERS ?? 100_000));
    await seedBenchProfiles(ctx, Number(process.env.BENCH_PROFILES ?? 5000));
    console.log(`${seeded.total} offers in ${name}; load average ${loadAverage()}`);
    for (const figure of await measureJobSearch(ctx, { runs: Number(process.env.BENCH_RUNS ?? 20) })) {
      console.log(formatJobFigure(figure));
      if (process.env.BENCH_STATEMENTS === "1")
        for (const statement of figure.statements ?? [])
          console.log(`  ${statement.times.median}/${statement.times.p95} ms ${statement.text}`);
      for (const plan of figure.plans ?? []) console.log(`${plan}\n`);
    }
    console.log(`load average after: ${loadAverage()}`);
  } finally {
    await close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
