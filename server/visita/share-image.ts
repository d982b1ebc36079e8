import type { Context } from "hono";
import type { AppEnv } from "#server/env";
import { AppError } from "#server/platform/errors";
import { shareCardId, shareCardResponse } from "#server/platform/share-card";
import { findProduct } from "./products.service";
import { getPublicPromotion } from "./promotion-reads";
import type { CatalogueViewer } from "./viewer";

/** What an anonymous visitor (a crawler fetching the picture) may see. */
const ANONYMOUS: CatalogueViewer = { user: null, professional: false };

const notFound = (): never => {
  throw new AppError("NOT_FOUND", "Imagen no encontrada.");
};

/**
 * GET /og/producto/{id}.png: a product's name, laboratory and form as shared links show them
 * (outside /api/, which robots.txt keeps crawlers out of). Only products whose page is public:
 * a prescription-only medicine's page gives no share tags, so neither a card.
 */
export async function productShareImageHandler(c: Context<AppEnv>) {
  const ctx = c.get("app");
  const product = await findProduct(ctx, ANONYMOUS, shareCardId(c.req.param("file")) ?? notFound());
  if (!product.detalle) notFound();
  const form = product.detalle?.forma.nombre ?? "";
  return shareCardResponse({
    eyebrow: "Medicamento",
    title: product.nombre,
    lines: [product.laboratorio.nombre, form],
    brand: ctx.config.brandName,
  });
}

/** GET /og/promocion/{id}.png: an active promotion of a product without prescription. */
export async function promotionShareImageHandler(c: Context<AppEnv>) {
  const ctx = c.get("app");
  const view = await getPublicPromotion(ctx, ANONYMOUS, shareCardId(c.req.param("file")) ?? notFound());
  const promotion = view.promocion;
  if (view.restringido || !promotion || promotion.estado !== "activa") return notFound();
  return shareCardResponse({
    eyebrow: `Promoción · ${promotion.tipo_texto}`,
    title: promotion.titulo,
    lines: [view.producto.nombre, view.producto.laboratorio.nombre],
    brand: ctx.config.brandName,
  });
}
