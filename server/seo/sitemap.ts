import type { Context } from "hono";
import { pathTo } from "#common/route-names";
import type { AppContext } from "#server/context";
import type { AppEnv } from "#server/env";
import { listJobsSitemapEntries } from "#server/jobs";
import { listNewsSitemapEntries } from "#server/news";
import { escapeHtml } from "#server/platform/mail/layout";

/** One <url> of a sitemap: a path under the site (made absolute here) and when it last changed. */
export type SitemapEntry = { loc: string; lastmod?: string };

const toXml = (base: string, entries: SitemapEntry[]) =>
  entries.map((e) => `<url><loc>${escapeHtml(base + e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ""}</url>`).join("\n");

/**
 * The site-wide sitemap: the home page, then each area's public pages as the area lists them
 * (jobs: country lists and open offers, kept a few minutes; news: read each time, so a scheduled
 * item is listed the moment it is published). An area with public pages adds its list here.
 */
export async function buildSitemap(ctx: AppContext): Promise<string> {
  const [jobs, news] = await Promise.all([listJobsSitemapEntries(ctx), listNewsSitemapEntries(ctx)]);
  const body = toXml(ctx.config.appUrl, [{ loc: pathTo("home") }, ...jobs, ...news]);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

/** GET /sitemap.xml */
export async function sitemapHandler(c: Context<AppEnv>) {
  const xml = await buildSitemap(c.get("app"));
  return c.body(xml, 200, { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" });
}
