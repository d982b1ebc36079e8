/**
 * Product search timings (issue 13: p95 ≤ 20 ms for a misspelt name over 50,000 products on
 * PostgreSQL). For each search it calls searchProducts — what GET /api/visita/productos awaits: the
 * vocabulary lookup, then the page and the facet counts — RUNS (20) times with the count cache off
 * (every call counts afresh: the worst case), and reports the median and p95 of the wall time. On
 * PostgreSQL it also reports the server-side execution time of the page and counts queries (and of
 * the counts of a facet whose own filter is set, e.g. the laboratory filter's laboratory facet)
 * (EXPLAIN ANALYZE, TIMING OFF) and prints their plans (BENCH_PLANS=0 to skip).
 *
 * Standalone: seeds BENCH_PRODUCTS (50,000) products into BENCH_DATABASE (created if missing, kept):
 *   BENCH_DATABASE=search_bench npx tsx scripts/bench/product-search.ts [misspelt query…]
 * Inside `npm run bench` (run.ts), `measureProductSearch(ctx)` runs on each seeded database.
 */
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import pg from "pg";
import { eanOfCn } from "#common/visita/codes";
import type { ProductSearchParams } from "#common/visita/schemas";
import type { AppContext } from "#server/context";
import { COUNT_CACHE, productSearchSql, searchProducts } from "#server/visita/search.service";
import { loadAverage, openBenchContext } from "./bench-context";
import { seedBenchProducts } from "./seed";

export const MISSPELT = ["ibuprofen", "amoxicillina", "paracetamo"];
const ANONYMOUS = { user: null, professional: false };

type Stats = { median: number; p95: number };
export type ProductSearchFigure = {
  label: string;
  total: number;
  service: Stats;
  page?: Stats;
  counts?: Stats;
  /** The counts of the facets whose own filter is set, counted without it (one query each, summed). */
  facets?: Stats;
  plans?: string;
};

/** The floor under every figure on a loaded machine: one `SELECT 1` round trip through the app's pool. */
async function roundTrip(ctx: AppContext, runs: number): Promise<ProductSearchFigure> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await ctx.db.execute(sql`SELECT 1`);
    times.push(performance.now() - started);
  }
  return { label: "SELECT 1 (one round trip)", total: 1, service: stats(times) };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;
const round2 = (n: number) => Math.round(n * 100) / 100;
function stats(times: number[]): Stats {
  const sorted = [...times].sort((a, b) => a - b);
  return { median: round2(percentile(sorted, 0.5)), p95: round2(percentile(sorted, 0.95)) };
}

/**
 * The searches: misspelt names (the target), a two-word one, and the exact and laboratory keys. The
 * sampled code is of a medicine without prescription, so the anonymous (gated) search finds it.
 */
async function searchCases(ctx: AppContext, misspelt: string[]) {
  const sample = (await ctx.db.execute(sql`
    SELECT pp.cn, l.slug, l.name FROM product_presentations pp JOIN products p ON p.id = pp.product_id
    JOIN laboratories l ON l.id = p.holder_laboratory_id
    ORDER BY (p.prescription = 'sin_receta') DESC, md5(pp.cn) LIMIT 1`)) as unknown as {
    rows: Array<{ cn: string; slug: string; name: string }>;
  };
  const row = sample.rows[0];
  const cases: Array<{ label: string; params: ProductSearchParams }> = misspelt.map((q) => ({ label: q, params: { q, limit: 20 } }));
  cases.push({ label: "amoxicillina, receta=si", params: { q: "amoxicillina", receta: "si", limit: 20 } });
  if (!row) return cases;
  // The laboratory's name misspelt: its last word loses a letter.
  const labWords = row.name.toLowerCase().split(" ");
  const labTypo = [...labWords.slice(0, -1), (labWords.at(-1) ?? "").slice(0, -1)].join(" ");
  cases.push(
    { label: `laboratory «${labTypo}»`, params: { q: labTypo, limit: 20 } },
    { label: "laboratory filter", params: { q: undefined, laboratorio: row.slug, limit: 20 } },
    { label: "CN", params: { q: row.cn, limit: 20 } },
    { label: "EAN-13", params: { q: eanOfCn(row.cn), limit: 20 } },
  );
  return cases;
}

