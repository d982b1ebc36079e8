import { and, asc, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { SessionUser } from "#server/accounts";
import type { AppContext } from "#server/context";
import { atcCodes, cargos, empresas, estados, laboratories, portfolioEntries, portfolioZones, products, users } from "#server/db/schema";
import { AppError } from "#server/platform/errors";
import { isMarketing } from "./policy";
import { listMyPortfolio } from "./portfolio.service";
import { getProfileSettings } from "./profile.service";
import { marketingLaboratories } from "./promotions.service";
import { atcJoin, holderJoin, type SummaryRow, summaryColumns, toSummary } from "./queries";
import { cargoJoin, empresaJoin, representativeColumns, toRepresentativeCard } from "./representative-card";
import type { LaboratoryDashboard, RepresentativeDashboard } from "./verification-api-schemas";
import { countKey, listMyVerifications, NO_VERIFICATIONS, verificationCounts } from "./verifications.service";

/**
 * The representative's dashboard (visitadorPage): each portfolio entry with its verification count,
 * last date and requests, and the profile's completeness and public switch.
 */
export async function getRepresentativeDashboard(ctx: AppContext, actor: SessionUser): Promise<RepresentativeDashboard> {
  const [perfil, portfolio, requests] = await Promise.all([
    getProfileSettings(ctx, actor),
    listMyPortfolio(ctx, actor),
    listMyVerifications(ctx, actor),
  ]);
  const counts = await verificationCounts(ctx, [actor.id]);
  return {
    perfil,
    cartera: portfolio.map((entry) => ({
      entrada_id: entry.id,
      producto: entry.producto,
      zonas: entry.zonas,
      ...(counts.get(countKey(actor.id, entry.producto.id)) ?? NO_VERIFICATIONS),
      solicitudes: requests.filter((request) => request.producto.id === entry.producto.id),
    })),
  };
}

/** How long a medicine the register added stays marked as new on its laboratory's panel. */
export const NEW_IN_REGISTER_DAYS = 30;

/**
 * A laboratory's dashboard for its marketing users: its products (as holder or marketer), the
 * representatives who carry each with their provinces, and their verification counts. Only the
 * actor's own laboratories; other roles get 403.
 */
export async function getLaboratoryDashboard(ctx: AppContext, actor: SessionUser): Promise<LaboratoryDashboard> {
  if (!isMarketing(actor)) throw new AppError("FORBIDDEN", "Solo los usuarios de marketing de un laboratorio ven su panel.");
  const labs = await marketingLaboratories(ctx, actor);
  if (!labs.length) return { laboratorios: [], productos: [] };
  const labIds = labs.map((lab) => lab.id);
  // A medicine the register brought in lately is read first, so a laboratory with more products
  // than the limit still sees its new ones (issue 29 item 3, issue 32 item 4).
  const isNew = sql<boolean>`(${products.registerSyncedAt} IS NOT NULL AND ${products.createdAt} >= now() - make_interval(days => ${NEW_IN_REGISTER_DAYS}))`;
  const rows = await ctx.db
    .select({ ...summaryColumns, isNew })
    .from(products)
    .innerJoin(laboratories, holderJoin)
    .leftJoin(atcCodes, atcJoin)
    .where(or(inArray(products.holderLaboratoryId, labIds), inArray(products.marketingLaboratoryId, labIds)))
    .orderBy(desc(isNew), asc(products.name))
    .limit(500);
  const productIds = rows.map((row) => row.id);
  const carriers = productIds.length
    ? await ctx.db
        .select({
          productId: portfolioEntries.productId,
          ...representativeColumns,
          estadoId: estados.id,
          estadoNombre: estados.nombre,
        })
        .from(portfolioEntries)
        .innerJoin(users, eq(users.id, portfolioEntries.userId))
        .leftJoin(cargos, cargoJoin)
        .leftJoin(empresas, empresaJoin)
        .leftJoin(portfolioZones, eq(portfolioZones.entryId, portfolioEntries.id))
        .leftJoin(estados, eq(estados.id, portfolioZones.estadoId))
        .where(and(inArray(portfolioEntries.productId, productIds)))
        .orderBy(asc(estados.nombre))
    : [];
  const counts = await verificationCounts(ctx, [...new Set(carriers.map((c) => c.userId))], productIds);
  const viewer = { user: actor, professional: true };
  const productos = rows.map((row) => {
    const reps = new Map<number, LaboratoryDashboard["productos"][number]["visitadores"][number]>();
    const provinces = new Map<number, { id: number; nombre: string; users: Set<number> }>();
    for (const carrier of carriers.filter((c) => c.productId === row.id)) {
      let rep = reps.get(carrier.userId);
      if (!rep) {
        const count = counts.get(countKey(carrier.userId, row.id)) ?? NO_VERIFICATIONS;
        rep = {
          usuario: toRepresentativeCard(carrier),
          zonas: [],
          verificaciones: count.verificaciones,
          verificaciones_profesionales: count.verificaciones_profesionales,
          ultima_verificacion: count.ultima_verificacion,
        };
        reps.set(carrier.userId, rep);
      }
      if (carrier.estadoId !== null && carrier.estadoNombre !== null) {
        rep.zonas.push({ id: carrier.estadoId, nombre: carrier.estadoNombre });
        const province = provinces.get(carrier.estadoId) ?? { id: carrier.estadoId, nombre: carrier.estadoNombre, users: new Set() };
        province.users.add(carrier.userId);
        provinces.set(carrier.estadoId, province);
      }
    }
    const visitadores = [...reps.values()].sort(
      (a, b) => b.verificaciones - a.verificaciones || a.usuario.nombre.localeCompare(b.usuario.nombre, "es"),
    );
    return {
      producto: toSummary(row as SummaryRow, viewer),
      nuevo_en_registro: row.isNew,
      visitadores,
      provincias: [...provinces.values()].map((p) => ({ id: p.id, nombre: p.nombre, visitadores: p.users.size })),
      verificaciones: visitadores.reduce((sum, rep) => sum + rep.verificaciones, 0),
      verificaciones_profesionales: visitadores.reduce((sum, rep) => sum + rep.verificaciones_profesionales, 0),
    };
  });
  // What the team acts on first: what the register just added, then the products representatives
  // carry, most verified first.
  productos.sort(
    (a, b) =>
      Number(b.nuevo_en_registro) - Number(a.nuevo_en_registro) ||
      b.verificaciones - a.verificaciones ||
      b.visitadores.length - a.visitadores.length,
  );
  return { laboratorios: labs, productos };
}
