import { DEFAULT_COUNTRY_SLUG } from "#common/constants";
import type { PageLoadContext } from "#server/context";
import type { OfferSummary } from "#server/jobs";
import { searchOffers } from "#server/jobs";

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
