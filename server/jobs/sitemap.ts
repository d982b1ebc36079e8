import { sql } from "drizzle-orm";
import type { Context } from "hono";
import { pathTo } from "#common/route-names";
import type { AppContext } from "#server/context";
import { ofertas } from "#server/db/schema";
import type { AppEnv } from "#server/env";
import { escapeHtml } from "#server/platform/mail/layout";
import { findPaisById } from "#server/reference/catalog";
import { listSitemapOffers } from "./offers.service";
import { openOfferSql } from "./queries";

const CACHE_MS = 5 * 60 * 1000;
let cached: { at: number; key: string; xml: string } | undefined;

/** The sitemap: the main public pages, each country's job list that has open offers, and every open offer. */
export async function buildSitemap(ctx: AppContext): Promise<string> {
  const key = `${ctx.config.appUrl}|${ctx.database.url ?? ctx.config.dataDir}`;
  if (cached && cached.key === key && Date.now() - cached.at < CACHE_MS) return cached.xml;
  const base = ctx.config.appUrl;
  const [offers, countries] = await Promise.all([
    listSitemapOffers(ctx),
    ctx.db
      .select({ paisId: ofertas.paisId, lastmod: sql<string>`max(${ofertas.updatedAt})::text` })
      .from(ofertas)
      .where(openOfferSql)
      .groupBy(ofertas.paisId),
  ]);
  const entries: Array<{ loc: string; lastmod?: string }> = [{ loc: pathTo("home") }, { loc: pathTo("noticias-index") }];
  for (const row of countries) {
    const pais = findPaisById(row.paisId);
    if (pais) entries.push({ loc: pathTo("empleo", { pais: pais.slug }), lastmod: new Date(row.lastmod).toISOString() });
  }
  for (const offer of offers) entries.push({ loc: offer.url, lastmod: offer.lastmod });
  const body = entries
    .map((e) => `<url><loc>${escapeHtml(base + e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ""}</url>`)
    .join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
  cached = { at: Date.now(), key, xml };
  return xml;
}

/** GET /sitemap.xml */
export async function sitemapHandler(c: Context<AppEnv>) {
  const xml = await buildSitemap(c.get("app"));
  return c.body(xml, 200, { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" });
}
