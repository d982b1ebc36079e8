import { data } from "react-router";
import { breadcrumbJsonLd } from "#app/lib/structured-data";
import { cacheUntil } from "#common/cache-policy";
import { pathTo } from "#common/route-names";
import { promotionInputSchema } from "#common/visita/promotions";
import type { PageLoadContext } from "#server/context";
import { formMutation, parseFields } from "#server/platform/page-form";
import { pageRedirect } from "#server/platform/page-redirect";
import {
  createPromotion,
  endPromotionNow,
  findProduct,
  getEditablePromotion,
  getPublicPromotion,
  listLivePromotionsOfProduct,
  representativeViewer,
  todayIn,
  updatePromotion,
} from "#server/visita";
import { idParam, viewerOfPage } from "./catalogue.server";
import { assertCan, keepPortfolio, PRIVATE } from "./portfolio.server";

export type PromotionFormValues = {
  tipo: string;
  titulo: string;
  descripcion: string;
  condiciones: string;
  fecha_inicio: string;
  fecha_fin: string;
};

const valuesOf = (form: FormData): PromotionFormValues => ({
  tipo: String(form.get("tipo") ?? ""),
  titulo: String(form.get("titulo") ?? ""),
  descripcion: String(form.get("descripcion") ?? ""),
  condiciones: String(form.get("condiciones") ?? ""),
  fecha_inicio: String(form.get("fecha_inicio") ?? ""),
  fecha_fin: String(form.get("fecha_fin") ?? ""),
});

/** crear-promocion/{idProd}: the product (the service checks, on save, that the actor may promote it). */
export async function loadCreatePromotion(context: PageLoadContext, request: Request, params: { idProd?: string }) {
  const actor = assertCan(context, request, keepPortfolio);
  const product = await findProduct(context.app, representativeViewer(actor), idParam(params.idProd));
  const today = todayIn(context.timeZone);
  return data(
    { product: { id: product.id, nombre: product.nombre, laboratorio: product.laboratorio.nombre }, today },
    { headers: PRIVATE },
  );
}

/** edit-promo/{idPromo}: one of the actor's promotions (or, for marketing, their laboratory's); 404 otherwise. */
export async function loadEditPromotion(context: PageLoadContext, request: Request, params: { idPromo?: string }) {
  const actor = assertCan(context, request, keepPortfolio);
  const promotion = await getEditablePromotion(context.app, { ...actor, timeZone: context.timeZone }, idParam(params.idPromo));
  return data({ promotion, today: todayIn(context.timeZone) }, { headers: PRIVATE });
}

/** Saves the form (create or edit); "Publicar" also publishes. Then the public page (or back to the form as a draft). */
export async function promotionFormAction(
  context: PageLoadContext,
  request: Request,
  target: { productParam?: string; promotionParam?: string },
) {
  const actor = { ...assertCan(context, request, keepPortfolio), timeZone: context.timeZone };
  const productId = target.productParam === undefined ? null : idParam(target.productParam);
  const promotionId = target.promotionParam === undefined ? null : idParam(target.promotionParam);
  const form = await request.formData();
  if (form.get("intent") === "finalizar" && promotionId !== null) {
    const ended = await endPromotionNow(context.app, actor, promotionId);
    throw pageRedirect(pathTo("edit-promo", { idPromo: ended.id }, { finalizada: 1 }), 303);
  }
  return formMutation(
    form,
    async () => {
      const input = parseFields(promotionInputSchema, valuesOf(form));
      const image = form.get("imagen");
      const options = { image: image instanceof Blob && image.size > 0 ? image : null, publish: form.get("intent") === "publicar" };
      const saved =
        promotionId !== null
          ? await updatePromotion(context.app, actor, promotionId, input, options)
          : await createPromotion(context.app, actor, productId ?? 0, input, options);
      if (saved.estado === "activa") throw pageRedirect(saved.url, 303);
      throw pageRedirect(pathTo("edit-promo", { idPromo: saved.id }, { guardado: 1 }), 303);
    },
    // A refusal of the service (403, 410 included) is said in the form, as before; 404 is the 404 page.
    { values: valuesOf, inline: [403, 410] },
  );
}

/**
 * laboratorio-promocion/{slug}/{idPromo}: the promotion (or the professional gate), with the
 * laboratory's slug in the address; a wrong slug moves permanently to the right one.
 */
export async function loadPublicPromotion(
  context: PageLoadContext,
  request: Request,
  url: URL,
  params: { slug?: string; idPromo?: string },
) {
  const viewer = await viewerOfPage(context, request);
  const view = await getPublicPromotion(context.app, viewer, idParam(params.idPromo));
  const canonical =
    view.promocion?.url ?? pathTo("laboratorio-promocion", { slug: view.producto.laboratorio.slug, idPromo: params.idPromo ?? "" });
  if (params.slug !== view.producto.laboratorio.slug) throw pageRedirect(canonical + url.search, 301);
  const appUrl = context.app.config.appUrl;
  return data(
    {
      view,
      brandName: context.app.config.brandName,
      canonicalUrl: `${appUrl}${canonical}`,
      imageUrl: view.promocion?.imagen_url ? `${appUrl}${view.promocion.imagen_url}` : null,
      isAuthor: Boolean(context.user && view.promocion && context.user.id === view.promocion.autor.id),
      professional: viewer.professional,
      // The breadcrumb the page shows (decision 0067): the catalogue, the laboratory, the promotion.
      breadcrumbLd: breadcrumbJsonLd(
        appUrl,
        [
          { name: "Catálogo", path: pathTo("visita") },
          { name: view.producto.laboratorio.nombre, path: pathTo("laboratorio", { slug: view.producto.laboratorio.slug }) },
          { name: view.promocion?.titulo ?? `Promoción de ${view.producto.nombre}` },
        ],
        `${appUrl}${canonical}`,
      ),
    },
    { headers: cacheUntil([view.promocion?.fin]) },
  );
}

/** The live promotions shown on a product page whose detail the viewer may see. */
export async function promotionsForProductPage(context: PageLoadContext, productId: number, visible: boolean) {
  return visible ? listLivePromotionsOfProduct(context.app, productId, context.timeZone) : [];
}

// The promotion services visitadorPage calls from its loader.
export { listPromotionsByState } from "#server/visita";
