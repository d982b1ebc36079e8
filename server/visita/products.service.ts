import { and, asc, eq, exists, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { pathTo } from "#common/route-names";
import { eanOfCn, formatCn } from "#common/visita/codes";
import { ROUTE_LABELS } from "#common/visita/vocabulary";
import type { AppContext } from "#server/context";
import {
  atcCodes,
  cargos,
  empresas,
  estados,
  laboratories,
  portfolioEntries,
  portfolioZones,
  products,
  userRoles,
  users,
} from "#server/db/schema";
import { AppError } from "#server/platform/errors";
import type { ProductView, RepresentativesResult } from "./api-schemas";
import { canSeeDetail } from "./policy";
import { atcJoin, holderJoin, parseZones, type SummaryRow, summaryColumns, toSummary, zonesJson } from "./queries";
import { cargoJoin, empresaJoin, REPRESENTATIVE_ROLES, representativeColumns, toRepresentativeCard } from "./representative-card";
import type { CatalogueViewer } from "./viewer";

const marketers = alias(laboratories, "marketers");

type PresentationRow = {
  cn: string;
  name: string;
  marketed: boolean;
  supply_problem: boolean;
  supply_from?: string | null;
  supply_until?: string | null;
  supply_note?: string | null;
};
/** json_build_object writes timestamptz as PostgreSQL text; the API speaks ISO 8601. */
const isoOf = (value: string | null | undefined) => (value ? new Date(value).toISOString() : null);

export const PRODUCT_NOT_FOUND = "No hemos encontrado este medicamento en el catálogo.";

/**
 * One product as the viewer may see it: everyone gets its name and laboratory; the rest of a
 * prescription-only medicine only reaches a healthcare professional (restringido otherwise).
 */
export async function findProduct(ctx: AppContext, viewer: CatalogueViewer, id: number): Promise<ProductView> {
  const [row] = await ctx.db
    .select({
      ...summaryColumns,
      registrationNumber: products.registrationNumber,
      routes: products.routes,
      leafletUrl: products.leafletUrl,
      smpcUrl: products.smpcUrl,
      description: products.description,
      updatedAt: products.updatedAt,
      marketerId: marketers.id,
      marketerName: marketers.name,
      marketerSlug: marketers.slug,
      authorisedAt: products.authorisedAt,
      suspendedAt: products.suspendedAt,
      revokedAt: products.revokedAt,
      presentations: sql<PresentationRow[] | string | null>`(
        SELECT json_agg(json_build_object('cn', pp.cn, 'name', pp.name, 'marketed', pp.marketed, 'supply_problem', pp.supply_problem,
          'supply_from', pp.supply_from, 'supply_until', pp.supply_until, 'supply_note', pp.supply_note) ORDER BY pp.cn)
        FROM product_presentations pp WHERE pp.product_id = ${products.id})`,
    })
    .from(products)
    .innerJoin(laboratories, holderJoin)
    .leftJoin(atcCodes, atcJoin)
    .leftJoin(marketers, eq(marketers.id, products.marketingLaboratoryId))
    .where(eq(products.id, id));
  if (!row) throw new AppError("NOT_FOUND", PRODUCT_NOT_FOUND);
  const summary = toSummary(row as SummaryRow, viewer);
  const base = {
    id: summary.id,
    nombre: summary.nombre,
    slug: summary.slug,
    url: summary.url,
    laboratorio: summary.laboratorio,
    requiere_receta: summary.requiere_receta,
    estado_registro: summary.estado_registro,
  };
  if (!summary.detalle) return { ...base, restringido: true, detalle: null };
  const presentations = typeof row.presentations === "string" ? JSON.parse(row.presentations) : (row.presentations ?? []);
  return {
    ...base,
    restringido: false,
    detalle: {
      ...summary.detalle,
      numero_registro: row.registrationNumber,
      laboratorio_comercializador: row.marketerId
        ? { id: row.marketerId, nombre: row.marketerName ?? "", slug: row.marketerSlug ?? "" }
        : null,
      vias: row.routes.map((route) => ({ clave: route, nombre: ROUTE_LABELS[route] })),
      prospecto_url: row.leafletUrl,
      ficha_tecnica_url: row.smpcUrl,
      descripcion: row.description,
      presentaciones: (presentations as PresentationRow[]).map((p) => ({
        cn: p.cn,
        cn_completo: formatCn(p.cn),
        ean: eanOfCn(p.cn),
        nombre: p.name,
        comercializado: p.marketed,
        problema_suministro: p.supply_problem,
        suministro: p.supply_problem
          ? { desde: isoOf(p.supply_from), hasta: isoOf(p.supply_until), observaciones: p.supply_note ?? null }
          : null,
      })),
      fecha_autorizacion: row.authorisedAt?.toISOString() ?? null,
      fecha_suspension: row.suspendedAt?.toISOString() ?? null,
      fecha_revocacion: row.revokedAt?.toISOString() ?? null,
      version: row.version,
      actualizado_en: row.updatedAt.toISOString(),
    },
  };
}

/** Only what the gate needs to decide: a product's prescription status (404 when it does not exist). */
export async function productAccess(ctx: AppContext, viewer: CatalogueViewer, id: number) {
  const [row] = await ctx.db
    .select({ prescription: products.prescription, imageKey: products.imageKey, name: products.name, version: products.version })
    .from(products)
    .where(eq(products.id, id));
  if (!row) throw new AppError("NOT_FOUND", PRODUCT_NOT_FOUND);
  return { ...row, allowed: canSeeDetail(viewer, row.prescription) };
}

export const portfolioEntryUrl = (productSlug: string, entryId: number) =>
  pathTo("producto-cartera", { product: productSlug, id: entryId });

/**
 * The representatives who carry a product (optionally in one province), with the provinces they
 * cover, plus every province where someone carries it (for the filter). Gated like the product.
 */
export async function listRepresentatives(
  ctx: AppContext,
  viewer: CatalogueViewer,
  productId: number,
  options: { estadoId?: number } = {},
): Promise<RepresentativesResult> {
  const access = await productAccess(ctx, viewer, productId);
  if (!access.allowed)
    throw new AppError("FORBIDDEN", "Este medicamento necesita receta: su información solo se muestra a profesionales sanitarios.");
  const isRepresentative = exists(
    ctx.db
      .select({ one: sql`1` })
      .from(userRoles)
      .where(and(eq(userRoles.userId, portfolioEntries.userId), inArray(userRoles.role, [...REPRESENTATIVE_ROLES]))),
  );
  const conditions = [eq(portfolioEntries.productId, productId), isRepresentative];
  if (options.estadoId !== undefined) {
    conditions.push(
      exists(
        ctx.db
          .select({ one: sql`1` })
          .from(portfolioZones)
          .where(and(eq(portfolioZones.entryId, portfolioEntries.id), eq(portfolioZones.estadoId, options.estadoId))),
      ),
    );
  }
  const [rows, zonas] = await Promise.all([
    ctx.db
      .select({
        entryId: portfolioEntries.id,
        note: portfolioEntries.note,
        ...representativeColumns,
        productSlug: products.slug,
        zonas: zonesJson,
      })
      .from(portfolioEntries)
      .innerJoin(users, eq(users.id, portfolioEntries.userId))
      .innerJoin(products, eq(products.id, portfolioEntries.productId))
      .leftJoin(cargos, cargoJoin)
      .leftJoin(empresas, empresaJoin)
      .where(and(...conditions))
      .orderBy(asc(users.nombre), asc(portfolioEntries.id))
      .limit(100),
    ctx.db
      .select({ id: estados.id, nombre: estados.nombre, count: sql<number>`count(*)::int` })
      .from(portfolioZones)
      .innerJoin(portfolioEntries, eq(portfolioEntries.id, portfolioZones.entryId))
      .innerJoin(estados, eq(estados.id, portfolioZones.estadoId))
      .where(and(eq(portfolioEntries.productId, productId), isRepresentative))
      .groupBy(estados.id, estados.nombre)
      .orderBy(asc(estados.nombre)),
  ]);
  return {
    items: rows.map((row) => ({
      entrada_id: row.entryId,
      usuario: toRepresentativeCard(row),
      zonas: parseZones(row.zonas),
      nota: row.note,
      url: portfolioEntryUrl(row.productSlug, row.entryId),
    })),
    zonas: zonas.map((z) => ({ id: z.id, nombre: z.nombre, count: Number(z.count) })),
  };
}
