import { pathTo } from "#common/route-names";
import type { AppContext } from "#server/context";
import { sharedComputation } from "#server/platform/shared-computation";
import { findPaisById } from "#server/reference";
import { listSitemapOffers } from "./offers.service";
import { openOfferCountries } from "./open-countries";

const CACHE_MS = 5 * 60 * 1000;
const jobsEntries = sharedComputation<SitemapEntry[]>({ freshMs: CACHE_MS, staleMs: 0, maxEntries: 4 });

type SitemapEntry = { loc: string; lastmod?: string };

/**
 * The jobs pages for /sitemap.xml (server/seo composes it): each country's job list that has open
 * offers, then every open offer. Kept for a few minutes: reading every open offer is the costly part.
 */
export function listJobsSitemapEntries(ctx: AppContext): Promise<SitemapEntry[]> {
  return jobsEntries.get(`${ctx.config.appUrl}|${ctx.database.url ?? ctx.config.dataDir}`, () => readJobsEntries(ctx));
}

async function readJobsEntries(ctx: AppContext): Promise<SitemapEntry[]> {
  const [offers, countries] = await Promise.all([listSitemapOffers(ctx), openOfferCountries(ctx)]);
  const entries: SitemapEntry[] = [];
  for (const row of countries) {
    const pais = findPaisById(row.paisId);
    if (pais) entries.push({ loc: pathTo("empleo", { pais: pais.slug }), lastmod: new Date(row.lastmod).toISOString() });
  }
  for (const offer of offers) entries.push({ loc: offer.url, lastmod: offer.lastmod });
  return entries;
}
