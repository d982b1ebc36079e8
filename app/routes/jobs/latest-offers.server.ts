import { DEFAULT_COUNTRY_SLUG } from "#common/constants";
import type { PageLoadContext } from "#server/context";
import type { OfferSummary } from "#server/jobs";
import { recommendOffersFor, searchOffers } from "#server/jobs";

/**
 * The home page's "latest offers": the newest open offers in España. The home page must render
 * even if the search fails, so a failure is logged and shows no section.
 */
export async function loadLatestOffers(context: PageLoadContext, limit = 6): Promise<{ items: OfferSummary[]; now: string }> {
  const now = new Date().toISOString();
  try {
    const result = await searchOffers(context.app, { pais: DEFAULT_COUNTRY_SLUG, q: undefined, limit }, { counts: false });
    return { items: result.items, now };
  } catch (error) {
    context.app.logger.warn({ err: error, requestId: context.requestId }, "latest offers unavailable");
    return { items: [], now };
  }
}

/**
 * «Ofertas recomendadas para ti» (decision 0110): only for a signed-in candidate, whose page is
 * rendered for them and never cached, so the anonymous home page stays cached. One query; a
 * failure shows no section.
 */
export async function loadRecommendedOffers(context: PageLoadContext, limit = 3): Promise<OfferSummary[]> {
  if (!context.user) return [];
  try {
    return await recommendOffersFor(context.app.db, context.user, limit);
  } catch (error) {
    context.app.logger.warn({ err: error, requestId: context.requestId }, "recommended offers unavailable");
    return [];
  }
}
