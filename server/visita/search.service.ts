import { and, eq, type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { cnFromQuery } from "#common/visita/codes";
import type { ProductSearchParams } from "#common/visita/schemas";
import { ATC_GROUPS, FORM_LABELS, type PharmaceuticalForm } from "#common/visita/vocabulary";
import type { AppContext } from "#server/context";
import { atcCodes, laboratories, products } from "#server/db/schema";
import { CURSOR_KEYS, type Cursor, decodeCursor, encodeCursor } from "#server/platform/cursor";
import { sharedComputation } from "#server/platform/shared-computation";
import type { FacetKey, ProductSearchResult } from "./api-schemas";
import { OPEN_PRODUCT, passedProfessionalGate } from "./policy";
import { atcJoin, holderJoin, type SummaryRow, summaryColumns, toSummary } from "./queries";
import { searchTokens } from "./search-text";
import { everyWordMatched, matchWords, rankSql, type TextMatch, wordConditions } from "./search-words";
import type { CatalogueViewer } from "./viewer";

/**
 * Catalogue search. A CN (typed, with its check digit, or the box's EAN-13) finds its product
 * exactly. Other text is split into words, and every word must match the product's folded
 * name + ingredients + laboratories by trigram word similarity (pg_trgm `<%`, looked up in the
 * vocabulary of catalogue words: search-words.ts): "ibuprofen" finds "ibuprofeno", "amoxicillina"
 * finds "amoxicilina". Results are ranked by how closely the words match (and the whole text
 * matches the name); without text, by name.
 *
 * For a viewer who has not passed the professional gate (`gated`, policy.ts) a prescription-only
 * product is only found by the words of its name and holder laboratory: no code (CN, EAN,
 * registration number, ATC) resolves to it, no attribute filter selects it and no facet but the
 * laboratory and prescription ones counts it — each of those would describe what the gate hides.
 */
type Criteria = {
  gated: boolean;
  cn: string | null;
  tokens: string[];
  /** The vocabulary words the tokens match (resolved before the queries when there are tokens). */
  match?: TextMatch;
  registration: string | null;
  laboratorio?: string;
  forma?: PharmaceuticalForm;
  atc?: string;
  receta?: "si" | "no";
  generico?: "si" | "no";
  comercializado?: "si" | "no";
};

/** Behind the gate, a code or an attribute only ever selects products that need no prescription. */
const beyondGate = (c: Criteria, condition: SQL): SQL => (c.gated ? sql`(${condition} AND ${OPEN_PRODUCT})` : condition);

function textConditions(c: Criteria): SQL[] {
  if (c.cn) return [beyondGate(c, sql`${products.id} IN (SELECT product_id FROM product_presentations WHERE cn = ${c.cn})`)];
  if (c.registration) return [beyondGate(c, eq(products.registrationNumber, c.registration))];
  return c.match ? wordConditions(c.match) : [];
}

function filterConditions(c: Criteria, omit?: FacetKey): SQL[] {
  const out: SQL[] = [];
  // By id, looked up once: the planner then reads that laboratory's products from its indexes.
  if (c.laboratorio && omit !== "laboratorio")
    out.push(sql`${products.holderLaboratoryId} = (SELECT id FROM ${laboratories} WHERE ${laboratories.slug} = ${c.laboratorio})`);
  if (c.forma && omit !== "forma") out.push(beyondGate(c, eq(products.form, c.forma)));
  if (c.atc && omit !== "atc") out.push(beyondGate(c, sql`${products.atcCode} LIKE ${`${c.atc}%`}`));
  if (c.receta && omit !== "receta") out.push(c.receta === "si" ? sql`NOT ${OPEN_PRODUCT}` : OPEN_PRODUCT);
  if (c.generico && omit !== "generico") out.push(beyondGate(c, eq(products.generic, c.generico === "si")));
  if (c.comercializado && omit !== "comercializado") out.push(beyondGate(c, eq(products.marketed, c.comercializado === "si")));
  return out;
}

const conditionsOf = (c: Criteria, omit?: FacetKey) => and(...textConditions(c), ...filterConditions(c, omit)) ?? sql`true`;

type Counts = ProductSearchResult["facets"] & { total: number };
const FACETS: FacetKey[] = ["laboratorio", "forma", "atc", "receta", "generico", "comercializado"];
const yesNo = (value: boolean) => (value ? { valor: "si", nombre: "Sí" } : { valor: "no", nombre: "No" });

type GroupRow = {
  g: number | string;
  lab_slug: string | null;
  lab_name: string | null;
  form: string | null;
  atc: string | null;
  rx: boolean | null;
  generic: boolean | null;
  marketed: boolean | null;
  n: number | string;
};

const noCounts = (): Counts => ({ total: 0, laboratorio: [], forma: [], atc: [], receta: [], generico: [], comercializado: [] });

/** The counted columns: [alias, expression, the facet it belongs to], in grouping() argument order. */
const COUNTED: Array<[alias: string, expression: string, facet: FacetKey]> = [
  ["lab_slug", "laboratories.slug", "laboratorio"],
  ["lab_name", "laboratories.name", "laboratorio"],
  ["form", "products.form", "forma"],
  ["atc", "substr(products.atc_code, 1, 1)", "atc"],
  ["rx", "products.prescription <> 'sin_receta'", "receta"],
  ["generic", "products.generic", "generico"],
  ["marketed", "products.marketed", "comercializado"],
];
/** What the gate shows of a prescription-only product: the facets that may count it. */
const PUBLIC_FACETS = new Set<FacetKey>(["laboratorio", "receta"]);
/**
 * The expressions counted for this viewer: behind the gate a prescription-only product's
 * attributes are NULL, a group that is never reported (it still counts in the total).
 */
const COUNTED_GATED = COUNTED.map(([alias, expression, facet]): [string, string, FacetKey] => [
  alias,
  PUBLIC_FACETS.has(facet) ? expression : `CASE WHEN products.prescription = 'sin_receta' THEN ${expression} END`,
  facet,
]);
// grouping() has one bit per argument, the first argument highest: 0 bits mark the grouped columns.
const ALL_BITS = (1 << COUNTED.length) - 1;
const bitsOf = (facet: FacetKey) =>
  COUNTED.reduce((bits, [, , owner], i) => (owner === facet ? bits & ~(1 << (COUNTED.length - 1 - i)) : bits), ALL_BITS);
const expressionsOf = (counted: typeof COUNTED, facet: FacetKey) =>
  counted.filter(([, , owner]) => owner === facet).map(([, expression]) => expression);

/**
 * Every facet's counts (and the total) over one scan, with GROUPING SETS. A facet counted without
 * its own filter (`omit`) is grouped alone: the other sets would be computed over more rows for
 * nothing (the laboratory facet of a laboratory filter counts the whole catalogue).
 */
function groupedCountsSql(c: Criteria, omit?: FacetKey) {
  // The laboratory facet of a laboratory filter counts every product the other criteria allow (the
  // whole catalogue without them): grouped by the products' own key first, read from the index
  // products_holder_facets alone, then joined to the ~700 laboratories instead of the 25,000 rows.
  if (omit === "laboratorio")
    return sql`
    SELECT ${sql.raw(String(bitsOf("laboratorio")))} AS g, laboratories.slug AS lab_slug, laboratories.name AS lab_name, per_lab.n
    FROM (SELECT products.holder_laboratory_id AS id, count(*)::int AS n FROM products
      WHERE ${conditionsOf(c, omit)} GROUP BY products.holder_laboratory_id) AS per_lab
    JOIN laboratories ON laboratories.id = per_lab.id`;
  const counted = c.gated ? COUNTED_GATED : COUNTED;
  const columns = counted.map(([alias, expression, facet]) => (omit && facet !== omit ? `NULL AS ${alias}` : `${expression} AS ${alias}`));
  const grouping = omit ? `${bitsOf(omit)} AS g` : `grouping(${counted.map(([, expression]) => expression).join(", ")}) AS g`;
  const groupBy = omit
    ? expressionsOf(counted, omit).join(", ")
    : `GROUPING SETS (${FACETS.map((facet) => `(${expressionsOf(counted, facet).join(", ")})`).join(", ")}, ())`;
  return sql`
    SELECT ${sql.raw(grouping)}, ${sql.raw(columns.join(", "))}, count(*)::int AS n
    FROM products JOIN laboratories ON laboratories.id = products.holder_laboratory_id
    WHERE ${conditionsOf(c, omit)}
    GROUP BY ${sql.raw(groupBy)}`;
}

async function groupedCounts(ctx: AppContext, c: Criteria, omit?: FacetKey) {
  const result = (await ctx.db.execute(groupedCountsSql(c, omit))) as unknown as {
    rows: GroupRow[];
  };
  const out = noCounts();
  for (const row of result.rows) {
    const g = Number(row.g);
    const n = Number(row.n);
    if (g === ALL_BITS) out.total = n;
    else if (g === bitsOf("laboratorio") && row.lab_slug)
      out.laboratorio.push({ valor: row.lab_slug, nombre: row.lab_name ?? row.lab_slug, count: n });
    else if (g === bitsOf("forma") && row.form)
      out.forma.push({ valor: row.form, nombre: FORM_LABELS[row.form as PharmaceuticalForm] ?? row.form, count: n });
    else if (g === bitsOf("atc") && row.atc)
      out.atc.push({ valor: row.atc, nombre: `${row.atc} · ${ATC_GROUPS[row.atc] ?? ""}`, count: n });
    else if (g === bitsOf("receta") && row.rx !== null) out.receta.push({ ...yesNo(Boolean(row.rx)), count: n });
    else if (g === bitsOf("generico") && row.generic !== null) out.generico.push({ ...yesNo(Boolean(row.generic)), count: n });
    else if (g === bitsOf("comercializado") && row.marketed !== null)
      out.comercializado.push({ ...yesNo(Boolean(row.marketed)), count: n });
  }
  const byCount = (a: { count: number; nombre: string }, b: { count: number; nombre: string }) =>
    b.count - a.count || a.nombre.localeCompare(b.nombre, "es");
  out.laboratorio.sort(byCount);
  out.forma.sort(byCount);
  out.atc.sort((a, b) => a.valor.localeCompare(b.valor));
  for (const key of ["receta", "generico", "comercializado"] as const) out[key].sort((a, b) => b.valor.localeCompare(a.valor));
  return out;
}

/**
 * Counts of a broad search over a large catalogue cost a scan; when they are large they are kept
 * for a minute (a slightly stale count is invisible). Small result sets are always counted fresh.
 */
const COUNT_CACHE_MS = 60_000;
export const COUNT_CACHE = { minRows: 500, maxEntries: 500 };
const countCache = sharedComputation<Counts>({
  freshMs: COUNT_CACHE_MS,
  staleMs: 0,
  maxEntries: COUNT_CACHE.maxEntries,
  keep: (counts) => counts.total >= COUNT_CACHE.minRows,
});

function countMatches(ctx: AppContext, c: Criteria): Promise<Counts> {
  return countCache.get(`${ctx.database.kind}:${JSON.stringify(c)}`, () => countAll(ctx, c));
}

async function countAll(ctx: AppContext, c: Criteria): Promise<Counts> {
  // A facet whose own filter is set counts without it (so the other choices show their numbers).
  const own = FACETS.filter((facet) => c[facet] !== undefined);
  const [main, ...others] = await Promise.all([groupedCounts(ctx, c), ...own.map((facet) => groupedCounts(ctx, c, facet))]);
  const counts = { ...main };
  own.forEach((facet, i) => {
    counts[facet] = (others[i] as Counts)[facet];
  });
  return counts;
}

function criteriaOf(viewer: CatalogueViewer, params: ProductSearchParams): Criteria {
  const q = params.q?.trim() ?? "";
  const cn = q ? cnFromQuery(q) : null;
  const registration = !cn && /^\d{4,9}$/.test(q) ? q : null;
  return {
    gated: !passedProfessionalGate(viewer),
    cn,
    registration,
    tokens: cn || registration ? [] : searchTokens(q),
    laboratorio: params.laboratorio,
    forma: params.forma,
    atc: params.atc,
    receta: params.receta,
    generico: params.generico,
    comercializado: params.comercializado,
  };
}

type KeyedRow = SummaryRow & { k: string };

/** The page query: matching products, ranked by the text (or by name without text), keyset-paged. */
function pageQuery(db: AppContext["db"], c: Criteria, limit: number, cursor?: Cursor<"r" | "n">) {
  const where: SQL[] = [conditionsOf(c)];
  const sortName = sql`lower(${products.name})`;
  let key: SQL;
  let order: SQL[];
  if (c.match) {
    key = rankSql(c.match);
    if (cursor) where.push(sql`(${key} < ${cursor.k}::numeric OR (${key} = ${cursor.k}::numeric AND ${products.id} > ${cursor.i}))`);
    order = [sql`${key} DESC`, sql`${products.id} ASC`];
  } else {
    key = sortName;
    if (cursor) where.push(sql`(${sortName}, ${products.id}) > (${cursor.k}, ${cursor.i})`);
    order = [sql`${sortName} ASC`, sql`${products.id} ASC`];
  }
  return db
    .select({ ...summaryColumns, k: sql<string>`${key}::text` })
    .from(products)
    .innerJoin(laboratories, holderJoin)
    .leftJoin(atcCodes, atcJoin)
    .where(and(...where))
    .orderBy(...order)
    .limit(limit + 1);
}

/** The criteria with the vocabulary words of its text; null when some search word matches no word. */
async function resolveText(ctx: AppContext, viewer: CatalogueViewer, params: ProductSearchParams): Promise<Criteria | null> {
  const c = criteriaOf(viewer, params);
  if (c.tokens.length === 0) return c;
  const match = await matchWords(ctx.db, c.tokens, params.q ?? "", c.gated);
  return everyWordMatched(match) ? { ...c, match } : null;
}

/**
 * The first page's SQL of a search, of its counts and of the counts of each facet whose own filter
 * is set (counted without it) (scripts/bench/product-search.ts explains them).
 */
export async function productSearchSql(ctx: AppContext, viewer: CatalogueViewer, params: ProductSearchParams) {
  const c = await resolveText(ctx, viewer, { ...params, limit: 20 });
  if (!c) return null;
  const page = pageQuery(ctx.db, c, 20).toSQL();
  const query = (omit?: FacetKey) => {
    const { sql: text, params: values } = new PgDialect().sqlToQuery(groupedCountsSql(c, omit));
    return { text, values };
  };
  const facets = FACETS.filter((facet) => c[facet] !== undefined).map((facet) => query(facet));
  return { page: { text: page.sql, values: page.params }, counts: query(), facets };
}

export async function searchProducts(ctx: AppContext, viewer: CatalogueViewer, params: ProductSearchParams): Promise<ProductSearchResult> {
  const limit = Math.min(Math.max(params.limit ?? 20, 1), 50);
  const mode = criteriaOf(viewer, params).tokens.length > 0 ? "r" : "n";
  const cursor = params.cursor
    ? decodeCursor(params.cursor, { mode, key: mode === "r" ? CURSOR_KEYS.decimal : CURSOR_KEYS.text })
    : undefined;
  const c = await resolveText(ctx, viewer, params);
  const [counts, rows] = c
    ? await Promise.all([countMatches(ctx, c), pageQuery(ctx.db, c, limit, cursor) as Promise<KeyedRow[]>])
    : [noCounts(), [] as KeyedRow[]];
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => toSummary(row, viewer)),
    next_cursor: rows.length > limit && last ? encodeCursor({ m: mode, k: String(last.k), i: last.id }) : null,
    total: counts.total,
    cn: c?.cn ?? null,
    facets: {
      laboratorio: counts.laboratorio,
      forma: counts.forma,
      atc: counts.atc,
      receta: counts.receta,
      generico: counts.generico,
      comercializado: counts.comercializado,
    },
  };
}
