import { and, asc, eq, inArray, or } from "drizzle-orm";
import { DEFAULT_TIME_ZONE, isoDateIn } from "#common/time-zone";
import { addDays, COUNTED_EVENTS, type ResolvedRange, resolveRange, type StatsEvent, VERIFICATION_EVENTS } from "#common/visita/stats";
import { assertCan, type SessionUser } from "#server/accounts";
import type { AppContext } from "#server/context";
import { estados, laboratories, portfolioEntries, products, promotions, users } from "#server/db/schema";
import { isMarketing, keepPortfolio } from "./policy";
import { promotionUrl } from "./promotion-views";
import { marketingLaboratories } from "./promotions.service";
import { productUrl } from "./queries";
import { displayName } from "./representative-card";
import { type FigureRow, readFigures, type Scope } from "./stats-figures";

// The laboratory's view and the representative's (issue 32): figures per product, representative,
// province, promotion and day for a range of days. A laboratory sees its own products only, and a
// representative's figures only for those products; a representative sees their own.

export type Figures = Partial<Record<StatsEvent, number>>;
export type StatsRow = { id: number | null; nombre: string; url: string | null; cifras: Figures };
export type StatsDashboard = {
  alcance: "laboratorio" | "visitador";
  laboratorios: Array<{ id: number; nombre: string }>;
  rango: ResolvedRange;
  /** The figures this dashboard shows, in the order of its columns. */
  eventos: StatsEvent[];
  totales: Figures;
  productos: StatsRow[];
  visitadores: StatsRow[];
  provincias: StatsRow[];
  promociones: StatsRow[];
  dias: Array<{ dia: string; cifras: Figures }>;
};

const LIMIT = 500;
const NO_PROVINCE = "Sin provincia declarada";

/** The dashboard of the signed-in user: their laboratories' (marketing) or their own (representative). */
export async function getStatsDashboard(
  ctx: Pick<AppContext, "db">,
  actor: SessionUser | null,
  query: { alcance?: string | null; rango?: string | null; desde?: string | null; hasta?: string | null },
): Promise<StatsDashboard> {
  const user = assertCan(actor, keepPortfolio);
  const rango = resolveRange(query, isoDateIn(new Date(), DEFAULT_TIME_ZONE));
  const laboratory = isMarketing(user) && query.alcance !== "visitador";
  const labs = laboratory ? await marketingLaboratories(ctx, user) : [];
  const scope: Scope = laboratory ? { laboratoryIds: labs.map((lab) => lab.id) } : { representativeId: user.id };
  // Columns that can never hold a figure in this scope are left out: a laboratory has no profile,
  // and a product's own page is nobody's, so its views never reach a representative (who sees the
  // views of the product through their portfolio entry, «Visitas a la cartera», instead).
  const never: StatsEvent = laboratory ? "vista_perfil" : "vista_producto";
  const eventos: StatsEvent[] = [...COUNTED_EVENTS, ...VERIFICATION_EVENTS].filter((event) => event !== never);
  const [figures, listed] = await Promise.all([readFigures(ctx, scope, rango.desde, rango.hasta), productsOf(ctx, scope)]);
  const of = (dimension: FigureRow["dimension"]) => groupBy(figures.filter((row) => row.dimension === dimension));
  const byProduct = of("producto");
  const byRepresentative = of("visitador");
  const byProvince = of("provincia");
  const byPromotion = of("promocion");
  const byDay = of("dia");
  // Every listed product shows, with zeros when nothing happened (a new product from the register too).
  const productIds = [...new Set([...listed.map((p) => p.id), ...numericKeys(byProduct)])];
  const [names, reps, provinces, promos] = await Promise.all([
    productIds.length
      ? ctx.db.select({ id: products.id, name: products.name, slug: products.slug }).from(products).where(inArray(products.id, productIds))
      : [],
    laboratory ? representativesOf(ctx, scope, numericKeys(byRepresentative)) : [],
    numericKeys(byProvince).length
      ? ctx.db
          .select({ id: estados.id, nombre: estados.nombre })
          .from(estados)
          .where(inArray(estados.id, numericKeys(byProvince)))
      : [],
    numericKeys(byPromotion).length
      ? ctx.db
          .select({ id: promotions.id, title: promotions.title, labSlug: laboratories.slug })
          .from(promotions)
          .innerJoin(products, eq(products.id, promotions.productId))
          .innerJoin(laboratories, eq(laboratories.id, products.holderLaboratoryId))
          .where(inArray(promotions.id, numericKeys(byPromotion)))
      : [],
  ]);
  const rows = <T extends { id: number }>(
    list: T[],
    grouped: Map<unknown, Figures>,
    name: (item: T) => string,
    url: (item: T) => string | null,
  ) => list.map((item) => ({ id: item.id, nombre: name(item), url: url(item), cifras: grouped.get(item.id) ?? {} }));
  const provinceRows: StatsRow[] = rows(
    provinces,
    byProvince,
    (p) => p.nombre,
    () => null,
  );
  if (byProvince.has(null)) provinceRows.push({ id: null, nombre: NO_PROVINCE, url: null, cifras: byProvince.get(null) ?? {} });
  return {
    alcance: laboratory ? "laboratorio" : "visitador",
    laboratorios: labs,
    rango,
    eventos,
    totales: sumOf([...byDay.values()]),
    productos: sortRows(
      rows(
        names,
        byProduct,
        (p) => p.name,
        (p) => productUrl(p.slug, p.id),
      ),
    ),
    visitadores: sortRows(
      rows(
        reps,
        byRepresentative,
        (r) => r.nombre,
        () => null,
      ),
    ),
    provincias: sortRows(provinceRows),
    promociones: sortRows(
      rows(
        promos,
        byPromotion,
        (p) => p.title,
        (p) => promotionUrl(p.labSlug, p.id),
      ),
    ),
    dias: everyDay(rango.desde, rango.hasta).map((dia) => ({ dia, cifras: byDay.get(dia) ?? {} })),
  };
}

