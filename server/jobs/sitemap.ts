import type { Context } from "hono";
import { pathTo } from "#common/route-names";
import type { AppContext } from "#server/context";
import type { AppEnv } from "#server/env";
import { listNewsSitemapEntries } from "#server/news";
import { escapeHtml } from "#server/platform/mail/layout";
import { sharedComputation } from "#server/platform/shared-computation";
import { findPaisById } from "#server/reference";
import { listSitemapOffers } from "./offers.service";
import { openOfferCountries } from "./open-countries";

const CACHE_MS = 5 * 60 * 1000;
const jobsEntries = sharedComputation<string>({ freshMs: CACHE_MS, staleMs: 0, maxEntries: 4 });

type SitemapEntry = { loc: string; lastmod?: string };
const toXml = (base: string, entries: SitemapEntry[]) =>
  entries.map((e) => `<url><loc>${escapeHtml(base + e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ""}</url>`).join("\n");

/**
 * The sitemap: the main public pages, each country's job list that has open offers, every open
 * offer, and the news pages. The jobs part is kept for a few minutes; the news part is read each
 * time, so a scheduled item is listed the moment it is published.
 */
export async function buildSitemap(ctx: AppContext): Promise<string> {
  const [jobs, news] = await Promise.all([buildJobsEntries(ctx), listNewsSitemapEntries(ctx)]);
  const body = [jobs, toXml(ctx.config.appUrl, news)].filter(Boolean).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

function buildJobsEntries(ctx: AppContext): Promise<string> {
  return jobsEntries.get(`${ctx.config.appUrl}|${ctx.database.url ?? ctx.config.dataDir}`, () => readJobsEntries(ctx));
}

async function readJobsEntries(ctx: AppContext): Promise<string> {
  const base = ctx.config.appUrl;
  const [offers, countries] = await Promise.all([listSitemapOffers(ctx), openOfferCountries(ctx)]);
  const entries: SitemapEntry[] = [{ loc: pathTo("home") }];
  for (const row of countries) {
    const pais = findPaisById(row.paisId);
    if (pais) entries.push({ loc: pathTo("empleo", { pais: pais.slug }), lastmod: new Date(row.lastmod).toISOString() });
  }
  for (const offer of offers) entries.push({ loc: offer.url, lastmod: offer.lastmod });
  return toXml(base, entries);
}

/** GET /sitemap.xml */
export async function sitemapHandler(c: Context<AppEnv>) {
  const xml = await buildSitemap(c.get("app"));
  return c.body(xml, 200, { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" });
}
