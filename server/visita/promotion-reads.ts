import { and, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { assertCan, can, type SessionUser } from "#server/accounts";
import type { AppContext } from "#server/context";
import { products, promotions } from "#server/db/schema";
import { AppError } from "#server/platform/errors";
import { canSeeDetail, keepPortfolio, keepPromotions, moderateCatalogue } from "./policy";
import type { Promotion, PromotionsByState, PublicPromotion } from "./promotion-schemas";
import { effectiveStatus, newestFirst, type PromotionRow, selectPromotions, toPromotion } from "./promotion-views";
import { marketingLaboratoriesOf, PROMOTION_NOT_FOUND } from "./promotions.service";
import type { CatalogueViewer } from "./viewer";

/**
 * What the actor may manage: their own promotions and, for a marketing user, every promotion of
 * their laboratory's products. Null for anyone else.
 */
async function manageableCondition(ctx: AppContext, actor: SessionUser): Promise<SQL | null> {
  if (!can(actor, keepPortfolio)) return null;
  const laboratoryIds = await marketingLaboratoriesOf(ctx, actor);
  const own = eq(promotions.authorId, actor.id);
  if (!laboratoryIds.length) return own;
  return or(own, inArray(products.holderLaboratoryId, laboratoryIds), inArray(products.marketingLaboratoryId, laboratoryIds)) as SQL;
}

/** My promotions (and, for marketing, my laboratory's), newest first, each with its state as of now. */
export async function listMyPromotions(ctx: AppContext, actorOrNull: SessionUser | null): Promise<Promotion[]> {
  const actor = assertCan(actorOrNull, keepPromotions);
  const condition = await manageableCondition(ctx, actor);
  const rows = await selectPromotions(ctx)
    .where(condition ?? sql`false`)
    .orderBy(...newestFirst)
    .limit(200);
  return rows.map((row) => toPromotion(row as PromotionRow, actor.timeZone));
}

/** The same, grouped by state (borrador, activa, caducada, retirada), for the dashboard. */
export async function listPromotionsByState(ctx: AppContext, actor: SessionUser | null): Promise<PromotionsByState> {
  const groups: PromotionsByState = { borrador: [], activa: [], caducada: [], retirada: [] };
  for (const promotion of await listMyPromotions(ctx, actor)) groups[promotion.estado].push(promotion);
  return groups;
}

/** Whether the actor manages this promotion (its author or their laboratory's marketing). */
async function manages(ctx: AppContext, actor: SessionUser | null, id: number): Promise<boolean> {
  if (!actor) return false;
  const condition = await manageableCondition(ctx, actor);
  if (!condition) return false;
  const [row] = await ctx.db
    .select({ id: promotions.id })
    .from(promotions)
    .innerJoin(products, eq(products.id, promotions.productId))
    .where(and(eq(promotions.id, id), condition));
  return Boolean(row);
}

/**
 * The public promotion page. Drafts and taken-down promotions are 404 (their managers may preview
 * them), expired ones 410. A prescription-only product's promotion reaches only a healthcare
 * professional: anyone else gets the product's name and laboratory and `restringido`.
 */
export async function getPublicPromotion(ctx: AppContext, viewer: CatalogueViewer, id: number): Promise<PublicPromotion> {
  const [found] = await selectPromotions(ctx).where(eq(promotions.id, id));
  if (!found) throw new AppError("NOT_FOUND", PROMOTION_NOT_FOUND);
  const row = found as PromotionRow;
  if (row.status !== "activa" && !(await manages(ctx, viewer.user, id))) {
    if (row.status === "caducada") throw new AppError("GONE", "Esta promoción ha caducado.");
    throw new AppError("NOT_FOUND", PROMOTION_NOT_FOUND);
  }
  const promotion = toPromotion(row, viewer.user?.timeZone);
  if (!canSeeDetail(viewer, row.prescription)) return { restringido: true, producto: promotion.producto, promocion: null };
  return { restringido: false, producto: promotion.producto, promocion: promotion };
}

/** The promotion's picture, gated like the page (404 when it has none). */
export async function promotionImage(ctx: AppContext, viewer: CatalogueViewer, id: number) {
  const view = await getPublicPromotion(ctx, viewer, id);
  if (view.restringido)
    throw new AppError("FORBIDDEN", "Este medicamento necesita receta: sus promociones solo se muestran a profesionales sanitarios.");
  const [row] = await ctx.db.select({ key: promotions.imageKey }).from(promotions).where(eq(promotions.id, id));
  if (!row?.key) throw new AppError("NOT_FOUND", "Esta promoción no tiene imagen.");
  return { file: await ctx.storage.read(row.key), prescriptionOnly: view.producto.requiere_receta };
}

/** The back office's list: published promotions, live first, for moderators. */
export async function listPromotionsForModeration(
  ctx: AppContext,
  actor: SessionUser | null,
  filters: { estado?: "activa" | "caducada" | "retirada" } = {},
): Promise<Promotion[]> {
  if (!actor) throw new AppError("UNAUTHENTICATED");
  if (!can(actor, moderateCatalogue)) throw new AppError("FORBIDDEN", "Solo los moderadores revisan las promociones.");
  const states = filters.estado ? [filters.estado] : ["activa", "caducada", "retirada"];
  const rows = await selectPromotions(ctx)
    .where(inArray(effectiveStatus, states as Array<"activa">))
    .orderBy(desc(promotions.updatedAt), desc(promotions.id))
    .limit(100);
  return rows.map((row) => toPromotion(row as PromotionRow, actor.timeZone));
}
