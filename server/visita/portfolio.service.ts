import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { PortfolioEntryInput } from "#common/visita/schemas";
import { assertCan, type SessionUser } from "#server/accounts";
import type { AppContext } from "#server/context";
import {
  atcCodes,
  cargos,
  empresas,
  estados,
  laboratories,
  portfolioEntries,
  portfolioZones,
  products,
  users,
  userZonas,
} from "#server/db/schema";
import { AppError } from "#server/platform/errors";
import { findEstadoById } from "#server/reference";
import type { PortfolioEntry, ProductSummary, PublicPortfolioEntry } from "./api-schemas";
import { VISITA_CACHE_TAG } from "./cache-tag";
import { canSeeDetail, keepPortfolio } from "./policy";
import { PRODUCT_NOT_FOUND, portfolioEntryUrl } from "./products.service";
import { atcJoin, holderJoin, parseZones, type SummaryRow, summaryColumns, toSummary, zonesJson } from "./queries";
import { cargoJoin, empresaJoin, isRepresentative, representativeColumns, toRepresentativeCard } from "./representative-card";
import type { CatalogueViewer } from "./viewer";

export const ENTRY_NOT_FOUND = "No hemos encontrado este producto en la cartera.";

/**
 * Inside their own area a representative works with the whole catalogue: presenting medicines to
 * professionals is their job, so the professional gate does not apply to them there.
 */
export const representativeViewer = (actor: SessionUser): CatalogueViewer => ({ user: actor, professional: true });

function checkZonas(zonas: number[]): number[] {
  const unique = [...new Set(zonas)];
  const unknown = unique.filter((id) => !findEstadoById(id));
  if (unknown.length)
    throw new AppError("VALIDATION", "Alguna provincia no es válida.", { fieldErrors: { zonas: ["Alguna provincia no es válida."] } });
  return unique;
}

/** The actor's portfolio, newest first (or one entry). */
export async function listMyPortfolio(ctx: AppContext, actor: SessionUser, options: { entryId?: number } = {}): Promise<PortfolioEntry[]> {
  assertCan(actor, keepPortfolio);
  const viewer = representativeViewer(actor);
  const conditions = [eq(portfolioEntries.userId, actor.id)];
  if (options.entryId !== undefined) conditions.push(eq(portfolioEntries.id, options.entryId));
  const rows = await ctx.db
    .select({
      ...summaryColumns,
      entryId: portfolioEntries.id,
      note: portfolioEntries.note,
      createdAt: portfolioEntries.createdAt,
      updatedAt: portfolioEntries.updatedAt,
      zonas: zonesJson,
    })
    .from(portfolioEntries)
    .innerJoin(products, eq(products.id, portfolioEntries.productId))
    .innerJoin(laboratories, holderJoin)
    .leftJoin(atcCodes, atcJoin)
    .where(and(...conditions))
    .orderBy(desc(portfolioEntries.createdAt), desc(portfolioEntries.id));
  return rows.map((row) => ({
    id: row.entryId,
    producto: toSummary(row as SummaryRow, viewer),
    zonas: parseZones(row.zonas),
    nota: row.note,
    url_publica: portfolioEntryUrl(row.slug, row.entryId),
    creado_en: row.createdAt.toISOString(),
    actualizado_en: row.updatedAt.toISOString(),
  }));
}

export async function getMyPortfolioEntry(ctx: AppContext, actor: SessionUser, entryId: number): Promise<PortfolioEntry> {
  const [entry] = await listMyPortfolio(ctx, actor, { entryId });
  if (!entry) throw new AppError("NOT_FOUND", ENTRY_NOT_FOUND);
  return entry;
}

/** The actor's entry for a product, if they already carry it. */
export async function findMyEntryForProduct(ctx: AppContext, actor: SessionUser, productId: number) {
  const [row] = await ctx.db
    .select({ id: portfolioEntries.id })
    .from(portfolioEntries)
    .where(and(eq(portfolioEntries.userId, actor.id), eq(portfolioEntries.productId, productId)));
  return row ? getMyPortfolioEntry(ctx, actor, row.id) : null;
}

/** Which of these products the actor already carries (for "En tu cartera" marks). */
export async function productsInMyPortfolio(ctx: AppContext, actor: SessionUser, productIds: number[]): Promise<Set<number>> {
  if (!productIds.length) return new Set();
  const rows = await ctx.db
    .select({ productId: portfolioEntries.productId })
    .from(portfolioEntries)
    .where(and(eq(portfolioEntries.userId, actor.id), inArray(portfolioEntries.productId, productIds)));
  return new Set(rows.map((row) => row.productId));
}

async function replaceZones(db: AppContext["db"], entryId: number, zonas: number[]) {
  await db.delete(portfolioZones).where(eq(portfolioZones.entryId, entryId));
  await db.insert(portfolioZones).values(zonas.map((estadoId) => ({ entryId, estadoId })));
}

