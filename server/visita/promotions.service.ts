import { and, asc, eq, sql } from "drizzle-orm";
import { pathTo } from "#common/route-names";
import { DEFAULT_TIME_ZONE, endOfDayIn, isoDateIn } from "#common/time-zone";
import type { PromotionInput } from "#common/visita/promotions";
import { assertCan, can, type SessionUser } from "#server/accounts";
import type { AppContext } from "#server/context";
import { laboratories, laboratoryCompanies, portfolioEntries, products, promotions, users } from "#server/db/schema";
import { notify } from "#server/notifications";
import { recordAudit } from "#server/platform/audit";
import { AppError } from "#server/platform/errors";
import { VISITA_CACHE_TAG } from "./cache-tag";
import { isMarketing, moderateCatalogue, publishPromotions } from "./policy";
import type { Promotion } from "./promotion-schemas";
import { type PromotionRow, selectPromotions, toPromotion } from "./promotion-views";
import { storeImage } from "./revisions.service";

export const PROMOTION_NOT_FOUND = "No hemos encontrado esta promoción.";
const DAY_MS = 24 * 60 * 60 * 1000;

/** The first millisecond of a calendar day in a zone (the end of the day before, plus one). */
export function startOfDayIn(isoDate: string, timeZone: string): Date {
  const previous = new Date(Date.parse(`${isoDate}T12:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
  return new Date(endOfDayIn(previous, timeZone).getTime() + 1);
}

/**
 * The laboratories whose marketing team a marketing user is part of: those linked to their company
 * (`laboratory_companies`, decision 0024), so the link survives any one person leaving.
 */
export async function marketingLaboratories(
  ctx: Pick<AppContext, "db">,
  actor: SessionUser,
): Promise<Array<{ id: number; nombre: string; slug: string }>> {
  if (!isMarketing(actor)) return [];
  return ctx.db
    .select({ id: laboratories.id, nombre: laboratories.name, slug: laboratories.slug })
    .from(laboratoryCompanies)
    .innerJoin(users, eq(users.empresaId, laboratoryCompanies.empresaId))
    .innerJoin(laboratories, eq(laboratories.id, laboratoryCompanies.laboratoryId))
    .where(eq(users.id, actor.id))
    .orderBy(asc(laboratories.name));
}

export const marketingLaboratoriesOf = async (ctx: Pick<AppContext, "db">, actor: SessionUser): Promise<number[]> =>
  (await marketingLaboratories(ctx, actor)).map((lab) => lab.id);

/** The laboratory of `laboratoryIds` a product belongs to (holder first), or null. */
async function laboratoryOfProduct(ctx: Pick<AppContext, "db">, productId: number, laboratoryIds: number[]): Promise<number | null> {
  if (!laboratoryIds.length) return null;
  const [product] = await ctx.db
    .select({ holder: products.holderLaboratoryId, marketer: products.marketingLaboratoryId })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) return null;
  return [product.holder, product.marketer].find((id) => id !== null && laboratoryIds.includes(id)) ?? null;
}

/**
 * Who may promote a product: a representative for a product in their own portfolio, a marketing
 * user for their laboratory's products. Returns the laboratory to record (marketing) or null.
 */
async function promotableProduct(ctx: AppContext, actor: SessionUser, productId: number): Promise<{ laboratoryId: number | null }> {
  const [product] = await ctx.db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!product) throw new AppError("NOT_FOUND", "No hemos encontrado este medicamento en el catálogo.");
  const laboratoryIds = await marketingLaboratoriesOf(ctx, actor);
  const laboratoryId = await laboratoryOfProduct(ctx, productId, laboratoryIds);
  if (laboratoryId !== null) return { laboratoryId };
  const [entry] = await ctx.db
    .select({ id: portfolioEntries.id })
    .from(portfolioEntries)
    .where(and(eq(portfolioEntries.userId, actor.id), eq(portfolioEntries.productId, productId)));
  if (entry) return { laboratoryId: null };
  throw new AppError(
    "FORBIDDEN",
    laboratoryIds.length
      ? "Solo puedes crear promociones de productos de tu laboratorio o de tu cartera."
      : "Solo puedes crear promociones de productos de tu cartera. Añádelo primero a tu cartera.",
  );
}

/** A promotion the actor may edit: their own, or (marketing) one of their laboratory's products. 404 otherwise. */
async function editablePromotion(ctx: AppContext, actor: SessionUser, id: number): Promise<PromotionRow> {
  const [row] = await selectPromotions(ctx).where(eq(promotions.id, id));
  if (!row) throw new AppError("NOT_FOUND", PROMOTION_NOT_FOUND);
  if (row.authorId === actor.id) return row as PromotionRow;
  if ((await laboratoryOfProduct(ctx, row.productId, await marketingLaboratoriesOf(ctx, actor))) !== null) return row as PromotionRow;
  throw new AppError("NOT_FOUND", PROMOTION_NOT_FOUND);
}

/** The days chosen in the actor's zone as instants; an end already past is refused. */
function periodOf(input: PromotionInput, timeZone: string, now = new Date()) {
  const startsAt = startOfDayIn(input.fecha_inicio, timeZone);
  const endsAt = endOfDayIn(input.fecha_fin, timeZone);
  if (endsAt.getTime() <= now.getTime())
    throw new AppError("VALIDATION", "La fecha de fin ya ha pasado.", { fieldErrors: { fecha_fin: ["La fecha de fin ya ha pasado."] } });
  return { startsAt, endsAt };
}

const zoneOf = (actor: SessionUser) => actor.timeZone ?? DEFAULT_TIME_ZONE;

async function reload(ctx: AppContext, actor: SessionUser, id: number): Promise<Promotion> {
  return toPromotion(await editablePromotion(ctx, actor, id), zoneOf(actor));
}

export type PromotionWrite = { image?: Blob | null; publish?: boolean };

/** The columns a form or API payload sets (create and edit), with its days as instants in the actor's zone. */
async function columnsOf(ctx: AppContext, actor: SessionUser, input: PromotionInput, image: Blob | null | undefined) {
  const timeZone = zoneOf(actor);
  return {
    kind: input.tipo,
    title: input.titulo,
    description: input.descripcion,
    conditions: input.condiciones,
    ...periodOf(input, timeZone),
    timeZone,
    imageKey: image && image.size > 0 ? await storeImage(ctx, image, "promociones") : null,
  };
}

/** Creates a promotion (a draft, or published at once with publish). */
export async function createPromotion(
  ctx: AppContext,
  actorOrNull: SessionUser | null,
  productId: number,
  input: PromotionInput,
  options: PromotionWrite = {},
): Promise<Promotion> {
  const actor = assertCan(actorOrNull, publishPromotions);
  const { laboratoryId } = await promotableProduct(ctx, actor, productId);
  const [row] = await ctx.db
    .insert(promotions)
    .values({
      productId,
      authorId: actor.id,
      laboratoryId,
      ...(await columnsOf(ctx, actor, input, options.image)),
      status: options.publish ? "activa" : "borrador",
      publishedAt: options.publish ? new Date() : null,
    })
    .returning({ id: promotions.id });
  if (options.publish) await ctx.pageCache.invalidate(VISITA_CACHE_TAG);
  return reload(ctx, actor, (row as { id: number }).id);
}

/** Changes a promotion; a caducada one given a future end is active again. Taken-down ones stay as they are. */
export async function updatePromotion(
  ctx: AppContext,
  actorOrNull: SessionUser | null,
  id: number,
  input: PromotionInput,
  options: PromotionWrite = {},
): Promise<Promotion> {
  const actor = assertCan(actorOrNull, publishPromotions);
  const existing = await editablePromotion(ctx, actor, id);
  if (existing.status === "retirada")
    throw new AppError("CONFLICT", "Un moderador retiró esta promoción: ya no se puede editar ni volver a publicar.");
  const { imageKey, ...columns } = await columnsOf(ctx, actor, input, options.image);
  const wasPublished = existing.status !== "borrador";
  const status = options.publish || wasPublished ? "activa" : "borrador";
  await ctx.db
    .update(promotions)
    .set({
      ...columns,
      ...(imageKey ? { imageKey } : {}),
      status,
      ...(status === "activa" && !wasPublished ? { publishedAt: new Date() } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(promotions.id, id), sql`${promotions.status} <> 'retirada'`));
  if (imageKey && existing.imageKey) await ctx.storage.remove(existing.imageKey);
  if (status === "activa") await ctx.pageCache.invalidate(VISITA_CACHE_TAG);
  return reload(ctx, actor, id);
}

/** borrador → activa; a promotion whose end has passed cannot be published (change its dates). */
export async function publishPromotion(ctx: AppContext, actorOrNull: SessionUser | null, id: number): Promise<Promotion> {
  const actor = assertCan(actorOrNull, publishPromotions);
  const existing = await editablePromotion(ctx, actor, id);
  if (existing.status !== "borrador") throw new AppError("CONFLICT", "Solo se publican las promociones en borrador.");
  if (new Date(existing.endsAt).getTime() <= Date.now())
    throw new AppError("VALIDATION", "La fecha de fin ya ha pasado.", { fieldErrors: { fecha_fin: ["La fecha de fin ya ha pasado."] } });
  await ctx.db
    .update(promotions)
    .set({ status: "activa", publishedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(promotions.id, id), eq(promotions.status, "borrador")));
  await ctx.pageCache.invalidate(VISITA_CACHE_TAG);
  return reload(ctx, actor, id);
}

/** A promotion for its edit form (dates in the actor's zone). */
export async function getEditablePromotion(ctx: AppContext, actorOrNull: SessionUser | null, id: number): Promise<Promotion> {
  return reload(ctx, assertCan(actorOrNull, publishPromotions), id);
}

/** Moderators (and admins) take a promotion down with a reason: audited, and the author is told in the app. */
export async function takeDownPromotion(ctx: AppContext, actor: SessionUser | null, id: number, reason: string): Promise<Promotion> {
  if (!actor) throw new AppError("UNAUTHENTICATED");
  if (!can(actor, moderateCatalogue)) throw new AppError("FORBIDDEN", "Solo los moderadores retiran promociones.");
  const [row] = await selectPromotions(ctx).where(eq(promotions.id, id));
  if (!row) throw new AppError("NOT_FOUND", PROMOTION_NOT_FOUND);
  if (row.status === "retirada") throw new AppError("CONFLICT", "Esta promoción ya está retirada.");
  await ctx.db.transaction(async (tx) => {
    const now = new Date();
    await tx
      .update(promotions)
      .set({ status: "retirada", takenDownAt: now, takenDownBy: actor.id, takedownReason: reason, updatedAt: now })
      .where(eq(promotions.id, id));
    await recordAudit(tx, {
      actor,
      action: "visita_promotion.take_down",
      subjectType: "promotion",
      subjectId: id,
      before: { status: row.status },
      after: { status: "retirada", motivo: reason },
    });
    const notice = {
      userId: row.authorId,
      text: `Un moderador ha retirado tu promoción «${row.title}». Motivo: ${reason}`,
      link: pathTo("edit-promo", { idPromo: id }),
    };
    await notify(ctx, tx, { ...notice, kind: "promotion_taken_down" });
  });
  await ctx.pageCache.invalidate(VISITA_CACHE_TAG);
  const [after] = await selectPromotions(ctx).where(eq(promotions.id, id));
  return toPromotion(after as PromotionRow);
}

/** The calendar day of today in the actor's zone ("2026-11-23"), for the form's defaults. */
export const todayIn = (timeZone: string) => isoDateIn(new Date(), timeZone);

/** Adds or replaces the picture of a promotion the actor manages. */
export async function attachPromotionImage(
  ctx: AppContext,
  actorOrNull: SessionUser | null,
  id: number,
  image: unknown,
): Promise<Promotion> {
  const actor = assertCan(actorOrNull, publishPromotions);
  const existing = await editablePromotion(ctx, actor, id);
  if (existing.status === "retirada") throw new AppError("CONFLICT", "Un moderador retiró esta promoción: ya no se puede editar.");
  if (!(image instanceof Blob) || image.size === 0)
    throw new AppError("VALIDATION", "Elige una imagen.", { fieldErrors: { imagen: ["Elige una imagen."] } });
  const imageKey = await storeImage(ctx, image, "promociones");
  await ctx.db.update(promotions).set({ imageKey, updatedAt: new Date() }).where(eq(promotions.id, id));
  if (existing.imageKey) await ctx.storage.remove(existing.imageKey);
  if (existing.status === "activa") await ctx.pageCache.invalidate(VISITA_CACHE_TAG);
  return reload(ctx, actor, id);
}

/**
 * Ends an active promotion now (samples ran out, the event is full): from this moment every query
 * treats it as caducada, and the job writes the state on its next pass.
 */
export async function endPromotionNow(ctx: AppContext, actorOrNull: SessionUser | null, id: number): Promise<Promotion> {
  const actor = assertCan(actorOrNull, publishPromotions);
  const existing = await editablePromotion(ctx, actor, id);
  if (existing.status !== "activa") throw new AppError("CONFLICT", "Solo se finalizan las promociones activas.");
  const now = new Date();
  await ctx.db
    .update(promotions)
    .set({ endsAt: now, ...(new Date(existing.startsAt) > now ? { startsAt: now } : {}), updatedAt: now })
    .where(and(eq(promotions.id, id), eq(promotions.status, "activa")));
  await ctx.pageCache.invalidate(VISITA_CACHE_TAG);
  return reload(ctx, actor, id);
}
