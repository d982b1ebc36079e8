import { sql } from "drizzle-orm";
import type { AppContext } from "#server/context";
import { ofertas } from "#server/db/schema";
import { perOwner, sharedComputation } from "#server/platform/shared-computation";
import { openOfferSql } from "./queries";

/**
 * The countries that have open offers, with their newest change: the sitemap lists their job
 * lists, and the listing's country switcher offers them beyond the Spanish-speaking markets. Kept
 * for a few minutes per database (one grouped scan of the open offers); a country whose first offer
 * opens appears within that time, and its list is reachable by address at once.
 */
const TTL_MS = 5 * 60 * 1000;

export type OpenOfferCountry = { paisId: number; lastmod: string; count: number };

const cache = perOwner(() => sharedComputation<OpenOfferCountry[]>({ freshMs: TTL_MS, staleMs: 0, maxEntries: 1 }));

export function openOfferCountries(ctx: AppContext): Promise<OpenOfferCountry[]> {
  // A failed read is not kept: the next request asks the database again.
  return cache(ctx.db).get("open", async () =>
    ctx.db
      .select({
        paisId: ofertas.paisId,
        lastmod: sql<string>`max(${ofertas.updatedAt})::text`,
        count: sql<number>`count(*)`.mapWith(Number),
      })
      .from(ofertas)
      .where(openOfferSql)
      .groupBy(ofertas.paisId),
  );
}