export async function addToPortfolio(
  ctx: AppContext,
  actor: SessionUser,
  input: { producto_id: number; zonas: number[]; nota?: string },
): Promise<PortfolioEntry> {
  assertCan(actor, keepPortfolio);
  const zonas = checkZonas(input.zonas);
  const [product] = await ctx.db.select({ id: products.id }).from(products).where(eq(products.id, input.producto_id));
  if (!product) throw new AppError("NOT_FOUND", PRODUCT_NOT_FOUND);
  const entryId = await ctx.db.transaction(async (tx) => {
    const [entry] = await tx
      .insert(portfolioEntries)
      .values({ userId: actor.id, productId: product.id, note: input.nota ?? "" })
      .onConflictDoNothing()
      .returning({ id: portfolioEntries.id });
    if (!entry) throw new AppError("CONFLICT", "Este producto ya está en tu cartera: puedes editar sus zonas.");
    await replaceZones(tx as unknown as AppContext["db"], entry.id, zonas);
    return entry.id;
  });
  await ctx.pageCache.invalidate(VISITA_CACHE_TAG); // the product page lists its representatives
  return getMyPortfolioEntry(ctx, actor, entryId);
}

/** Changes one's own entry; another user's entry does not exist for the actor (404). */
export async function updatePortfolioEntry(
  ctx: AppContext,
  actor: SessionUser,
  entryId: number,
  input: PortfolioEntryInput,
): Promise<PortfolioEntry> {
  assertCan(actor, keepPortfolio);
  const zonas = checkZonas(input.zonas);
  await ctx.db.transaction(async (tx) => {
    const [entry] = await tx
      .update(portfolioEntries)
      .set({ note: input.nota ?? "", updatedAt: new Date() })
      .where(and(eq(portfolioEntries.id, entryId), eq(portfolioEntries.userId, actor.id)))
      .returning({ id: portfolioEntries.id });
    if (!entry) throw new AppError("NOT_FOUND", ENTRY_NOT_FOUND);
    await replaceZones(tx as unknown as AppContext["db"], entry.id, zonas);
  });
  await ctx.pageCache.invalidate(VISITA_CACHE_TAG);
  return getMyPortfolioEntry(ctx, actor, entryId);
}

export async function removePortfolioEntry(ctx: AppContext, actor: SessionUser, entryId: number): Promise<void> {
  assertCan(actor, keepPortfolio);
  const removed = await ctx.db
    .delete(portfolioEntries)
    .where(and(eq(portfolioEntries.id, entryId), eq(portfolioEntries.userId, actor.id)))
    .returning({ id: portfolioEntries.id });
  if (!removed.length) throw new AppError("NOT_FOUND", ENTRY_NOT_FOUND);
  await ctx.pageCache.invalidate(VISITA_CACHE_TAG);
}

/**
 * The public view of one entry (visitador/public/producto-cartera): who carries what, where. The
 * product follows the professional gate like everywhere else; an entry whose owner is no longer a
 * representative is not shown.
 */
/** A portfolio entry as a page reads it: the entry, or only the product when the gate hides who presents it. */
export type PortfolioEntryPage = { restringido: false; entry: PublicPortfolioEntry } | { restringido: true; producto: ProductSummary };

export const PRESENTER_GATED = "Este medicamento necesita receta: quién lo presenta solo se muestra a profesionales sanitarios.";

/** The public portfolio entry; 403 when the gate hides who presents this product (decision 0074). */
export async function getPublicPortfolioEntry(ctx: AppContext, viewer: CatalogueViewer, entryId: number): Promise<PublicPortfolioEntry> {
  const view = await readPortfolioEntry(ctx, viewer, entryId);
  if (view.restringido) throw new AppError("FORBIDDEN", PRESENTER_GATED);
  return view.entry;
}

/**
 * producto-cartera: who presents a prescription-only medicine is what the professional gate
 * hides, so a viewer who has not passed it gets the product's name and laboratory only.
 */
export async function readPortfolioEntry(ctx: AppContext, viewer: CatalogueViewer, entryId: number): Promise<PortfolioEntryPage> {
  const [row] = await ctx.db
    .select({
      ...summaryColumns,
      entryId: portfolioEntries.id,
      note: portfolioEntries.note,
      zonas: zonesJson,
      ...representativeColumns,
      isRepresentative,
    })
    .from(portfolioEntries)
    .innerJoin(users, eq(users.id, portfolioEntries.userId))
    .innerJoin(products, eq(products.id, portfolioEntries.productId))
    .innerJoin(laboratories, holderJoin)
    .leftJoin(atcCodes, atcJoin)
    .leftJoin(cargos, cargoJoin)
    .leftJoin(empresas, empresaJoin)
    .where(eq(portfolioEntries.id, entryId));
  if (!row?.isRepresentative) throw new AppError("NOT_FOUND", ENTRY_NOT_FOUND);
  const producto = toSummary(row as SummaryRow, viewer);
  if (!canSeeDetail(viewer, row.prescription)) return { restringido: true, producto };
  const entry = { id: row.entryId, producto, visitador: toRepresentativeCard(row), zonas: parseZones(row.zonas), nota: row.note };
  return { restringido: false, entry };
}

/** The actor's own provinces (the profile's zonas), to preselect when adding a product. */
export async function myZonas(ctx: AppContext, actor: SessionUser) {
  const rows = await ctx.db
    .select({ id: estados.id, nombre: estados.nombre })
    .from(userZonas)
    .innerJoin(estados, eq(estados.id, userZonas.estadoId))
    .where(eq(userZonas.userId, actor.id))
    .orderBy(asc(estados.nombre));
  return rows;
}
