import { desc, eq, gt, sql } from "drizzle-orm";
import { pathTo } from "#common/route-names";
import type { AppContext } from "#server/context";
import { newsAuthors, noticias, tribunas } from "#server/db/schema";
import { escapeHtml } from "#server/platform/mail/layout";
import { listPublicAuthors } from "./authors.service";
import { noticiaUrl, publicNoticiaSql, publicTribunaSql, tribunaUrl } from "./queries";
import { listNews } from "./reading.service";
import { loadTaxonomy } from "./taxonomy";

type Ctx = Pick<AppContext, "db" | "config">;
const FEED_SIZE = 30;

/** RSS 2.0 of the latest news, of one area when given. Null for an unknown area slug. */
export async function buildNewsRss(ctx: Ctx, areaSlug?: string): Promise<string | null> {
  const taxonomy = await loadTaxonomy(ctx.db);
  const area = areaSlug === undefined ? undefined : taxonomy.areas.find((a) => a.slug === areaSlug);
  if (areaSlug !== undefined && !area) return null;
  const { items } = await listNews(ctx, { areaId: area?.id, limit: FEED_SIZE });
  const base = ctx.config.appUrl;
  const brand = ctx.config.brandName;
  const title = area ? `${brand} · Noticias de ${area.nombre}` : `${brand} · Noticias`;
  const link = base + (area ? area.url : pathTo("noticias-index"));
  const self = base + rssPath(area?.slug);
  const entries = items.map((item) => {
    const url = base + item.url;
    return [
      "<item>",
      `<title>${escapeHtml(item.titulo)}</title>`,
      `<link>${escapeHtml(url)}</link>`,
      `<guid isPermaLink="true">${escapeHtml(url)}</guid>`,
      `<pubDate>${new Date(item.publicada_en).toUTCString()}</pubDate>`,
      `<description>${escapeHtml(item.entradilla)}</description>`,
      item.autor ? `<dc:creator>${escapeHtml(item.autor.nombre)}</dc:creator>` : "",
      `<category>${escapeHtml(item.area.nombre)}</category>`,
      `<category>${escapeHtml(item.categoria.nombre)}</category>`,
      item.imagen ? `<media:content url="${escapeHtml(base + item.imagen.url)}" medium="image"/>` : "",
      "</item>",
    ].join("");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/">',
    "<channel>",
    `<title>${escapeHtml(title)}</title>`,
    `<link>${escapeHtml(link)}</link>`,
    `<description>${escapeHtml(area ? area.descripcion || title : `La actualidad del sector farmacéutico y sanitario en ${brand}.`)}</description>`,
    "<language>es-ES</language>",
    `<atom:link href="${escapeHtml(self)}" rel="self" type="application/rss+xml"/>`,
    items[0] ? `<lastBuildDate>${new Date(items[0].publicada_en).toUTCString()}</lastBuildDate>` : "",
    ...entries,
    "</channel>",
    "</rss>",
    "",
  ].join("\n");
}

/** The RSS address of all news, or of one area. */
export const rssPath = (areaSlug?: string) =>
  areaSlug ? `${pathTo("noticias-index")}/area/${areaSlug}/rss.xml` : `${pathTo("noticias-index")}/rss.xml`;

/** The news pages for /sitemap.xml: index, areas, categories, tribunas, every public item and its authors' pages. */
export async function listNewsSitemapEntries(ctx: Pick<AppContext, "db">): Promise<Array<{ loc: string; lastmod?: string }>> {
  const [taxonomy, items, columns, authors] = await Promise.all([
    loadTaxonomy(ctx.db),
    ctx.db
      .select({ id: noticias.id, slug: noticias.slug, lastmod: sql<string>`greatest(${noticias.updatedAt}, ${noticias.publicadaEn})` })
      .from(noticias)
      .where(publicNoticiaSql)
      .orderBy(desc(noticias.publicadaEn)),
    ctx.db
      .select({ id: tribunas.id, slug: tribunas.slug, lastmod: sql<string>`greatest(${tribunas.updatedAt}, ${tribunas.publicadaEn})` })
      .from(tribunas)
      .where(publicTribunaSql)
      .orderBy(desc(tribunas.publicadaEn)),
    listPublicAuthors(ctx),
  ]);
  const iso = (value: string) => new Date(value).toISOString();
  return [
    { loc: pathTo("noticias-index"), lastmod: items[0] ? iso(items[0].lastmod) : undefined },
    ...taxonomy.areas.map((a) => ({ loc: a.url })),
    ...taxonomy.categories.map((c) => ({ loc: c.url })),
    ...items.map((row) => ({ loc: noticiaUrl(row.id, row.slug), lastmod: iso(row.lastmod) })),
    { loc: pathTo("tribunas"), lastmod: columns[0] ? iso(columns[0].lastmod) : undefined },
    ...columns.map((row) => ({ loc: tribunaUrl(row.id, row.slug), lastmod: iso(row.lastmod) })),
    ...authors.map((author) => ({ loc: author.url, lastmod: author.lastmod })),
  ];
}

/** Google News sitemap: the items published in the last two days. */
export async function buildNewsSitemap(ctx: Ctx): Promise<string> {
  const rows = await ctx.db
    .select({ id: noticias.id, slug: noticias.slug, titulo: noticias.titulo, publicadaEn: noticias.publicadaEn, autor: newsAuthors.nombre })
    .from(noticias)
    .leftJoin(newsAuthors, eq(newsAuthors.id, noticias.autorId))
    .where(sql`${publicNoticiaSql} AND ${gt(noticias.publicadaEn, sql`now() - interval '2 days'`)}`)
    .orderBy(desc(noticias.publicadaEn))
    .limit(1000);
  const base = ctx.config.appUrl;
  const urls = rows.map((row) =>
    [
      "<url>",
      `<loc>${escapeHtml(base + noticiaUrl(row.id, row.slug))}</loc>`,
      "<news:news><news:publication>",
      `<news:name>${escapeHtml(ctx.config.brandName)}</news:name><news:language>es</news:language>`,
      "</news:publication>",
      `<news:publication_date>${(row.publicadaEn ?? new Date()).toISOString()}</news:publication_date>`,
      `<news:title>${escapeHtml(row.titulo)}</news:title>`,
      "</news:news></url>",
    ].join(""),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}
