import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { APPLICATION_STATUSES, type OfferInput, type RequirementsFilter } from "#common/jobs";
import type { SessionUser } from "#server/accounts";
import type { AppContext } from "#server/context";
import type { Db } from "#server/db/client";
import { firstOrThrow } from "#server/db/first-or-throw";
import { candidaturas, delegaciones, empresas, ofertas } from "#server/db/schema";
import { AppError } from "#server/platform/errors";
import { dateFromExpiry, offerValuesFrom } from "./offer-input";
import { assertManagesOffers, companyIdSql, companyToManage, offerNotFound } from "./policy";
import { type DetailRow, detailColumns, findOfferRow, toDetail } from "./queries";
import type { ApplicationCounts, PanelOffer } from "./types";

// The employment panel: role administrador_empleo, and only the offers of the user's own company.
// Another company's offer answers 404, as if it did not exist.

const emptyCounts = (): ApplicationCounts => ({
  total: 0,
  sin_revisar: 0,
  recibida: 0,
  en_proceso: 0,
  finalista: 0,
  contratada: 0,
  descartada: 0,
  retirada: 0,
});

/** An offer's applications by state, and by whether they meet its knock-out questions (the filter's totals). */
export type OfferTally = { counts: ApplicationCounts; requisitos: Record<RequirementsFilter, number> };

const emptyTally = (): OfferTally => ({ counts: emptyCounts(), requisitos: { cumple: 0, no_cumple: 0 } });

/** The tallies of some offers, in one aggregated query. */
export async function tallyByOffer(db: Db, offerIds: number[]): Promise<Map<number, OfferTally>> {
  const result = new Map<number, OfferTally>();
  if (!offerIds.length) return result;
  const rows = await db
    .select({
      ofertaId: candidaturas.ofertaId,
      status: candidaturas.estado,
      cumple: candidaturas.cumpleRequisitos,
      n: sql<number>`count(*)::int`,
      unseen: sql<number>`(count(*) filter (where ${candidaturas.vistaEn} is null))::int`,
    })
    .from(candidaturas)
    .where(inArray(candidaturas.ofertaId, offerIds))
    .groupBy(candidaturas.ofertaId, candidaturas.estado, candidaturas.cumpleRequisitos);
  for (const row of rows) {
    const tally = result.get(row.ofertaId) ?? emptyTally();
    const { counts } = tally;
    if ((APPLICATION_STATUSES as readonly string[]).includes(row.status)) counts[row.status] += Number(row.n);
    counts.total += Number(row.n);
    // «Sin revisar»: received and never opened (a withdrawn one needs no review).
    if (row.status === "recibida") counts.sin_revisar += Number(row.unseen);
    tally.requisitos[row.cumple ? "cumple" : "no_cumple"] += Number(row.n);
    result.set(row.ofertaId, tally);
  }
  return result;
}

/** The tally of one offer (already known to be the company's). */
export const tallyOf = async (db: Db, offerId: number): Promise<OfferTally> =>
  (await tallyByOffer(db, [offerId])).get(offerId) ?? emptyTally();

export function toPanelOffer(
  row: DetailRow & { delegacionIdRaw?: number | null },
  counts: ApplicationCounts,
  timeZone?: string,
): PanelOffer {
  return {
    ...toDetail(row),
    counts,
    fechaExpiracion: dateFromExpiry(row.expiresAt, timeZone),
    cargoId: row.cargoId,
    paisId: row.paisId,
    estadoId: row.estadoId,
    delegacionId: row.delegacionId,
  };
}

/** The offer if it belongs to the company; 404 otherwise. */
export async function ownOfferRow(db: Db, empresaId: number, id: number): Promise<DetailRow> {
  const row = await findOfferRow(db, id);
  if (!row || row.empresaId !== empresaId) throw offerNotFound();
  return row;
}

/**
 * The offer if it belongs to the user's company, in one query: the membership is a subquery of the
 * offer's (issue 33: a page in one or two round trips). Only a miss asks which refusal it is: 403
 * without a company (companyToManage), 404 for another company's offer.
 */
export async function manageableOffer(db: Db, user: SessionUser, id: number): Promise<DetailRow> {
  assertManagesOffers(user);
  const row = await findOfferRow(db, id, sql`${ofertas.empresaId} = ${companyIdSql(user)}`);
  if (row) return row;
  await companyToManage(db, user);
  throw offerNotFound();
}

/** The delegations (branches) of the user's company, for the offer form. */
export async function listCompanyDelegations(ctx: AppContext, user: SessionUser): Promise<Array<{ id: number; nombre: string }>> {
  const empresaId = await companyToManage(ctx.db, user);
  return ctx.db
    .select({ id: delegaciones.id, nombre: delegaciones.nombre })
    .from(delegaciones)
    .where(eq(delegaciones.empresaId, empresaId))
    .orderBy(delegaciones.nombre);
}

