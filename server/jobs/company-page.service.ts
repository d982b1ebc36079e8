import { and, desc, eq, sql } from "drizzle-orm";
import type { CompanyProfileInput } from "#common/jobs";
import { pathTo } from "#common/route-names";
import type { SessionUser } from "#server/accounts";
import type { AppContext } from "#server/context";
import { empresas, ofertas } from "#server/db/schema";
import { CURSOR_KEYS, cursorOrNull, decodeCursor, encodeCursor } from "#server/platform/cursor";
import { AppError } from "#server/platform/errors";
import { logoUrlOf } from "./company-logo.service";
import { companyToManage } from "./policy";
import { openOfferSql, type SummaryRow, summaryColumns, toSummary } from "./queries";
import type { CompanyPage } from "./types";

/** A company page lists its open offers newest first, this many at a time ("Cargar más ofertas"). */
const COMPANY_PAGE_OFFERS = 20;

const companyNotFound = () => new AppError("NOT_FOUND", "Empresa no encontrada.");

/**
 * The public page of a company: what it says about itself and its open offers, newest first, a page
 * at a time (keyset on published_at and id, like the listing: offers published meanwhile never make
 * a later page repeat or skip one). Every company with an account has one (even with no open offer:
 * the page says so); unknown slugs answer 404, a malformed cursor 422.
 */
export async function getCompanyPage(
  ctx: AppContext,
  slug: string,
  cursorParam?: string,
  options: { badCursor?: "restart" } = {},
): Promise<CompanyPage> {
  if (!/^[a-z0-9-]{1,160}$/.test(slug)) throw companyNotFound();
  const ordering = { mode: "d" as const, key: CURSOR_KEYS.timestamp };
  // "restart" (the public page): a stale or hand-edited cursor gives the first page instead of a 422.
  const cursor = !cursorParam
    ? undefined
    : options.badCursor === "restart"
      ? (cursorOrNull(cursorParam, ordering) ?? undefined)
      : decodeCursor(cursorParam, ordering);
  const [empresa] = await ctx.db
    .select({
      id: empresas.id,
      nombre: empresas.nombre,
      slug: empresas.slug,
      logo: empresas.logo,
      descripcion: empresas.descripcion,
      web: empresas.web,
      poblacion: empresas.poblacion,
    })
    .from(empresas)
    .where(eq(empresas.slug, slug))
    .limit(1);
  if (!empresa) throw companyNotFound();
  const open = and(eq(ofertas.empresaId, empresa.id), openOfferSql);
  // The total rides along as an uncorrelated subquery: one round trip for the page and its count.
  const total = sql<number>`(SELECT count(*)::int FROM ${ofertas} WHERE ${open})`;
  const rows = (await ctx.db
    .select({ ...summaryColumns, k: sql<string>`${ofertas.publishedAt}::text`, total })
    .from(ofertas)
    .innerJoin(empresas, eq(empresas.id, ofertas.empresaId))
    .where(and(open, cursor ? sql`(${ofertas.publishedAt}, ${ofertas.id}) < (${cursor.k}::timestamptz, ${cursor.i})` : undefined))
    .orderBy(desc(ofertas.publishedAt), desc(ofertas.id))
    .limit(COMPANY_PAGE_OFFERS + 1)) as Array<SummaryRow & { k: string; total: number }>;
  const page = rows.slice(0, COMPANY_PAGE_OFFERS);
  const last = page.at(-1);
  return {
    empresa: { ...empresa, logo: logoUrlOf(empresa.id, empresa.logo), url: companyUrl(empresa.slug) },
    ofertas: page.map(toSummary),
    total: Number(rows[0]?.total ?? 0),
    nextCursor: rows.length > COMPANY_PAGE_OFFERS && last ? encodeCursor({ m: "d", k: last.k, i: last.id }) : null,
  };
}

export function companyUrl(slug: string): string {
  return pathTo("empleo-empresa", { slug });
}

/** What the signed-in company administrator's company shows on its public page. */
export async function getCompanyProfile(ctx: AppContext, user: SessionUser): Promise<CompanyPage["empresa"]> {
  const empresaId = await companyToManage(ctx.db, user);
  const [row] = await ctx.db.select({ slug: empresas.slug }).from(empresas).where(eq(empresas.id, empresaId));
  if (!row) throw companyNotFound();
  return (await getCompanyPage(ctx, row.slug)).empresa;
}

/** The company administrator rewrites the description of their own company's public page. */
export async function updateCompanyProfile(ctx: AppContext, user: SessionUser, input: CompanyProfileInput) {
  const empresaId = await companyToManage(ctx.db, user);
  await ctx.db.update(empresas).set({ descripcion: input.descripcion, updatedAt: new Date() }).where(eq(empresas.id, empresaId));
  // The company page and its offers' pages are stored for anonymous visitors (decision 0015).
  await ctx.pageCache.invalidate("jobs");
  return getCompanyProfile(ctx, user);
}
