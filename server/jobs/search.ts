import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import {
  type AlertCriteria,
  EDUCATION_LEVELS,
  EXPERIENCE_LEVELS,
  levelsUpTo,
  POSTED_WITHIN_HOURS,
  type PostedWithin,
  type SearchOrder,
} from "#common/jobs";
import type { AppContext } from "#server/context";
import { empresas, ofertas } from "#server/db/schema";
import { CURSOR_KEYS, cursorOrNull, decodeCursor, encodeCursor } from "#server/platform/cursor";
import { AppError } from "#server/platform/errors";
import { sharedComputation } from "#server/platform/shared-computation";
import { findCargoById, findCargoBySlug, findEstadoById, findPaisBySlug } from "#server/reference";
import { openOfferSql, type SummaryRow, summaryColumns, toSummary } from "./queries";
import { type CountRow, type KeyedRow, rankedPageWithCounts, rankKeySql, rankOrder, rankSql, tolerantQuery, tsQuery } from "./search-rank";
import { expandTypos } from "./search-typos";
import type { OfferSearchParams, OfferSearchResult } from "./types";

/** Filters of a search or an alert, resolved to ids. */
export type ResolvedCriteria = {
  paisId: number;
  cargoId?: number;
  q?: string;
  estadoId?: number;
  modalidad?: string;
  contrato?: string;
  salarioMin?: number;
  jornada?: string;
  /** Offers asking for one of these levels (the candidate's level and those below it). */
  experiencias?: string[];
  estudios?: string[];
  /** Published within this many hours. */
  publicadaHoras?: number;
  /** The keywords with unknown words widened to their one-typo neighbours (to_tsquery text; search-typos.ts). */
  qTolerant?: string;
};

export function resolveCriteria(
  criteria: Pick<
    AlertCriteria,
    "pais" | "cargo" | "q" | "estado" | "modalidad" | "contrato" | "salario_min" | "jornada" | "experiencia" | "estudios"
  > & {
    publicada?: PostedWithin;
  },
) {
  const pais = findPaisBySlug(criteria.pais);
  if (!pais) throw new AppError("NOT_FOUND", "País no encontrado.");
  let cargoId: number | undefined;
  if (criteria.cargo) {
    const cargo = findCargoBySlug(criteria.cargo);
    if (!cargo) throw new AppError("NOT_FOUND", "Puesto no encontrado.");
    cargoId = cargo.id;
  }
  const resolved: ResolvedCriteria = {
    paisId: pais.id,
    cargoId,
    q: criteria.q?.trim() || undefined,
    estadoId: criteria.estado,
    modalidad: criteria.modalidad,
    contrato: criteria.contrato,
    salarioMin: criteria.salario_min,
    jornada: criteria.jornada,
    experiencias: criteria.experiencia ? levelsUpTo(EXPERIENCE_LEVELS, criteria.experiencia) : undefined,
    estudios: criteria.estudios ? levelsUpTo(EDUCATION_LEVELS, criteria.estudios) : undefined,
    publicadaHoras: criteria.publicada ? POSTED_WITHIN_HOURS[criteria.publicada] : undefined,
  };
  return { pais, resolved };
}

type Omit = "cargo" | "estado" | "facets" | undefined;

