import { data } from "react-router";
import { breadcrumbJsonLd } from "#app/lib/structured-data";
import { cacheUntil } from "#common/cache-policy";
import { pathTo } from "#common/route-names";
import { can, setProfesionalSanitario } from "#server/accounts";
import type { PageLoadContext } from "#server/context";
import { backPathOf, pageRedirect } from "#server/platform/page-redirect";
import { professionalSetCookie } from "#server/platform/session-cookie";
import type { ProductView } from "#server/visita";
import { findProduct, keepPortfolio, listRepresentatives } from "#server/visita";
import { idParam, viewerOfPage } from "./catalogue.server";
import { promotionsForProductPage } from "./promotions.server";

/** Structured data (schema.org Drug) for a medicine whose detail may be shown. */
export function drugJsonLd(product: ProductView, appUrl: string) {
  const d = product.detalle;
  if (!d) return null;
  return {
    "@context": "https://schema.org",
    "@type": "Drug",
    name: product.nombre,
    url: `${appUrl}${product.url}`,
    image: `${appUrl}${d.imagen_url}`,
    activeIngredient: d.principios_activos.map((i) => `${i.nombre} ${i.dosis} ${i.unidad}`).join(", "),
    dosageForm: d.forma.nombre,
    administrationRoute: d.vias.map((via) => via.nombre).join(", "),
    prescriptionStatus: product.requiere_receta ? "https://schema.org/PrescriptionOnly" : "https://schema.org/OTC",
    isAvailableGenerically: d.generico,
    manufacturer: { "@type": "Organization", name: product.laboratorio.nombre },
    ...(d.atc ? { code: { "@type": "MedicalCode", codeValue: d.atc.codigo, codingSystem: "ATC" } } : {}),
  };
}

/** producto/{product}/{id}: the product, its representatives (by province) — or the professional gate. */
export async function loadProductPage(context: PageLoadContext, request: Request, url: URL, params: { product?: string; id?: string }) {
  const id = idParam(params.id);
  const viewer = await viewerOfPage(context, request);
  const product = await findProduct(context.app, viewer, id);
  // A renamed product keeps its old links working, and search engines move to the new address.
  if (params.product !== product.slug) throw pageRedirect(product.url + url.search, 301);

  const estadoText = url.searchParams.get("estado") ?? "";
  const estadoId = /^\d{1,6}$/.test(estadoText) ? Number(estadoText) : undefined;
  const representatives = product.restringido ? null : await listRepresentatives(context.app, viewer, id, { estadoId });
  // Promotions (issue 14, promo): live ones, only when the detail is shown.
  const promotions = await promotionsForProductPage(context, id, !product.restringido);
  const appUrl = context.app.config.appUrl;
  return data(
    {
      brandName: context.app.config.brandName,
      canonicalUrl: `${appUrl}${product.url}`,
      product,
      representatives,
      promotions,
      estadoId: estadoId ?? null,
      jsonLd: drugJsonLd(product, appUrl),
      // The breadcrumb the page shows: the catalogue, the laboratory's page (issue 29), the product.
      breadcrumbLd: breadcrumbJsonLd(
        appUrl,
        [
          { name: "Catálogo", path: pathTo("visita") },
          { name: product.laboratorio.nombre, path: pathTo("laboratorio", { slug: product.laboratorio.slug }) },
          { name: product.nombre },
        ],
        `${appUrl}${product.url}`,
      ),
      imageUrl: product.detalle ? `${appUrl}${product.detalle.imagen_url}` : null,
      signedIn: Boolean(context.user),
      professional: viewer.professional,
      // Representatives may propose changes to the sheet (only signed-in pages vary; the cache keeps anonymous ones).
      canSuggest: Boolean(context.user && can(context.user, keepPortfolio)),
    },
    { headers: cacheUntil(promotions.map((promotion) => promotion.fin)) },
  );
}

export type GateActionData = { declined: true };

/**
 * The gate's answer. "Sí" is remembered for this browser session (a session cookie) and, when
 * signed in, on the account (the same service as PUT /api/is-profesional-sanitario); then the page
 * reloads with the detail. "No" changes nothing and says why the detail stays hidden.
 */
export async function productGateAction(context: PageLoadContext, request: Request, url: URL, params: { product?: string; id?: string }) {
  idParam(params.id);
  return professionalGateAction(
    context,
    request,
    `${pathTo("producto", { product: params.product ?? "", id: params.id ?? "" })}${url.search}`,
  );
}

/** The gate's form on a page that is its own address (profile, portfolio entry): back to the same path. */
export const profileGateAction = (context: PageLoadContext, request: Request, url: URL) =>
  professionalGateAction(context, request, backPathOf(url));

/**
 * The gate's form on any gated page (product, promotion, portfolio entry, profile): answers, then
 * reloads `backTo` (a path). "retirar" takes a declaration back (account and browser session), so
 * the reloaded page is gated again at once.
 */
export async function professionalGateAction(context: PageLoadContext, request: Request, backTo: string) {
  const form = await request.formData();
  if (form.get("intent") !== "gate") throw data("La petición no es válida.", { status: 400 });
  const answer = form.get("respuesta");
  if (answer !== "si" && answer !== "retirar") return { declined: true } satisfies GateActionData;
  const declared = answer === "si";
  await setProfesionalSanitario(context.app, context.user?.id, declared);
  const secure = context.app.config.appUrl.startsWith("https://");
  const response = pageRedirect(backTo, 303);
  response.headers.append("Set-Cookie", professionalSetCookie(declared, secure));
  return response;
}
