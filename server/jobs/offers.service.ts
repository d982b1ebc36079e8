import { and, asc, eq, gt, lte, sql } from "drizzle-orm";
import type { SessionUser } from "#server/accounts";
import { can } from "#server/accounts";
import type { AppContext } from "#server/context";
import { candidaturas, empresas, ofertas, ofertasGuardadas } from "#server/db/schema";
import { applyToOffers, companyIdOf, offerNotFound } from "./policy";
import { findOfferRow, isOpenRow, offerUrl, openOfferSql, toDetail } from "./queries";
import type { OfferDetail, SitemapOffer, ViewerState } from "./types";

/**
 * Public detail: published, closed and expired offers (the last two with isOpen false, so the page
 * can say so); a borrador only for its own company's administrators. 404 otherwise.
 */
export async function getOffer(ctx: AppContext, id: number, viewer: SessionUser | null): Promise<OfferDetail> {
  const row = await findOfferRow(ctx.db, id);
  if (!row) throw offerNotFound();
  if (row.status === "borrador") {
    const empresaId = await companyIdOf(ctx.db, viewer);
    if (empresaId !== row.empresaId) throw offerNotFound();
  }
  return toDetail(row);
}

/** What the signed-in viewer has done with an offer, and whether they may apply. */
export async function getViewerState(ctx: AppContext, offerId: number, viewer: SessionUser | null): Promise<ViewerState> {
  if (!viewer) return { applied: false, applicationStatus: null, saved: false, canApply: false };
  // The subqueries compare with the parameter, not ofertas.id: Drizzle leaves column names
  // unqualified, so "id" inside them would resolve to the subquery's own table.
  const [row] = await ctx.db
    .select({
      status: ofertas.status,
      expiresAt: ofertas.expiresAt,
      applicationStatus: sql<
        string | null
      >`(select ${candidaturas.estado} from ${candidaturas} where ${candidaturas.ofertaId} = ${offerId} and ${candidaturas.userId} = ${viewer.id})`,
      saved: sql<boolean>`exists(select 1 from ${ofertasGuardadas} where ${ofertasGuardadas.ofertaId} = ${offerId} and ${ofertasGuardadas.userId} = ${viewer.id})`,
    })
    .from(ofertas)
    .where(eq(ofertas.id, offerId));
  if (!row) throw offerNotFound();
  const applied = row.applicationStatus !== null;
  return {
    applied,
    applicationStatus: (row.applicationStatus as ViewerState["applicationStatus"]) ?? null,
    saved: Boolean(row.saved),
    canApply: !applied && can(viewer, applyToOffers) && isOpenRow(row),
  };
}

/** Marks published offers past their expiry as caducada; returns how many changed. */
export async function expireOffers(ctx: AppContext, now = new Date()): Promise<number> {
  const changed = await ctx.db
    .update(ofertas)
    .set({ status: "caducada", updatedAt: now })
    .where(and(eq(ofertas.status, "publicada"), lte(ofertas.expiresAt, now)))
    .returning({ id: ofertas.id });
  if (changed.length > 0) await ctx.pageCache.invalidate("jobs");
  return changed.length;
}

/**
 * Up to `limit` open offers with ids in (afterId, upToId], in id order: a batch of one file of the
 * jobs sitemap (a file holds at most 50,000 addresses, sitemaps.org; the caller keeps the range
 * below that and reads it in batches from the last id, so a file is streamed, not held whole). A
 * range of ids rather than an OFFSET: reading the 20th file costs what reading the first does; the
 * columns are all in `ofertas_open_sitemap_idx`, an index-only scan (decision 0114).
 */
export async function listSitemapOffers(ctx: AppContext, afterId: number, upToId: number, limit: number): Promise<SitemapOffer[]> {
  const rows = await ctx.db
    .select({ id: ofertas.id, slug: ofertas.slug, empresaSlug: empresas.slug, updatedAt: ofertas.updatedAt })
    .from(ofertas)
    .innerJoin(empresas, eq(empresas.id, ofertas.empresaId))
    .where(and(openOfferSql, gt(ofertas.id, afterId), lte(ofertas.id, upToId)))
    .orderBy(asc(ofertas.id))
    .limit(limit);
  return rows.map((row) => ({ id: row.id, url: offerUrl(row), lastmod: new Date(row.updatedAt).toISOString() }));
}
