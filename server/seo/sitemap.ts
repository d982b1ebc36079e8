import type { Context, Hono } from "hono";
import { pathTo } from "#common/route-names";
import type { AppContext } from "#server/context";
import type { AppEnv } from "#server/env";
import { listJobsSitemapEntries } from "#server/jobs";
import { listNewsSitemapEntries, NEWS_SITEMAP_PATH } from "#server/news";
import { escapeHtml } from "#server/platform/mail/layout";
import { listVisitaSitemapEntries } from "#server/visita";

/** One <url> of a sitemap: a path under the site (made absolute here) and when it last changed. */
export type SitemapEntry = { loc: string; lastmod?: string };

/**
 * The site's sitemaps, one per area (decision 0066): /sitemap.xml is their index, the one address
 * robots.txt names. An area with public pages adds its list here (areas never import this module).
 */
export const SITEMAPS: Array<{ path: string; entries: (ctx: AppContext) => Promise<SitemapEntry[]> }> = [
  { path: "/sitemap-portada.xml", entries: async () => [{ loc: pathTo("home") }] },
  // Jobs: each country's list with open offers, then every open offer (kept a few minutes).
  { path: "/sitemap-empleo.xml", entries: listJobsSitemapEntries },
  // News: read each time, so a scheduled item is listed the moment it is published.
  { path: "/sitemap-noticias-archivo.xml", entries: listNewsSitemapEntries },
  // Visita: products without prescription and public representative profiles.
  { path: "/sitemap-visita.xml", entries: listVisitaSitemapEntries },
];

const XML_HEADERS = { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" };

const lastmodTag = (lastmod?: string) => (lastmod ? `<lastmod>${lastmod}</lastmod>` : "");

export function buildUrlset(base: string, entries: SitemapEntry[]): string {
  const body = entries.map((e) => `<url><loc>${escapeHtml(base + e.loc)}</loc>${lastmodTag(e.lastmod)}</url>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

/** The newest lastmod of a list (ISO strings compare in time order), for the index's entry. */
const newest = (entries: SitemapEntry[]) =>
  entries.reduce<string | undefined>((max, e) => (e.lastmod && (!max || e.lastmod > max) ? e.lastmod : max), undefined);

/** The sitemap index: every area's sitemap, and the Google News one the news area serves. */
export async function buildSitemapIndex(ctx: AppContext): Promise<string> {
  const lists = await Promise.all(SITEMAPS.map((s) => s.entries(ctx)));
  const items = [
    ...SITEMAPS.map((s, i) => ({ loc: s.path, lastmod: newest(lists[i] ?? []) })),
    { loc: NEWS_SITEMAP_PATH, lastmod: undefined },
  ];
  const base = ctx.config.appUrl;
  const body = items.map((i) => `<sitemap><loc>${escapeHtml(base + i.loc)}</loc>${lastmodTag(i.lastmod)}</sitemap>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`;
}

/** GET /sitemap.xml (the index) and GET /sitemap-{area}.xml. */
export function mountSitemaps(app: Hono<AppEnv>): void {
  app.get("/sitemap.xml", async (c: Context<AppEnv>) => c.body(await buildSitemapIndex(c.get("app")), 200, XML_HEADERS));
  for (const sitemap of SITEMAPS) {
    app.get(sitemap.path, async (c: Context<AppEnv>) => {
      const ctx = c.get("app");
      return c.body(buildUrlset(ctx.config.appUrl, await sitemap.entries(ctx)), 200, XML_HEADERS);
    });
  }
}

/** robots.txt names the sitemap index by its absolute address (APP_URL). */
export function robotsTxt(appUrl: string): string {
  return ["User-agent: *", "Allow: /app/", "Allow: /og/", "Disallow: /api/", "", `Sitemap: ${appUrl}/sitemap.xml`, ""].join("\n");
}
