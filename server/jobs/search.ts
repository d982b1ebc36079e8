import { and, eq, type SQL, sql } from "drizzle-orm";
import type { AlertCriteria } from "../../common/jobs";
import type { AppContext } from "../context";
import { empresas, ofertas } from "../db/schema";
import { AppError } from "../lib/errors";
import { findCargoById, findCargoBySlug, findEstadoById, findPaisBySlug } from "../reference/catalog";
import { decodeCursor, encodeCursor } from "./cursor";
import { openOfferSql, type SummaryRow, summaryColumns, toSummary } from "./queries";
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
};

export function resolveCriteria(
  criteria: Pick<AlertCriteria, "pais" | "cargo" | "q" | "estado" | "modalidad" | "contrato" | "salario_min">,
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
  };
  return { pais, resolved };
}

export const tsQuery = (q: string) => sql`websearch_to_tsquery('es_unaccent', ${q})`;

type Omit = "cargo" | "estado" | undefined;

/** WHERE conditions of a search; `omit` leaves one filter out for its own facet. */
export function criteriaConditions(c: ResolvedCriteria, omit?: Omit): SQL[] {
  const conditions: SQL[] = [eq(ofertas.paisId, c.paisId), openOfferSql];
  if (c.cargoId !== undefined && omit !== "cargo") conditions.push(eq(ofertas.cargoId, c.cargoId));
  if (c.q) conditions.push(sql`${ofertas.search} @@ ${tsQuery(c.q)}`);
  if (c.estadoId !== undefined && omit !== "estado") conditions.push(eq(ofertas.estadoId, c.estadoId));
  if (c.modalidad) conditions.push(eq(ofertas.modalidad, c.modalidad));
  if (c.contrato) conditions.push(eq(ofertas.contrato, c.contrato));
  // The offer pays at least this much at its top: its maximum, or its minimum when no maximum is given.
  if (c.salarioMin !== undefined) conditions.push(sql`coalesce(${ofertas.salarioMax}, ${ofertas.salarioMin}) >= ${c.salarioMin}`);
  return conditions;
}

// Ranks are rounded so that the value in a cursor compares exactly on both drivers.
const rankSql = (q: string) => sql`round(ts_rank(${ofertas.search}, ${tsQuery(q)})::numeric, 6)`;

type Counts = OfferSearchResult["facets"] & { total: number };

/**
 * Counting every match of a whole country costs a scan; those counts (only those, never the items)
 * are kept for a minute when they are large, where a slightly stale number is invisible. Small
 * result sets are always counted fresh.
 */
const COUNT_CACHE_MS = 60_000;
const COUNT_CACHE_MIN_ROWS = 500;
const COUNT_CACHE_MAX_ENTRIES = 500;
const countCache = new Map<string, { at: number; counts: Counts }>();

export function clearSearchCountCache() {
  countCache.clear();
}

async function countMatches(ctx: AppContext, c: ResolvedCriteria): Promise<Counts> {
  const key = `${ctx.database.kind}:${JSON.stringify(c)}`;
  const cached = countCache.get(key);
  if (cached && Date.now() - cached.at < COUNT_CACHE_MS) return cached.counts;

  const [totalRows, cargoRows, estadoRows] = await Promise.all([
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(ofertas)
      .where(and(...criteriaConditions(c))),
    ctx.db
      .select({ id: ofertas.cargoId, n: sql<number>`count(*)::int` })
      .from(ofertas)
      .where(and(...criteriaConditions(c, "cargo")))
      .groupBy(ofertas.cargoId),
    ctx.db
      .select({ id: ofertas.estadoId, n: sql<number>`count(*)::int` })
      .from(ofertas)
      .where(and(...criteriaConditions(c, "estado")))
      .groupBy(ofertas.estadoId),
  ]);
  const cargos = cargoRows
    .map((row) => ({ cargo: findCargoById(row.id), count: Number(row.n) }))
    .filter((row) => row.cargo)
    .map((row) => ({ slug: row.cargo?.slug ?? "", nombre: row.cargo?.nombre ?? "", count: row.count }))
    .sort((a, b) => b.count - a.count || a.nombre.localeCompare(b.nombre, "es"));
  const estados = estadoRows
    .filter((row) => row.id !== null)
    .map((row) => ({ estado: findEstadoById(row.id as number), count: Number(row.n) }))
    .filter((row) => row.estado)
    .map((row) => ({ id: row.estado?.id ?? 0, nombre: row.estado?.nombre ?? "", count: row.count }))
    .sort((a, b) => b.count - a.count || a.nombre.localeCompare(b.nombre, "es"));
  const counts: Counts = { total: Number(totalRows[0]?.n ?? 0), cargos, estados };

  const largest = Math.max(counts.total, ...cargos.map((x) => x.count), ...estados.map((x) => x.count), 0);
  if (largest >= COUNT_CACHE_MIN_ROWS) {
    if (countCache.size >= COUNT_CACHE_MAX_ENTRIES) countCache.delete(countCache.keys().next().value as string);
    countCache.set(key, { at: Date.now(), counts });
  }
  return counts;
}

/**
 * Open offers of a country (and job title). Without keywords: newest first, keyset on
 * (published_at, id). With keywords: by relevance, keyset on (rank, id). Either key is fixed for an
 * offer, so offers published between two page requests can only land before the cursor: later
 * pages never repeat or skip an offer.
 */
export async function searchOffers(ctx: AppContext, params: OfferSearchParams): Promise<OfferSearchResult> {
  const { resolved } = resolveCriteria(params);
  const limit = Math.min(Math.max(params.limit ?? 20, 1), 50);
  const mode = resolved.q ? "r" : "d";
  const cursor = params.cursor ? decodeCursor(params.cursor, mode) : undefined;
  const conditions = criteriaConditions(resolved);

  let rows: Array<SummaryRow & { k: string }>;
  if (resolved.q) {
    const rank = rankSql(resolved.q);
    if (cursor) conditions.push(sql`(${rank} < ${cursor.k}::numeric OR (${rank} = ${cursor.k}::numeric AND ${ofertas.id} < ${cursor.i}))`);
    rows = (await ctx.db
      .select({ ...summaryColumns, k: sql<string>`${rank}::text` })
      .from(ofertas)
      .innerJoin(empresas, eq(empresas.id, ofertas.empresaId))
      .where(and(...conditions))
      .orderBy(sql`${rank} DESC`, sql`${ofertas.id} DESC`)
      .limit(limit + 1)) as Array<SummaryRow & { k: string }>;
  } else {
    if (cursor) conditions.push(sql`(${ofertas.publishedAt}, ${ofertas.id}) < (${cursor.k}::timestamptz, ${cursor.i})`);
    rows = (await ctx.db
      .select({ ...summaryColumns, k: sql<string>`${ofertas.publishedAt}::text` })
      .from(ofertas)
      .innerJoin(empresas, eq(empresas.id, ofertas.empresaId))
      .where(and(...conditions))
      .orderBy(sql`${ofertas.publishedAt} DESC NULLS LAST`, sql`${ofertas.id} DESC NULLS LAST`)
      .limit(limit + 1)) as Array<SummaryRow & { k: string }>;
  }

  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor = rows.length > limit && last ? encodeCursor({ m: mode, k: String(last.k), i: last.id }) : null;
  const counts = await countMatches(ctx, resolved);
  return {
    items: page.map(toSummary),
    nextCursor,
    total: counts.total,
    facets: { cargos: counts.cargos, estados: counts.estados },
  };
}