/** WHERE conditions of a search; `omit` leaves one filter out for its own facet ("facets": both). */
export function criteriaConditions(c: ResolvedCriteria, omit?: Omit): SQL[] {
  const conditions: SQL[] = [eq(ofertas.paisId, c.paisId), openOfferSql];
  if (c.cargoId !== undefined && omit !== "cargo" && omit !== "facets") conditions.push(eq(ofertas.cargoId, c.cargoId));
  if (c.q) conditions.push(sql`${ofertas.search} @@ ${c.qTolerant ? tolerantQuery(c.qTolerant) : tsQuery(c.q)}`);
  if (c.estadoId !== undefined && omit !== "estado" && omit !== "facets") conditions.push(eq(ofertas.estadoId, c.estadoId));
  if (c.modalidad) conditions.push(eq(ofertas.modalidad, c.modalidad));
  if (c.contrato) conditions.push(eq(ofertas.contrato, c.contrato));
  // The offer pays at least this much at its top: its maximum, or its minimum when no maximum is given.
  if (c.salarioMin !== undefined) conditions.push(sql`coalesce(${ofertas.salarioMax}, ${ofertas.salarioMin}) >= ${c.salarioMin}`);
  if (c.jornada) conditions.push(eq(ofertas.jornada, c.jornada));
  if (c.experiencias) conditions.push(inArray(ofertas.experiencia, c.experiencias));
  if (c.estudios) conditions.push(inArray(ofertas.estudios, c.estudios));
  if (c.publicadaHoras !== undefined)
    conditions.push(sql`${ofertas.publishedAt} >= now() - make_interval(hours => ${c.publicadaHoras}::int)`);
  return conditions;
}

type Counts = OfferSearchResult["facets"] & { total: number };

/**
 * Counting every match of a whole country costs a scan (a second under load with 100,000 offers);
 * those counts (only those, never the items) are kept for a minute when they are large, where a
 * slightly stale number is invisible, then served stale for a few more minutes while one refresh
 * runs; concurrent requests share one scan (decision 0045). Small result sets are always counted
 * fresh.
 */
const COUNT_CACHE_MS = 60_000;
const COUNT_STALE_MS = 5 * 60_000;
/** Exported so tests can exercise the cached paths with few offers. */
export const SEARCH_CACHE = { minRows: 500 };
const COUNT_CACHE_MAX_ENTRIES = 500;
const countCache = sharedComputation<Counts>({
  freshMs: COUNT_CACHE_MS,
  staleMs: COUNT_STALE_MS,
  maxEntries: COUNT_CACHE_MAX_ENTRIES,
  keep: (counts) =>
    Math.max(counts.total, ...counts.cargos.map((x) => x.count), ...counts.estados.map((x) => x.count), 0) >= SEARCH_CACHE.minRows,
});

/**
 * The three counts of a search. Facets leave their own filter out, so they may need their own scan;
 * counts that share the same conditions are taken in one scan with GROUPING SETS (a country list
 * without job-title or sub-division filter: one scan instead of three).
 */
async function countQueries(ctx: AppContext, c: ResolvedCriteria) {
  // One scan, three hash aggregates; callers take the sets they need.
  const grouped = async (omit: Omit) => {
    const result = (await ctx.db.execute(sql`
      SELECT grouping(cargo_id) AS gc, grouping(estado_id) AS ge, cargo_id, estado_id, count(*)::int AS n
      FROM ofertas WHERE ${and(...criteriaConditions(c, omit))}
      GROUP BY GROUPING SETS ((cargo_id), (estado_id), ())`)) as unknown as {
      rows: Array<{ gc: number | string; ge: number | string; cargo_id: number | null; estado_id: number | null; n: number | string }>;
    };
    const out = { cargo: [] as CountRow[], estado: [] as CountRow[], total: [] as CountRow[] };
    for (const row of result.rows) {
      const gc = Number(row.gc);
      const ge = Number(row.ge);
      if (gc === 0) out.cargo.push({ id: row.cargo_id, n: Number(row.n) });
      else if (ge === 0) out.estado.push({ id: row.estado_id, n: Number(row.n) });
      else out.total.push({ id: null, n: Number(row.n) });
    }
    return out;
  };
  const cargoShares = c.cargoId === undefined;
  const estadoShares = c.estadoId === undefined;
  const main = grouped(undefined);
  const cargoOwn = cargoShares ? undefined : grouped("cargo");
  const estadoOwn = estadoShares ? undefined : grouped("estado");
  const [m, co, eo] = await Promise.all([main, cargoOwn, estadoOwn]);
  return {
    totalRows: m.total.length ? m.total : [{ id: null, n: 0 }],
    cargoRows: (co ?? m).cargo,
    estadoRows: (eo ?? m).estado,
  };
}

