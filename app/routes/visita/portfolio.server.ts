import { data } from "react-router";
import { DEFAULT_COUNTRY_ID } from "#common/constants";
import { pathTo } from "#common/route-names";
import { portfolioEntrySchema } from "#common/visita/schemas";
import { assertCan } from "#server/accounts";
import type { PageLoadContext } from "#server/context";
import { EVERY_REFUSAL, formMutation, parseFields } from "#server/platform/page-form";
import { pageRedirect } from "#server/platform/page-redirect";
import { findEstadosOfPais } from "#server/reference";
import {
  addToPortfolio,
  findMyEntryForProduct,
  findProduct,
  keepPortfolio,
  myZonas,
  productsInMyPortfolio,
  removePortfolioEntry,
  representativeViewer,
  searchProducts,
  updatePortfolioEntry,
} from "#server/visita";
import { idParam, searchParamsOf } from "./catalogue.server";

/** The representative's area (product-spec §6): assertCan(context, request, keepPortfolio) sends
 * anonymous visitors to login and other roles to the 403 page. */
export { assertCan } from "#server/accounts";
export { keepPortfolio } from "#server/visita";

export const PRIVATE = { "Cache-Control": "private, no-store" };

/** results-db: the catalogue searched from the representative's area, marking what they carry. */
export async function loadResultsDb(context: PageLoadContext, request: Request, url: URL) {
  const actor = assertCan(context, request, keepPortfolio);
  const { params, filters } = searchParamsOf(url);
  const result = await searchProducts(context.app, representativeViewer(actor), params);
  const carried = await productsInMyPortfolio(
    context.app,
    actor,
    result.items.map((item) => item.id),
  );
  return data({ filters, result, carried: [...carried], isFirstPage: !params.cursor }, { headers: PRIVATE });
}

/** asociar-producto/{id}: the product and, when already carried, the actor's entry to edit. */
export async function loadAsociarProducto(context: PageLoadContext, request: Request, params: { id?: string }) {
  const actor = assertCan(context, request, keepPortfolio);
  const id = idParam(params.id);
  const [product, entry, zonas] = await Promise.all([
    findProduct(context.app, representativeViewer(actor), id),
    findMyEntryForProduct(context.app, actor, id),
    myZonas(context.app, actor),
  ]);
  const provinces = findEstadosOfPais(DEFAULT_COUNTRY_ID).map((estado) => ({ value: String(estado.id), label: estado.nombre }));
  return data(
    { product, entry, defaultZonas: entry ? entry.zonas.map((z) => String(z.id)) : zonas.map((z) => String(z.id)), provinces },
    { headers: PRIVATE },
  );
}

/** What the portfolio form is refilled with after a refusal. */
const valuesOf = (form: FormData) => ({
  zonas: String(form.get("zonas") ?? "")
    .split(",")
    .filter(Boolean),
  nota: String(form.get("nota") ?? ""),
});

/** Saves (adds or changes) or removes the actor's entry for this product. */
export async function asociarProductoAction(context: PageLoadContext, request: Request, params: { id?: string }) {
  const actor = assertCan(context, request, keepPortfolio);
  const productId = idParam(params.id);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const existing = await findMyEntryForProduct(context.app, actor, productId);
  if (intent === "remove") {
    if (existing) await removePortfolioEntry(context.app, actor, existing.id);
    throw pageRedirect(pathTo("visitadorPage", {}, { quitado: productId }), 303);
  }
  return formMutation(
    form,
    async () => {
      const input = parseFields(portfolioEntrySchema, valuesOf(form));
      if (existing) await updatePortfolioEntry(context.app, actor, existing.id, input);
      else await addToPortfolio(context.app, actor, { producto_id: productId, ...input });
      throw pageRedirect(pathTo("asociar-producto-success", {}, { producto: productId, editado: existing ? 1 : undefined }), 303);
    },
    // Every refusal of the service (403 and 404 included) is said in the form, as before.
    { values: valuesOf, inline: EVERY_REFUSAL },
  );
}

// The portfolio services other visita pages call directly from their loaders.
export { findMyEntryForProduct, portfolioEntryUrl, readPortfolioEntry } from "#server/visita";
