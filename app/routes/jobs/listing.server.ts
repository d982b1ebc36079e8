import { shareImageUrl } from "#app/lib/share-meta";
import { breadcrumbJsonLd } from "#app/lib/structured-data";
import { offerSearchSchema } from "#common/jobs";
import { pathTo } from "#common/route-names";
import type { PageLoadContext } from "#server/context";
import { type OpenOfferCountry, openOfferCountries, searchOffers } from "#server/jobs";
import { pageRedirect } from "#server/platform/page-redirect";
import { findCargoBySlug, findEstadosOfPais, findPaisById, findPaisBySlug } from "#server/reference";
import { countryOptions } from "./countries.server";
import { absoluteUrl, notFound, preferredCountrySlug, viewerOf } from "./jobs.server";

/** The search fields the listing keeps in its address. */
export const FILTER_KEYS = [
  "q",
  "estado",
  "modalidad",
  "contrato",
  "salario_min",
  "jornada",
  "experiencia",
  "estudios",
  "publicada",
  "orden",
] as const;

/**
 * Every country with open offers as a plain link (the country switcher is a form, which crawlers do
 * not submit): so each country's list, and its offers, can be reached by following links.
 */
function countryLinks(open: readonly OpenOfferCountry[]) {
  return open
    .flatMap((row) => {
      const pais = findPaisById(row.paisId);
      return pais ? [{ slug: pais.slug, nombre: pais.nombre, count: row.count }] : [];
    })
    .sort((a, b) => a.nombre.localeCompare(b.nombre, "es"));
}

/**
 * Without a country: the user's, the geo-located or "espana" (302, query kept; a `pais` in the
 * query, from the country switcher without JavaScript, wins). With a `cargo` in the query: the
 * position route (product-spec §2 navigation rules).
 */
async function redirectToCanonicalListing(context: PageLoadContext, url: URL, paisParam: string | undefined): Promise<void> {
  const query = new URLSearchParams(url.search);
  let pais = paisParam;
  if (!pais) {
    const chosen = query.get("pais");
    query.delete("pais");
    pais = chosen && findPaisBySlug(chosen) ? chosen : await preferredCountrySlug(context);
  }
  const cargo = query.get("cargo");
  if (cargo) {
    query.delete("cargo");
    throw pageRedirect(pathTo("empleo-cargo", { pais, cargo }, query), 302);
  }
  if (!paisParam) throw pageRedirect(pathTo("empleo", { pais }, query), 302);
}

export async function loadListing(context: PageLoadContext, url: URL, params: { pais?: string; cargo?: string }) {
  if (!params.pais || (!params.cargo && url.searchParams.get("cargo"))) await redirectToCanonicalListing(context, url, params.pais);

  const pais = findPaisBySlug(params.pais ?? "");
  if (!pais) notFound();
  const cargo = params.cargo ? findCargoBySlug(params.cargo) : undefined;
  if (params.cargo && !cargo) notFound();

  // A bad filter value (hand-edited address) is dropped rather than failing the whole page.
  const raw: Record<string, string> = { pais: pais.slug };
  if (cargo) raw.cargo = cargo.slug;
  for (const key of [...FILTER_KEYS, "cursor"] as const) {
    const value = url.searchParams.get(key);
    if (value) raw[key] = value;
  }
  let parsed = offerSearchSchema.safeParse(raw);
  const ignored: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0]);
      ignored.push(key);
      delete raw[key];
    }
    parsed = offerSearchSchema.safeParse(raw);
  }
  if (!parsed.success) notFound();
  const search = parsed.data;
  // A stale or hand-edited cursor starts the list again instead of failing the page.
  const [result, openCountries] = await Promise.all([
    searchOffers(context.app, search, { badCursor: "restart" }),
    openOfferCountries(context.app),
  ]);

  const filters = {
    q: search.q ?? "",
    estado: search.estado ? String(search.estado) : "",
    modalidad: search.modalidad ?? "",
    contrato: search.contrato ?? "",
    salario_min: search.salario_min !== undefined ? String(search.salario_min) : "",
    jornada: search.jornada ?? "",
    experiencia: search.experiencia ?? "",
    estudios: search.estudios ?? "",
    publicada: search.publicada ?? "",
    orden: search.orden ?? "",
  };
  const basePath = cargo ? pathTo("empleo-cargo", { pais: pais.slug, cargo: cargo.slug }) : pathTo("empleo", { pais: pais.slug });
  return {
    now: new Date().toISOString(),
    brandName: context.app.config.brandName,
    pais: { id: pais.id, slug: pais.slug, nombre: pais.nombre, estadoTipo: pais.estado_tipo },
    cargo: cargo ? { id: cargo.id, slug: cargo.slug, nombre: cargo.nombre } : null,
    filters,
    // The sort order alone is the same list, so not a filter.
    hasFilters: Object.entries(filters).some(([key, value]) => key !== "orden" && Boolean(value)),
    isFirstPage: !search.cursor,
    ignored,
    result,
    estados: findEstadosOfPais(pais.id).map((estado) => ({ value: String(estado.id), label: estado.nombre })),
    countries: countryOptions(pais.id, openCountries),
    countryLinks: countryLinks(openCountries),
    viewer: viewerOf(context.user),
    canonicalUrl: absoluteUrl(context, basePath),
    shareImage: shareImageUrl(context.app.config.appUrl),
    // The breadcrumb a position's listing shows (decision 0067); a country's listing shows one crumb, so none.
    breadcrumbLd: cargo
      ? breadcrumbJsonLd(
          context.app.config.appUrl,
          [{ name: `Empleo en ${pais.nombre}`, path: pathTo("empleo", { pais: pais.slug }) }, { name: cargo.nombre }],
          absoluteUrl(context, basePath),
        )
      : null,
  };
}
