import { sql } from "drizzle-orm";
import { pathTo } from "#common/route-names";
import type { AppContext } from "#server/context";
import { ofertas } from "#server/db/schema";
import { sharedComputation } from "#server/platform/shared-computation";
import { findPaisById } from "#server/reference";
import { listSitemapOffers } from "./offers.service";
import { openOfferCountries } from "./open-countries";
import { openOfferSql } from "./queries";

const CACHE_MS = 5 * 60 * 1000;

type SitemapEntry = { loc: string; lastmod?: string };
/** One file of the jobs sitemap: its number (1…) and its newest change. */
export type SitemapFile = { file: number; lastmod?: string };

/**
 * Offer ids per file: file n lists the open offers with ids in ((n-1)·R, n·R]. R stays under the
 * protocol's 50,000 addresses with room for the country lists (file 1 carries them) — a range
 * never holds more offers than ids.
 */
export const OFFER_IDS_PER_FILE = 49_000;

const filesCache = sharedComputation<SitemapFile[]>({ freshMs: CACHE_MS, staleMs: CACHE_MS, maxEntries: 4 });

/**
 * The jobs sitemap's files (server/seo lists them in the index): the ranges of offer ids that hold
 * open offers, with their newest change; file 1 always (it carries the country lists). One grouped
 * scan of the open offers, kept a few minutes.
 */
export function listJobsSitemapFiles(ctx: AppContext, perFile = OFFER_IDS_PER_FILE): Promise<SitemapFile[]> {
  return filesCache.get(`${perFile}|${ctx.database.url ?? ctx.config.dataDir}`, async () => {
    const rows = await ctx.db
      .select({
        file: sql<number>`((${ofertas.id} - 1) / ${perFile})::int + 1`.mapWith(Number),
        lastmod: sql<string>`max(${ofertas.updatedAt})::text`,
      })
      .from(ofertas)
      .where(openOfferSql)
      .groupBy(sql`1`)
      .orderBy(sql`1`);
    const files = rows.map((row) => ({ file: row.file, lastmod: new Date(row.lastmod).toISOString() }));
    return files[0]?.file === 1 ? files : [{ file: 1 }, ...files];
  });
}

/** Offers read per query while a file is written (a file is streamed in batches; decision 0114). */
export const SITEMAP_BATCH = 5000;

/**
 * One file of the jobs sitemap (server/seo streams it), in batches: file 1 starts with each
 * country's job list that has open offers; then the open offers of the file's id range, SITEMAP_BATCH
 * at a time, each batch one index-only range read after the previous batch's last id. Holding a
 * file's 49,000 addresses as objects and one string took ~7 MB of heap per request, and ten at
 * once ran a 128 MB heap out (docs/perf/0104); a batch is a tenth of that, and the page cache keeps
 * the finished file (tag "jobs").
 */
export async function* listJobsSitemapEntries(
  ctx: AppContext,
  file = 1,
  perFile = OFFER_IDS_PER_FILE,
  batch = SITEMAP_BATCH,
): AsyncGenerator<SitemapEntry[]> {
  if (file === 1) {
    const countries: SitemapEntry[] = [];
    for (const row of await openOfferCountries(ctx)) {
      const pais = findPaisById(row.paisId);
      if (pais) countries.push({ loc: pathTo("empleo", { pais: pais.slug }), lastmod: new Date(row.lastmod).toISOString() });
    }
    yield countries;
  }
  const upTo = file * perFile;
  let after = (file - 1) * perFile;
  for (;;) {
    const offers = await listSitemapOffers(ctx, after, upTo, batch);
    if (offers.length) yield offers.map((offer) => ({ loc: offer.url, lastmod: offer.lastmod }));
    const last = offers.at(-1);
    if (!last || offers.length < batch) return;
    after = last.id;
  }
}