export async function listCompanyOffers(ctx: AppContext, user: SessionUser): Promise<PanelOffer[]> {
  const empresaId = await companyToManage(ctx.db, user);
  const rows = (await ctx.db
    .select(detailColumns)
    .from(ofertas)
    .innerJoin(empresas, eq(empresas.id, ofertas.empresaId))
    .leftJoin(delegaciones, eq(delegaciones.id, ofertas.delegacionId))
    .where(eq(ofertas.empresaId, empresaId))
    .orderBy(desc(ofertas.createdAt), desc(ofertas.id))
    .limit(1000)) as DetailRow[];
  const tallies = await tallyByOffer(
    ctx.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toPanelOffer(row, tallies.get(row.id)?.counts ?? emptyCounts(), user.timeZone));
}

export async function getCompanyOffer(ctx: AppContext, user: SessionUser, id: number): Promise<PanelOffer> {
  const row = await manageableOffer(ctx.db, user, id);
  return toPanelOffer(row, (await tallyOf(ctx.db, row.id)).counts, user.timeZone);
}

/** Creates a borrador; publishing is a separate step. */
export async function createOffer(ctx: AppContext, user: SessionUser, input: OfferInput): Promise<PanelOffer> {
  const empresaId = await companyToManage(ctx.db, user);
  const values = await offerValuesFrom(ctx.db, empresaId, input, user.timeZone);
  const row = firstOrThrow(
    await ctx.db
      .insert(ofertas)
      .values({ ...values, empresaId, status: "borrador", createdBy: user.id })
      .returning({ id: ofertas.id }),
    "offer insert",
  );
  return getCompanyOffer(ctx, user, row.id);
}

export async function updateOffer(ctx: AppContext, user: SessionUser, id: number, input: OfferInput): Promise<PanelOffer> {
  const empresaId = await companyToManage(ctx.db, user);
  const current = await ownOfferRow(ctx.db, empresaId, id);
  if (current.status === "cerrada")
    throw new AppError("CONFLICT", "Una oferta cerrada no se puede editar. Duplícala para publicar otra igual.");
  const values = await offerValuesFrom(ctx.db, empresaId, input, user.timeZone);
  // A caducada offer given a new future date stays caducada until it is published again.
  await ctx.db
    .update(ofertas)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(ofertas.id, id), eq(ofertas.empresaId, empresaId)));
  await ctx.pageCache.invalidate("jobs");
  return getCompanyOffer(ctx, user, id);
}

export async function publishOffer(ctx: AppContext, user: SessionUser, id: number): Promise<PanelOffer> {
  const empresaId = await companyToManage(ctx.db, user);
  const current = await ownOfferRow(ctx.db, empresaId, id);
  if (current.status === "cerrada") {
    throw new AppError("CONFLICT", "Una oferta cerrada no se puede volver a publicar. Duplícala para publicarla de nuevo.");
  }
  if (current.status !== "publicada" || (current.expiresAt && new Date(current.expiresAt) <= new Date())) {
    if (current.expiresAt && new Date(current.expiresAt) <= new Date()) {
      throw new AppError("VALIDATION", "La fecha de caducidad ya ha pasado. Cámbiala antes de publicar la oferta.", {
        fieldErrors: { fecha_expiracion: ["La fecha de caducidad debe ser posterior a hoy."] },
      });
    }
    const now = new Date();
    await ctx.db
      .update(ofertas)
      .set({ status: "publicada", publishedAt: current.publishedAt ?? now, closedAt: null, updatedAt: now })
      .where(eq(ofertas.id, id));
    await ctx.pageCache.invalidate("jobs");
  }
  return getCompanyOffer(ctx, user, id);
}

export async function closeOffer(ctx: AppContext, user: SessionUser, id: number): Promise<PanelOffer> {
  const empresaId = await companyToManage(ctx.db, user);
  const current = await ownOfferRow(ctx.db, empresaId, id);
  if (current.status === "borrador") throw new AppError("CONFLICT", "Un borrador no se puede cerrar: no está publicado.");
  if (current.status !== "cerrada") {
    const now = new Date();
    await ctx.db.update(ofertas).set({ status: "cerrada", closedAt: now, updatedAt: now }).where(eq(ofertas.id, id));
    await ctx.pageCache.invalidate("jobs");
  }
  return getCompanyOffer(ctx, user, id);
}

const DUPLICATE_EXPIRY_DAYS = 30;

/** A new borrador with the same content; a past expiry date moves 30 days ahead. */
export async function duplicateOffer(ctx: AppContext, user: SessionUser, id: number): Promise<PanelOffer> {
  const empresaId = await companyToManage(ctx.db, user);
  await ownOfferRow(ctx.db, empresaId, id);
  const [source] = await ctx.db.select().from(ofertas).where(eq(ofertas.id, id));
  if (!source) throw offerNotFound();
  const soon = new Date(Date.now() + 86_400_000);
  const expiresAt =
    source.expiresAt && source.expiresAt > soon ? source.expiresAt : new Date(Date.now() + DUPLICATE_EXPIRY_DAYS * 86_400_000);
  const { id: _id, search: _search, createdAt: _c, updatedAt: _u, publishedAt: _p, closedAt: _cl, status: _s, ...copy } = source;
  const row = firstOrThrow(
    await ctx.db
      .insert(ofertas)
      .values({ ...copy, status: "borrador", expiresAt, createdBy: user.id })
      .returning({ id: ofertas.id }),
    "offer insert",
  );
  return getCompanyOffer(ctx, user, row.id);
}
