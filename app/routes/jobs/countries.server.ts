import type { PageLoadContext } from "#server/context";
import { type OpenOfferCountry, openOfferCountries } from "#server/jobs";
import { isMainMarket, paises } from "#server/reference";

/**
 * The country switcher: the Spanish-speaking markets always, then the other countries that have
 * open offers (and the one shown), so that no choice leads to an empty list. Built from reference
 * data once; only the "other countries" filter runs per request.
 */
const MAIN_COUNTRIES = paises.filter(isMainMarket).map(({ slug, nombre }) => ({ value: slug, label: nombre }));
const OTHER_COUNTRIES = paises.filter((pais) => !isMainMarket(pais));

export function countryOptions(currentId: number, open: readonly OpenOfferCountry[]) {
  const withOffers = new Set(open.map((row) => row.paisId));
  const others = OTHER_COUNTRIES.filter((pais) => pais.id === currentId || withOffers.has(pais.id)).map(({ slug, nombre }) => ({
    value: slug,
    label: nombre,
  }));
  return [{ group: "España y Latinoamérica", items: MAIN_COUNTRIES }, ...(others.length ? [{ group: "Otros países", items: others }] : [])];
}

/** The same choice of countries for a form (the alert form): the markets, then those with offers. */
export async function marketOptions(context: PageLoadContext, currentId: number) {
  const options = countryOptions(currentId, await openOfferCountries(context.app));
  const ids = Object.fromEntries(
    paises
      .filter((pais) => options.some((group) => group.items.some((item) => item.value === pais.slug)))
      .map((pais) => [pais.slug, String(pais.id)]),
  );
  return { options, ids };
}