const countMatches = (ctx: AppContext, c: ResolvedCriteria): Promise<Counts> =>
  countCache.get(countKey(ctx, c), () => computeCounts(ctx, c));

const countKey = (ctx: AppContext, c: ResolvedCriteria) => `${ctx.database.kind}:${JSON.stringify(c)}`;

async function computeCounts(ctx: AppContext, c: ResolvedCriteria): Promise<Counts> {
  return countsOf(await countQueries(ctx, c));
}

/** The counts as the listing shows them: facets by count, then by name. */
function countsOf({ totalRows, cargoRows, estadoRows }: { totalRows: CountRow[]; cargoRows: CountRow[]; estadoRows: CountRow[] }): Counts {
  const cargos = cargoRows
    .map((row) => ({ cargo: findCargoById(row.id as number), count: Number(row.n) }))
    .filter((row) => row.cargo)
    .map((row) => ({ slug: row.cargo?.slug ?? "", nombre: row.cargo?.nombre ?? "", count: row.count }))
    .sort((a, b) => b.count - a.count || a.nombre.localeCompare(b.nombre, "es"));
  const estados = estadoRows
    .filter((row) => row.id !== null)
    .map((row) => ({ estado: findEstadoById(row.id as number), count: Number(row.n) }))
    .filter((row) => row.estado)
    .map((row) => ({ id: row.estado?.id ?? 0, nombre: row.estado?.nombre ?? "", count: row.count }))
    .sort((a, b) => b.count - a.count || a.nombre.localeCompare(b.nombre, "es"));
  return { total: Number(totalRows[0]?.n ?? 0), cargos, estados };
}

/**
 * Ranking every match of a broad keyword search costs tens of milliseconds; its ordered list of
 * (rank, id) keys (the first RANKED_CACHE_SIZE) is kept for a minute when the search has many
 * matches, and pages are then read by id. The keys are the same as the SQL keyset's, so cursors work
 * across both paths; an offer that closed meanwhile is dropped from the page it would have been on.
 */
const RANKED_CACHE_MS = 60_000;
const RANKED_CACHE_SIZE = 1000;
const rankedCache = sharedComputation<RankedKey[]>({
  freshMs: RANKED_CACHE_MS,
  staleMs: COUNT_STALE_MS,
  maxEntries: COUNT_CACHE_MAX_ENTRIES,
});
type RankedKey = { k: string; i: number };

async function rankedKeys(ctx: AppContext, c: ResolvedCriteria, q: string, total: number) {
  if (total < SEARCH_CACHE.minRows) return undefined;
  return rankedCache.get(`${ctx.database.kind}:${JSON.stringify(c)}`, () => computeRankedKeys(ctx, c, q));
}

async function computeRankedKeys(ctx: AppContext, c: ResolvedCriteria, q: string): Promise<RankedKey[]> {
  const rank = rankSql({ ...c, q });
  const rows = await ctx.db
    .select({ i: ofertas.id, k: rankKeySql(rank) })
    .from(ofertas)
    .where(and(...criteriaConditions(c)))
    .orderBy(...rankOrder)
    .limit(RANKED_CACHE_SIZE);
  return rows.map((row) => ({ k: String(row.k), i: row.i }));
}

const afterCursor = (key: { k: string; i: number }, cursor: { k: string; i: number }) => {
  const a = Number(key.k);
  const b = Number(cursor.k);
  return a < b || (a === b && key.i < cursor.i);
};

