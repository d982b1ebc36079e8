import { and, desc, eq, sql } from "drizzle-orm";
import { isId } from "#common/ids";
import { MAX_SAVED_OFFERS_PER_USER } from "#common/jobs";
import type { SessionUser } from "#server/accounts";
import type { AppContext } from "#server/context";
import { empresas, ofertas, ofertasGuardadas } from "#server/db/schema";
import { enforcePerUserLimit } from "#server/platform/per-user-limit";
import { offerNotFound } from "./policy";
import { findOfferRow, isOpenRow, type SummaryRow, summaryColumns, toSummary } from "./queries";
import type { SavedOfferView } from "./types";

// Any signed-in user may keep a list of offers (saving is harmless and helps before registering
// as a candidate); applying is for candidates only.

export async function saveOffer(ctx: AppContext, user: SessionUser, offerId: number): Promise<void> {
  const offer = await findOfferRow(ctx.db, offerId);
  if (!offer || offer.status === "borrador") throw offerNotFound();
  await ctx.db.transaction(async (tx) => {
    const [already] = await tx
      .select({ id: ofertasGuardadas.id })
      .from(ofertasGuardadas)
      .where(and(eq(ofertasGuardadas.userId, user.id), eq(ofertasGuardadas.ofertaId, offerId)));
    if (already) return;
    await enforcePerUserLimit(
      tx,
      user.id,
      sql`SELECT count(*) FROM ofertas_guardadas WHERE user_id = ${user.id}`,
      MAX_SAVED_OFFERS_PER_USER,
      `Puedes guardar como máximo ${MAX_SAVED_OFFERS_PER_USER} ofertas. Quita alguna para guardar otra.`,
    );
    await tx.insert(ofertasGuardadas).values({ userId: user.id, ofertaId: offerId }).onConflictDoNothing();
  });
}

export async function unsaveOffer(ctx: AppContext, user: SessionUser, offerId: number): Promise<void> {
  if (!isId(offerId)) throw offerNotFound();
  await ctx.db.delete(ofertasGuardadas).where(and(eq(ofertasGuardadas.userId, user.id), eq(ofertasGuardadas.ofertaId, offerId)));
}

/** The user's saved offers, last saved first; closed and expired ones stay, marked isOpen false. */
export async function listSavedOffers(ctx: AppContext, user: SessionUser): Promise<SavedOfferView[]> {
  const rows = await ctx.db
    .select({ ...summaryColumns, guardadaEn: ofertasGuardadas.createdAt })
    .from(ofertasGuardadas)
    .innerJoin(ofertas, eq(ofertas.id, ofertasGuardadas.ofertaId))
    .innerJoin(empresas, eq(empresas.id, ofertas.empresaId))
    .where(eq(ofertasGuardadas.userId, user.id))
    .orderBy(desc(ofertasGuardadas.createdAt), desc(ofertasGuardadas.id))
    .limit(MAX_SAVED_OFFERS_PER_USER);
  return rows
    .filter((row) => row.status !== "borrador")
    .map((row) => ({
      guardadaEn: new Date(row.guardadaEn).toISOString(),
      oferta: { ...toSummary(row as SummaryRow), isOpen: isOpenRow(row as SummaryRow) },
    }));
}
