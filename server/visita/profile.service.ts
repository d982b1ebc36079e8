import { and, asc, desc, eq, sql } from "drizzle-orm";
import { pathTo } from "#common/route-names";
import { assertCan, type SessionUser } from "#server/accounts";
import type { AppContext } from "#server/context";
import {
  atcCodes,
  cargos,
  empresas,
  estados,
  laboratories,
  portfolioEntries,
  products,
  representativeProfiles,
  users,
  userZonas,
} from "#server/db/schema";
import { AppError } from "#server/platform/errors";
import { VISITA_CACHE_TAG } from "./cache-tag";
import { keepPortfolio, OPEN_PRODUCT, passedProfessionalGate } from "./policy";
import { portfolioEntryUrl } from "./products.service";
import { atcJoin, holderJoin, parseZones, type SummaryRow, summaryColumns, toSummary, zonesJson } from "./queries";
import {
  cargoJoin,
  empresaJoin,
  isRepresentative,
  profileHandle,
  representativeColumns,
  toRepresentativeCard,
} from "./representative-card";
import type { ProfileSettings, PublicProfile } from "./verification-api-schemas";
import { countKey, NO_VERIFICATIONS, verificationCounts } from "./verifications.service";
import type { CatalogueViewer } from "./viewer";

export const PROFILE_NOT_FOUND = "No hemos encontrado este perfil.";

/**
 * The profile shows every product as an anonymous visitor sees it (name and laboratory; detail of
 * prescription-only medicines stays behind the product page's gate), so one cached page fits all.
 */
const PUBLIC_VIEWER: CatalogueViewer = { user: null, professional: false };

export const idOfHandle = (handle: string): number | null => {
  const match = /^(\d{1,9})(?:-[a-z0-9-]*)?$/.exec(handle);
  return match ? Number(match[1]) : null;
};

async function isPublic(ctx: AppContext, userId: number) {
  const [row] = await ctx.db
    .select({ public: representativeProfiles.public })
    .from(representativeProfiles)
    .where(eq(representativeProfiles.userId, userId));
  return Boolean(row?.public);
}

async function ownerRow(ctx: AppContext, userId: number) {
  const [row] = await ctx.db
    .select({ ...representativeColumns, isRepresentative, blockedAt: users.blockedAt })
    .from(users)
    .leftJoin(cargos, cargoJoin)
    .leftJoin(empresas, empresaJoin)
    .where(eq(users.id, userId));
  return row;
}

const zonasOf = (ctx: AppContext, userId: number) =>
  ctx.db
    .select({ id: estados.id, nombre: estados.nombre })
    .from(userZonas)
    .innerJoin(estados, eq(estados.id, userZonas.estadoId))
    .where(eq(userZonas.userId, userId))
    .orderBy(asc(estados.nombre));

/** What a profile needs to be worth sharing, in the order the dashboard lists it. */
export async function getProfileSettings(ctx: AppContext, actor: SessionUser): Promise<ProfileSettings> {
  assertCan(actor, keepPortfolio);
  const [row, zonas, publico, [entries]] = await Promise.all([
    ownerRow(ctx, actor.id),
    zonasOf(ctx, actor.id),
    isPublic(ctx, actor.id),
    ctx.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(portfolioEntries)
      .where(eq(portfolioEntries.userId, actor.id)),
  ]);
  if (!row) throw new AppError("NOT_FOUND", PROFILE_NOT_FOUND);
  const checks: Array<[boolean, string]> = [
    [Boolean(row.avatar), "Foto"],
    [Boolean(row.nombre && row.apellidos), "Nombre y apellidos"],
    [Boolean(row.cargo), "Cargo"],
    [Boolean(row.empresa), "Empresa"],
    [zonas.length > 0, "Zonas"],
    [(entries?.n ?? 0) > 0, "Productos en la cartera"],
  ];
  const missing = checks.filter(([done]) => !done).map(([, label]) => label);
  return {
    publico,
    url: pathTo("visita-user", { user: profileHandle(row.userId, row.nombre, row.apellidos) }),
    completitud: { porcentaje: Math.round(((checks.length - missing.length) / checks.length) * 100), faltan: missing },
  };
}

/** Switches the actor's public profile on or off; public pages showing it are dropped from the cache. */
export async function setProfilePublic(ctx: AppContext, actor: SessionUser, publico: boolean): Promise<ProfileSettings> {
  assertCan(actor, keepPortfolio);
  await ctx.db
    .insert(representativeProfiles)
    .values({ userId: actor.id, public: publico })
    .onConflictDoUpdate({ target: representativeProfiles.userId, set: { public: publico, updatedAt: new Date() } });
  await ctx.pageCache.invalidate(VISITA_CACHE_TAG);
  return getProfileSettings(ctx, actor);
}

/**
 * A representative's public profile (user/{user}): only when they made it public, except for the
 * owner, who sees a preview (publico false tells the page to say so). Everyone else gets 404, the
 * same as for an account that does not exist or is not a representative. Who presents a
 * prescription-only medicine is what the professional gate hides (decision 0074): a viewer who has
 * not passed it gets the portfolio without those products.
 */
export async function getPublicProfile(ctx: AppContext, viewer: CatalogueViewer, userId: number): Promise<PublicProfile> {
  const row = await ownerRow(ctx, userId);
  if (!row?.isRepresentative || row.blockedAt) throw new AppError("NOT_FOUND", PROFILE_NOT_FOUND);
  const publico = await isPublic(ctx, userId);
  if (!publico && viewer.user?.id !== userId) throw new AppError("NOT_FOUND", PROFILE_NOT_FOUND);
  const carried = eq(portfolioEntries.userId, userId);
  const [zonas, entries, counts] = await Promise.all([
    zonasOf(ctx, userId),
    ctx.db
      .select({
        ...summaryColumns,
        entryId: portfolioEntries.id,
        zonas: zonesJson,
      })
      .from(portfolioEntries)
      .innerJoin(products, eq(products.id, portfolioEntries.productId))
      .innerJoin(laboratories, holderJoin)
      .leftJoin(atcCodes, atcJoin)
      .where(passedProfessionalGate(viewer) ? carried : and(carried, OPEN_PRODUCT))
      .orderBy(desc(portfolioEntries.createdAt), desc(portfolioEntries.id)),
    verificationCounts(ctx, [userId]),
  ]);
  const cartera = entries.map((entry) => ({
    entrada_id: entry.entryId,
    producto: toSummary(entry as SummaryRow, PUBLIC_VIEWER),
    zonas: parseZones(entry.zonas),
    url: portfolioEntryUrl(entry.slug, entry.entryId),
    ...(counts.get(countKey(userId, entry.id)) ?? NO_VERIFICATIONS),
    pendientes: 0,
  }));
  const handle = profileHandle(row.userId, row.nombre, row.apellidos);
  return {
    usuario: toRepresentativeCard(row),
    handle,
    url: pathTo("visita-user", { user: handle }),
    publico,
    zonas,
    cartera,
    verificaciones: cartera.reduce((sum, item) => sum + item.verificaciones, 0),
    verificaciones_profesionales: cartera.reduce((sum, item) => sum + item.verificaciones_profesionales, 0),
    contactar_url: pathTo("chat", {}, { to: row.userId, origen: "visita" }),
  };
}