function groupBy(rows: FigureRow[]): Map<unknown, Figures> {
  const grouped = new Map<unknown, Figures>();
  for (const row of rows) {
    const figures = grouped.get(row.key) ?? {};
    figures[row.event] = (figures[row.event] ?? 0) + row.total;
    grouped.set(row.key, figures);
  }
  return grouped;
}

const numericKeys = (grouped: Map<unknown, Figures>) => [...grouped.keys()].filter((key): key is number => typeof key === "number");

function sumOf(list: Figures[]): Figures {
  const total: Figures = {};
  for (const figures of list)
    for (const [event, n] of Object.entries(figures)) total[event as StatsEvent] = (total[event as StatsEvent] ?? 0) + n;
  return total;
}

/** Busiest first (all figures together), then by name. */
const weight = (figures: Figures) => Object.values(figures).reduce((sum, n) => sum + n, 0);
const sortRows = (list: StatsRow[]) => list.sort((a, b) => weight(b.cifras) - weight(a.cifras) || a.nombre.localeCompare(b.nombre, "es"));

function everyDay(desde: string, hasta: string): string[] {
  const days: string[] = [];
  for (let day = desde; day <= hasta; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The products a dashboard lists even without figures: the laboratories' catalogue, or the representative's portfolio. */
async function productsOf(ctx: Pick<AppContext, "db">, scope: Scope): Promise<Array<{ id: number }>> {
  if ("representativeId" in scope)
    return ctx.db
      .select({ id: portfolioEntries.productId })
      .from(portfolioEntries)
      .where(eq(portfolioEntries.userId, scope.representativeId));
  if (!scope.laboratoryIds.length) return [];
  return ctx.db
    .select({ id: products.id })
    .from(products)
    .where(or(inArray(products.holderLaboratoryId, scope.laboratoryIds), inArray(products.marketingLaboratoryId, scope.laboratoryIds)))
    .orderBy(asc(products.name))
    .limit(LIMIT);
}

/** The representatives with figures on these products, and those who carry them (with zeros). */
async function representativesOf(ctx: Pick<AppContext, "db">, scope: Scope, withFigures: number[]) {
  if ("representativeId" in scope || !scope.laboratoryIds.length) return [];
  const carriers = await ctx.db
    .selectDistinct({ id: portfolioEntries.userId })
    .from(portfolioEntries)
    .innerJoin(products, eq(products.id, portfolioEntries.productId))
    .where(or(inArray(products.holderLaboratoryId, scope.laboratoryIds), inArray(products.marketingLaboratoryId, scope.laboratoryIds)))
    .limit(LIMIT);
  const userIds = [...new Set([...withFigures, ...carriers.map((c) => c.id)])];
  if (!userIds.length) return [];
  const people = await ctx.db
    .select({ id: users.id, nombre: users.nombre, apellidos: users.apellidos })
    .from(users)
    .where(and(inArray(users.id, userIds)));
  return people.map((person) => ({ id: person.id, nombre: displayName(person) }));
}
