import { sql } from "drizzle-orm";
import type { AppContext } from "#server/context";
import { ofertas } from "#server/db/schema";
import { openOfferSql } from "./queries";

/**
 * The countries that have open offers, with their newest change: the sitemap lists their job
 * lists, and the listing's country switcher offers them beyond the Spanish-speaking markets. Kept
 * for a few minutes per database (one grouped scan of the open offers); a country whose first offer
 * opens appears within that time, and its list is reachable by address at once.
 */
const TTL_MS = 5 * 60 * 1000;

export type OpenOfferCountry = { paisId: number; lastmod: string };

const cache = new WeakMap<object, { at: number; rows: Promise<OpenOfferCountry[]> }>();

export function openOfferCountries(ctx: AppContext): Promise<OpenOfferCountry[]> {
  const hit = cache.get(ctx.db);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.rows;
  const entry = {
    at: Date.now(),
    rows: Promise.resolve(
      ctx.db
        .select({ paisId: ofertas.paisId, lastmod: sql<string>`max(${ofertas.updatedAt})::text` })
        .from(ofertas)
        .where(openOfferSql)
        .groupBy(ofertas.paisId),
    ),
  };
  cache.set(ctx.db, entry);
  // A failed read is not kept: the next request asks the database again.
  entry.rows.catch(() => {
    if (cache.get(ctx.db) === entry) cache.delete(ctx.db);
  });
  return entry.rows;
}
