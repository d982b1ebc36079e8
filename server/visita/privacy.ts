import { eq, lt, sql, sum } from "drizzle-orm";
import type { ExportFile, PrivacyPart } from "#server/accounts";
import type { Db } from "#server/db/client";
import {
  portfolioEntries,
  productRevisions,
  products,
  promotions,
  representativeProfiles,
  users,
  visitaDailyCounts,
  visitVerifications,
} from "#server/db/schema";

// The visita area's share of the user's rights over their data (docs/privacy-rules.md).

async function collect(db: Db, userId: number) {
  const [entries, promos, requested, given, profile, proposals, figures] = await Promise.all([
    db
      .select({
        id: portfolioEntries.id,
        producto: products.name,
        nota: portfolioEntries.note,
        provincias: sql<string[]>`(SELECT coalesce(array_agg(e.nombre ORDER BY e.nombre), '{}') FROM portfolio_zones pz
          JOIN estados e ON e.id = pz.estado_id WHERE pz.entry_id = ${portfolioEntries.id})`,
        creada_en: portfolioEntries.createdAt,
      })
      .from(portfolioEntries)
      .innerJoin(products, eq(products.id, portfolioEntries.productId))
      .where(eq(portfolioEntries.userId, userId)),
    db.select().from(promotions).where(eq(promotions.authorId, userId)),
    db
      .select({
        producto: products.name,
        profesional: visitVerifications.professionalName,
        correo_profesional: visitVerifications.professionalEmail,
        colegiado: visitVerifications.collegiateNumber,
        estado: visitVerifications.status,
        enviada_en: visitVerifications.createdAt,
        decidida_en: visitVerifications.decidedAt,
      })
      .from(visitVerifications)
      .innerJoin(products, eq(products.id, visitVerifications.productId))
      .where(eq(visitVerifications.representativeId, userId)),
    // Visits the user, as a healthcare professional, was asked to verify (by their address).
    db
      .select({ producto: products.name, estado: visitVerifications.status, decidida_en: visitVerifications.decidedAt })
      .from(visitVerifications)
      .innerJoin(products, eq(products.id, visitVerifications.productId))
      .innerJoin(users, eq(users.id, userId))
      .where(eq(visitVerifications.professionalEmail, users.email)),
    db
      .select({ publico: representativeProfiles.public, resumenSemanal: representativeProfiles.summaryWeek })
      .from(representativeProfiles)
      .where(eq(representativeProfiles.userId, userId)),
    db
      .select({
        id: productRevisions.id,
        tipo: productRevisions.kind,
        estado: productRevisions.status,
        comentario: productRevisions.comment,
        datos: productRevisions.data,
        creada_en: productRevisions.createdAt,
      })
      .from(productRevisions)
      .where(eq(productRevisions.authorId, userId)),
    // The figures of the user's profile, portfolio and promotions (issue 32): per day and event.
    db
      .select({ dia: visitaDailyCounts.day, evento: visitaDailyCounts.event, total: sum(visitaDailyCounts.count).mapWith(Number) })
      .from(visitaDailyCounts)
      .where(eq(visitaDailyCounts.representativeId, userId))
      .groupBy(visitaDailyCounts.day, visitaDailyCounts.event)
      .orderBy(visitaDailyCounts.day, visitaDailyCounts.event),
  ]);
  const files: ExportFile[] = [];
  const promociones = promos.map((promotion) => {
    const archivo = promotion.imageKey
      ? `promociones/${promotion.id}${promotion.imageKey.slice(promotion.imageKey.lastIndexOf("."))}`
      : null;
    if (promotion.imageKey && archivo) files.push({ key: promotion.imageKey, name: archivo });
    return {
      id: promotion.id,
      tipo: promotion.kind,
      titulo: promotion.title,
      descripcion: promotion.description,
      condiciones: promotion.conditions,
      estado: promotion.status,
      inicio: promotion.startsAt,
      fin: promotion.endsAt,
      imagen: archivo,
    };
  });
  return {
    data: {
      cartera: entries,
      promociones,
      verificaciones_solicitadas: requested,
      verificaciones_recibidas_como_profesional: given,
      perfil_publico: profile[0]?.publico ?? false,
      ultimo_resumen_semanal: profile[0]?.resumenSemanal ?? null,
      propuestas_de_producto: proposals,
      estadisticas_de_tu_perfil: figures,
    },
    files,
  };
}

async function erase(tx: Db, userId: number) {
  await tx.delete(portfolioEntries).where(eq(portfolioEntries.userId, userId));
  const images = await tx.delete(promotions).where(eq(promotions.authorId, userId)).returning({ key: promotions.imageKey });
  await tx.delete(visitVerifications).where(eq(visitVerifications.representativeId, userId));
  await tx.delete(representativeProfiles).where(eq(representativeProfiles.userId, userId));
  await tx.delete(visitaDailyCounts).where(eq(visitaDailyCounts.representativeId, userId));
  // A proposal becomes the catalogue's: it stays, without its author.
  await tx.update(productRevisions).set({ authorId: null }).where(eq(productRevisions.authorId, userId));
  return { files: images.flatMap((row) => (row.key ? [row.key] : [])), keepsUser: false };
}

export const visitaPrivacy: PrivacyPart = {
  area: "visita",
  covers: [
    "portfolio_entries.user_id",
    "promotions.author_id",
    "visit_verifications.representative_id",
    "representative_profiles.user_id",
    "product_revisions.author_id",
    "visita_daily_counts.representative_id",
  ],
  collect,
  erase,
};

/** Figures are kept 25 months (two full years to compare, docs/privacy-rules.md), then deleted. */
export const FIGURES_KEPT_MONTHS = 25;

export async function pruneOldFigures(tx: Db, now = new Date()): Promise<number> {
  const limit = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - FIGURES_KEPT_MONTHS, now.getUTCDate()));
  const removed = await tx
    .delete(visitaDailyCounts)
    .where(lt(visitaDailyCounts.day, limit.toISOString().slice(0, 10)))
    .returning({ day: visitaDailyCounts.day });
  return removed.length;
}