/** A page read from a cached ranked list, or undefined when the page lies beyond it. */
async function pageFromRankedKeys(
  ctx: AppContext,
  keys: Array<{ k: string; i: number }>,
  cursor: { k: string; i: number } | undefined,
  limit: number,
): Promise<{ rows: KeyedRow[]; next: { k: string; i: number } | null } | undefined> {
  const start = cursor ? keys.findIndex((key) => afterCursor(key, cursor)) : 0;
  if (start === -1) return keys.length < RANKED_CACHE_SIZE ? { rows: [], next: null } : undefined;
  const slice = keys.slice(start, start + limit + 1);
  if (slice.length < limit + 1 && keys.length >= RANKED_CACHE_SIZE) return undefined;
  if (!slice.length) return { rows: [], next: null };
  const pageKeys = slice.slice(0, limit);
  const rows = (await ctx.db
    .select(summaryColumns)
    .from(ofertas)
    .innerJoin(empresas, eq(empresas.id, ofertas.empresaId))
    .where(
      and(
        inArray(
          ofertas.id,
          pageKeys.map((key) => key.i),
        ),
        openOfferSql,
      ),
    )) as SummaryRow[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const pageRows = pageKeys.flatMap((key) => {
    const row = byId.get(key.i);
    return row ? [{ ...row, k: key.k }] : [];
  });
  // The next page starts after the last key considered here, even if that offer has just closed.
  return { rows: pageRows, next: slice.length > limit ? (pageKeys.at(-1) ?? null) : null };
}

/** "r" by relevance (only with keywords), "s" by salary, "d" newest first (the default without keywords). */
/** The listing's orderings: "d" newest first, "r" by relevance, "s" by salary; each with its sort value. */
type CursorMode = "d" | "r" | "s";
const CURSOR_KEY_OF: Record<CursorMode, RegExp> = { d: CURSOR_KEYS.timestamp, r: CURSOR_KEYS.decimal, s: CURSOR_KEYS.integer };

function orderModeOf(orden: SearchOrder | undefined, hasKeywords: boolean): CursorMode {
  if (orden === "salario") return "s";
  if (orden === "fecha" || !hasKeywords) return "d";
  return "r";
}

/**
 * An offer's pay as a yearly amount (monthly ×12, hourly ×1,760: 40 hours for 44 weeks), so that
 * offers paid by the month or the hour sort among yearly ones; at its top (the maximum, else the
 * minimum). Offers without a salary get -1 and come last.
 */
const salaryKeySql = sql`coalesce(coalesce(${ofertas.salarioMax}, ${ofertas.salarioMin})::bigint * (CASE ${ofertas.salarioPeriodo} WHEN 'mensual' THEN 12 WHEN 'hora' THEN 1760 ELSE 1 END), -1)`;

export type SearchOptions = {
  /** false skips total and facets (e.g. "related offers"): total is then the page's length. */
  counts?: boolean;
  /** "restart": a stale or hand-edited cursor gives the first page (the listing page) instead of a 422 (the API). */
  badCursor?: "restart";
};

/**
 * Open offers of a country (and job title). Without keywords: newest first, keyset on
 * (published_at, id). With keywords: by relevance, keyset on (rank, id). Either key is fixed for an
 * offer, so offers published between two page requests can only land before the cursor (newest
 * first) or at their own rank: later pages never repeat or skip an offer.
 */
export async function searchOffers(ctx: AppContext, params: OfferSearchParams, options: SearchOptions = {}): Promise<OfferSearchResult> {
  const { resolved } = resolveCriteria(params);
  if (resolved.q) resolved.qTolerant = await expandTypos(ctx.db, resolved.q);
  const limit = Math.min(Math.max(params.limit ?? 20, 1), 50);
  const mode = orderModeOf(params.orden, Boolean(resolved.q));
  const ordering = { mode, key: CURSOR_KEY_OF[mode] };
  const cursor = !params.cursor
    ? undefined
    : options.badCursor === "restart"
      ? (cursorOrNull(params.cursor, ordering) ?? undefined)
      : decodeCursor(params.cursor, ordering);
  const conditions = criteriaConditions(resolved);
  let counts: Counts | undefined;
  let rows: KeyedRow[] | undefined;
  if (mode === "r" && resolved.q && options.counts !== false) {
    // Counts not cached: they and the page come from one statement (decision 0136). A request that
    // finds the same counts being computed by another waits for them and reads its page below.
    const own: { page?: KeyedRow[] } = {};
    const c = { ...resolved, q: resolved.q };
    counts = await countCache.get(countKey(ctx, resolved), async () => {
      const result = await rankedPageWithCounts(ctx, {
        broad: criteriaConditions(resolved, "facets"),
        cargoId: resolved.cargoId,
        estadoId: resolved.estadoId,
        rank: rankSql(c),
        cursor,
        rows: limit + 1,
      });
      own.page = result.page;
      return countsOf(result.counts);
    });
    rows = own.page;
  } else if (options.counts !== false) counts = await countMatches(ctx, resolved);

  if (rows) {
    // The page came with the counts.
  } else if (mode === "r" && resolved.q) {
    const keys = counts ? await rankedKeys(ctx, resolved, resolved.q, counts.total) : undefined;
    const cachedPage = keys ? await pageFromRankedKeys(ctx, keys, cursor, limit) : undefined;
    if (cachedPage) {
      return {
        items: cachedPage.rows.map(toSummary),
        nextCursor: cachedPage.next ? encodeCursor({ m: "r", k: cachedPage.next.k, i: cachedPage.next.i }) : null,
        total: counts?.total ?? cachedPage.rows.length,
        facets: { cargos: counts?.cargos ?? [], estados: counts?.estados ?? [] },
      };
    }
    {
      const rank = rankSql({ ...resolved, q: resolved.q });
      // A row comparison ranks each match once here (an OR of two comparisons ranked it twice).
      if (cursor) conditions.push(sql`(${rank}, ${ofertas.id}) < (${cursor.k}::numeric, ${cursor.i}::int)`);
      rows = (await ctx.db
        .select({ ...summaryColumns, k: rankKeySql(rank) })
        .from(ofertas)
        .innerJoin(empresas, eq(empresas.id, ofertas.empresaId))
        .where(and(...conditions))
        .orderBy(...rankOrder)
        .limit(limit + 1)) as KeyedRow[];
    }
  } else if (mode === "s") {
    if (cursor)
      conditions.push(
        sql`(${salaryKeySql} < ${cursor.k}::bigint OR (${salaryKeySql} = ${cursor.k}::bigint AND ${ofertas.id} < ${cursor.i}))`,
      );
    rows = (await ctx.db
      .select({ ...summaryColumns, k: sql<string>`${salaryKeySql}::text` })
      .from(ofertas)
      .innerJoin(empresas, eq(empresas.id, ofertas.empresaId))
      .where(and(...conditions))
      .orderBy(sql`${salaryKeySql} DESC`, sql`${ofertas.id} DESC`)
      .limit(limit + 1)) as KeyedRow[];
  } else {
    if (cursor) conditions.push(sql`(${ofertas.publishedAt}, ${ofertas.id}) < (${cursor.k}::timestamptz, ${cursor.i})`);
    rows = (await ctx.db
      .select({ ...summaryColumns, k: sql<string>`${ofertas.publishedAt}::text` })
      .from(ofertas)
      .innerJoin(empresas, eq(empresas.id, ofertas.empresaId))
      .where(and(...conditions))
      .orderBy(sql`${ofertas.publishedAt} DESC NULLS LAST`, sql`${ofertas.id} DESC NULLS LAST`)
      .limit(limit + 1)) as KeyedRow[];
  }

  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor = rows.length > limit && last ? encodeCursor({ m: mode, k: String(last.k), i: last.id }) : null;
  return {
    items: page.map(toSummary),
    nextCursor,
    total: counts?.total ?? page.length,
    facets: { cargos: counts?.cargos ?? [], estados: counts?.estados ?? [] },
  };
}
