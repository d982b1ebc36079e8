import { and, desc, eq, gt, inArray, type SQL, sql } from "drizzle-orm";
import { pathTo } from "#common/route-names";
import { DEFAULT_TIME_ZONE, isoDateIn } from "#common/time-zone";
import { PROMOTION_KIND_LABELS, PROMOTION_STATUS_LABELS, type PromotionStatus } from "#common/visita/promotions";
import { isPrescriptionOnly } from "#common/visita/vocabulary";
import type { AppContext } from "#server/context";
import { laboratories, products, promotions, users } from "#server/db/schema";
import type { Promotion } from "./promotion-schemas";
import { productUrl } from "./queries";
import { isTrue, profileUrl, representativeColumns } from "./representative-card";

/**
 * The state as of now: an active promotion whose end has passed is caducada for every reader,
 * whether or not the scheduled job has written it yet.
 */
export const effectiveStatus = sql<PromotionStatus>`(CASE WHEN ${promotions.status} = 'activa' AND ${promotions.endsAt} <= now() THEN 'caducada' ELSE ${promotions.status} END)`;

/** Shown publicly: published and not yet past its end. */
export const isLive = and(eq(promotions.status, "activa"), gt(promotions.endsAt, sql`now()`)) as SQL;

export const promotionUrl = (labSlug: string, id: number) => pathTo("laboratorio-promocion", { slug: labSlug, idPromo: id });
export const promotionImageUrl = (id: number, updatedAt: Date) => `/api/visita/promociones/${id}/imagen?v=${updatedAt.getTime()}`;

const columns = {
  id: promotions.id,
  kind: promotions.kind,
  title: promotions.title,
  description: promotions.description,
  conditions: promotions.conditions,
  startsAt: promotions.startsAt,
  endsAt: promotions.endsAt,
  status: effectiveStatus,
  imageKey: promotions.imageKey,
  updatedAt: promotions.updatedAt,
  authorId: promotions.authorId,
  laboratoryId: promotions.laboratoryId,
  takenDownAt: promotions.takenDownAt,
  takedownReason: promotions.takedownReason,
  productId: products.id,
  productName: products.name,
  productSlug: products.slug,
  prescription: products.prescription,
  labId: laboratories.id,
  labName: laboratories.name,
  labSlug: laboratories.slug,
  authorNombre: users.nombre,
  authorApellidos: users.apellidos,
  authorProfilePublic: representativeColumns.profilePublic,
};

/** Promotions with their product, the product's (holder) laboratory and the author. */
export function selectPromotions(ctx: Pick<AppContext, "db">) {
  return ctx.db
    .select(columns)
    .from(promotions)
    .innerJoin(products, eq(products.id, promotions.productId))
    .innerJoin(laboratories, eq(laboratories.id, products.holderLaboratoryId))
    .innerJoin(users, eq(users.id, promotions.authorId));
}

export type PromotionRow = Awaited<ReturnType<typeof selectPromotions>>[number];

export const newestFirst = [desc(promotions.startsAt), desc(promotions.id)];

export function toPromotion(row: PromotionRow, timeZone = DEFAULT_TIME_ZONE): Promotion {
  const status = row.status as PromotionStatus;
  return {
    id: row.id,
    tipo: row.kind,
    tipo_texto: PROMOTION_KIND_LABELS[row.kind],
    titulo: row.title,
    descripcion: row.description,
    condiciones: row.conditions,
    fecha_inicio: isoDateIn(row.startsAt, timeZone),
    fecha_fin: isoDateIn(row.endsAt, timeZone),
    inicio: new Date(row.startsAt).toISOString(),
    fin: new Date(row.endsAt).toISOString(),
    estado: status,
    estado_texto: PROMOTION_STATUS_LABELS[status],
    imagen_url: row.imageKey ? promotionImageUrl(row.id, new Date(row.updatedAt)) : null,
    url: promotionUrl(row.labSlug, row.id),
    producto: {
      id: row.productId,
      nombre: row.productName,
      url: productUrl(row.productSlug, row.productId),
      requiere_receta: isPrescriptionOnly(row.prescription),
      laboratorio: { id: row.labId, nombre: row.labName, slug: row.labSlug },
    },
    autor: {
      id: row.authorId,
      nombre: [row.authorNombre, row.authorApellidos].filter(Boolean).join(" ") || "Visitador",
      contactar_url: pathTo("chat", {}, { to: row.authorId }),
      perfil_url: isTrue(row.authorProfilePublic)
        ? profileUrl({ userId: row.authorId, nombre: row.authorNombre, apellidos: row.authorApellidos })
        : null,
    },
    retirada:
      status === "retirada" && row.takenDownAt
        ? { motivo: row.takedownReason ?? "", fecha: new Date(row.takenDownAt).toISOString() }
        : null,
  };
}

/**
 * Live promotions of a product (newest first), for its page. The caller has already passed the
 * product's gate; this only filters by state.
 */
export async function listLivePromotionsOfProduct(ctx: AppContext, productId: number, timeZone?: string): Promise<Promotion[]> {
  const rows = await selectPromotions(ctx)
    .where(and(eq(promotions.productId, productId), isLive))
    .orderBy(...newestFirst)
    .limit(20);
  return rows.map((row) => toPromotion(row as PromotionRow, timeZone));
}

/**
 * A representative's live promotions, for their public profile. Promotions of prescription-only
 * medicines are left out unless the reader is a healthcare professional.
 */
export async function listActivePromotionsOfRepresentative(
  ctx: AppContext,
  userId: number,
  options: { professional?: boolean; timeZone?: string } = {},
): Promise<Promotion[]> {
  const conditions = [eq(promotions.authorId, userId), isLive];
  if (!options.professional) conditions.push(inArray(products.prescription, ["sin_receta"]));
  const rows = await selectPromotions(ctx)
    .where(and(...conditions))
    .orderBy(...newestFirst)
    .limit(50);
  return rows.map((row) => toPromotion(row as PromotionRow, options.timeZone));
}
