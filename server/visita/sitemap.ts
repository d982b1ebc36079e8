import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { pathTo } from "#common/route-names";
import type { AppContext } from "#server/context";
import { laboratories, products, representativeProfiles, users } from "#server/db/schema";
import { sharedComputation } from "#server/platform/shared-computation";
import { OPEN_PRODUCT } from "./policy";
import { productUrl } from "./queries";
import { isRepresentative, profileHandle } from "./representative-card";

type SitemapEntry = { loc: string; lastmod?: string };

/**
 * A bound on each list, to keep the cached list's memory in check (a few megabytes); the sitemap
 * module cuts the whole into files of 50,000 addresses (sitemaps.org), listed in the index.
 */
const MAX_URLS = 200_000;
const entries = sharedComputation<SitemapEntry[]>({ freshMs: 60_000, staleMs: 0, maxEntries: 4 });

/**
 * The visita pages for the sitemap (server/seo composes it): every product an anonymous visitor may
 * read in full (no prescription needed; a prescription-only product's page is behind the
 * professional gate), then every representative's profile that is public (a blocked account or one
 * that lost its representative role answers 404, so it is left out), then every laboratory that
 * holds or markets one of those products (a laboratory with only prescription-only products shows
 * an anonymous visitor little more than names, so it is left out). Kept for a minute.
 */
export function listVisitaSitemapEntries(ctx: AppContext): Promise<SitemapEntry[]> {
  return entries.get(`${ctx.config.appUrl}|${ctx.database.url ?? ctx.config.dataDir}`, () => readEntries(ctx));
}

async function readEntries(ctx: AppContext): Promise<SitemapEntry[]> {
  const [open, profiles, labs] = await Promise.all([
    ctx.db
      .select({ id: products.id, slug: products.slug, lastmod: products.updatedAt })
      .from(products)
      .where(OPEN_PRODUCT)
      .orderBy(asc(products.id))
      .limit(MAX_URLS),
    ctx.db
      .select({
        id: users.id,
        nombre: users.nombre,
        apellidos: users.apellidos,
        lastmod: sql<string>`greatest(${users.updatedAt}, ${representativeProfiles.updatedAt})`,
      })
      .from(representativeProfiles)
      .innerJoin(users, eq(users.id, representativeProfiles.userId))
      .where(and(eq(representativeProfiles.public, true), isNull(users.blockedAt), isRepresentative))
      .orderBy(asc(users.id))
      .limit(MAX_URLS),
    // A union rather than an OR in the join, so each side can use its laboratory's index.
    ctx.db.execute(sql`
      SELECT l.slug, max(p.updated_at) AS lastmod
      FROM ${laboratories} l
      JOIN (
        SELECT ${products.holderLaboratoryId} AS lab, ${products.updatedAt} AS updated_at FROM ${products} WHERE ${OPEN_PRODUCT}
        UNION ALL
        SELECT ${products.marketingLaboratoryId}, ${products.updatedAt} FROM ${products}
        WHERE ${OPEN_PRODUCT} AND ${products.marketingLaboratoryId} IS NOT NULL
      ) p ON p.lab = l.id
      GROUP BY l.id, l.slug
      ORDER BY l.id
      LIMIT ${MAX_URLS}`) as unknown as Promise<{ rows: Array<{ slug: string; lastmod: Date | string }> }>,
  ]);
  const iso = (value: Date | string) => new Date(value).toISOString();
  return [
    ...open.map((row) => ({ loc: productUrl(row.slug, row.id), lastmod: iso(row.lastmod) })),
    ...profiles.map((row) => ({
      loc: pathTo("visita-user", { user: profileHandle(row.id, row.nombre, row.apellidos) }),
      lastmod: iso(row.lastmod),
    })),
    ...labs.rows.map((row) => ({ loc: pathTo("laboratorio", { slug: row.slug }), lastmod: iso(row.lastmod) })),
  ];
}