type Query = { text: string; values: unknown[] };
const planOf = (result: pg.QueryResult) => result.rows.map((r: Record<string, string>) => r["QUERY PLAN"]).join("\n");

/** Server-side execution time of a query (of several, summed: they run one after another here). */
async function serverTimes(client: pg.Client, query: Query | Query[], runs: number) {
  const queries = Array.isArray(query) ? query : [query];
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    let total = 0;
    for (const q of queries) {
      const plan = planOf(await client.query(`EXPLAIN (ANALYZE, TIMING OFF) ${q.text}`, q.values));
      total += Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? Number.NaN);
    }
    times.push(total);
  }
  const plans: string[] = [];
  for (const q of queries) plans.push(planOf(await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${q.text}`, q.values)));
  return { stats: stats(times), plan: plans.join("\n\n") };
}

/** Times the catalogue search on a seeded database (see the header). */
export async function measureProductSearch(ctx: AppContext, options: { runs?: number; misspelt?: string[] } = {}) {
  const runs = options.runs ?? 20;
  const minRows = COUNT_CACHE.minRows;
  COUNT_CACHE.minRows = Number.POSITIVE_INFINITY;
  const client = ctx.database.kind === "postgres" ? new pg.Client({ connectionString: ctx.database.url }) : null;
  await client?.connect();
  const figures: ProductSearchFigure[] = [await roundTrip(ctx, runs)];
  try {
    for (const { label, params } of await searchCases(ctx, options.misspelt ?? MISSPELT)) {
      let total = 0;
      const times: number[] = [];
      for (let i = 0; i < runs + 2; i++) {
        const started = performance.now();
        total = (await searchProducts(ctx, ANONYMOUS, params)).total;
        if (i >= 2) times.push(performance.now() - started); // two warm-up calls
      }
      const figure: ProductSearchFigure = { label, total, service: stats(times) };
      const sqls = client ? await productSearchSql(ctx, ANONYMOUS, params) : null;
      if (client && sqls) {
        const page = await serverTimes(client, sqls.page, runs);
        const counts = await serverTimes(client, sqls.counts, runs);
        const facets = sqls.facets.length ? await serverTimes(client, sqls.facets, runs) : null;
        const plans = [page.plan, counts.plan, ...(facets ? [facets.plan] : [])].join("\n\n");
        Object.assign(figure, { page: page.stats, counts: counts.stats, facets: facets?.stats, plans });
      }
      figures.push(figure);
    }
  } finally {
    COUNT_CACHE.minRows = minRows;
    await client?.end();
  }
  return figures;
}

export const formatFigure = (f: ProductSearchFigure) =>
  `product search «${f.label}» (${f.total} matches): wall time median ${f.service.median} ms, p95 ${f.service.p95} ms` +
  (f.page && f.counts
    ? `; SQL page ${f.page.median}/${f.page.p95} ms, counts ${f.counts.median}/${f.counts.p95} ms` +
      (f.facets ? `, own-filter facet counts ${f.facets.median}/${f.facets.p95} ms` : "") +
      " (median/p95)"
    : "");

async function main() {
  const { ctx, name, close } = await openBenchContext("bench_products");
  try {
    const seeded = await seedBenchProducts(ctx, Number(process.env.BENCH_PRODUCTS ?? 50_000));
    console.log(`${seeded.total} products in ${name}; ${loadAverage()} load average`);
    const misspelt = process.argv.slice(2);
    const figures = await measureProductSearch(ctx, {
      runs: Number(process.env.BENCH_RUNS ?? 20),
      misspelt: misspelt.length ? misspelt : MISSPELT,
    });
    for (const figure of figures) {
      console.log(formatFigure(figure));
      if (figure.plans && process.env.BENCH_PLANS !== "0") console.log(`${figure.plans}\n`);
    }
    console.log(`load average after: ${loadAverage()}`);
  } finally {
    await close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
