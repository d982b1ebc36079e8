import { and, eq, gt } from "drizzle-orm";
import { pathTo } from "#common/route-names";
import { normaliseEmail, type VerificationDecision, type VerificationState } from "#common/visita/verifications";
import { isVerifiedProfessional, type SessionUser } from "#server/accounts";
import type { AppContext } from "#server/context";
import { laboratories, products, visitVerifications } from "#server/db/schema";
import { notify } from "#server/notifications";
import { AppError } from "#server/platform/errors";
import { enforceRateLimit } from "#server/platform/rate-limit";
import { hashToken } from "#server/platform/tokens";
import { VISITA_CACHE_TAG } from "./cache-tag";
import type { PublicVerification } from "./verification-api-schemas";
import { LINK_NOT_VALID, representativeOf, stateOf } from "./verifications.service";

// The professional's side of a verification: the e-mailed link, shown and answered without an account.

/**
 * Answers a pending, unexpired request (by link or in the app) and tells the representative in the
 * app; false when it was no longer pending. `byVerified`: the confirmation counts apart.
 */
export async function closeVerification(
  ctx: AppContext,
  found: { id: number; representativeId: number; professionalName: string; productName: string },
  decision: VerificationDecision,
  byVerified: boolean,
): Promise<boolean> {
  const status = decision === "confirmar" ? "confirmada" : "rechazada";
  const updated = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(visitVerifications)
      .set({ status, decidedAt: new Date(), updatedAt: new Date(), byVerifiedProfessional: status === "confirmada" && byVerified })
      .where(
        and(eq(visitVerifications.id, found.id), eq(visitVerifications.status, "pendiente"), gt(visitVerifications.expiresAt, new Date())),
      )
      .returning({ id: visitVerifications.id });
    if (!row) return false;
    const who = byVerified ? `${found.professionalName} (profesional verificado)` : found.professionalName;
    const text =
      status === "confirmada"
        ? `${who} ha confirmado que le presentas «${found.productName}».`
        : `${found.professionalName} ha rechazado tu solicitud de verificación de «${found.productName}».`;
    await notify(ctx, tx, { userId: found.representativeId, kind: "visit_decided", text, link: pathTo("visitadorPage") });
    return true;
  });
  if (updated && status === "confirmada") await ctx.pageCache.invalidate(VISITA_CACHE_TAG);
  return updated;
}

async function findByToken(ctx: AppContext, token: string) {
  const [row] = await ctx.db
    .select({
      id: visitVerifications.id,
      representativeId: visitVerifications.representativeId,
      status: visitVerifications.status,
      expiresAt: visitVerifications.expiresAt,
      professionalName: visitVerifications.professionalName,
      professionalEmail: visitVerifications.professionalEmail,
      professionalUserId: visitVerifications.professionalUserId,
      productName: products.name,
      labName: laboratories.name,
    })
    .from(visitVerifications)
    .innerJoin(products, eq(products.id, visitVerifications.productId))
    .innerJoin(laboratories, eq(laboratories.id, products.holderLaboratoryId))
    .where(eq(visitVerifications.tokenHash, hashToken(token)));
  return row;
}

/**
 * What the e-mailed link shows (visitador/public/verify/{hash}). Reading never changes anything:
 * mail scanners open links before people do. Rate-limited per IP address.
 */
export async function getPublicVerification(ctx: AppContext, token: string, clientIp: string): Promise<PublicVerification> {
  await enforceRateLimit(ctx.db, "visitVerificationPublic", clientIp);
  return publicViewOf(ctx, token);
}

async function publicViewOf(ctx: AppContext, token: string): Promise<PublicVerification> {
  const row = token.length <= 100 ? await findByToken(ctx, token) : undefined;
  if (!row) throw new AppError("NOT_FOUND", LINK_NOT_VALID);
  const representative = await representativeOf(ctx.db, row.representativeId);
  return {
    estado: stateOf(row.status, row.expiresAt),
    profesional_nombre: row.professionalName,
    visitador: representative,
    producto: { nombre: row.productName, laboratorio: row.labName },
    caduca_en: row.expiresAt.toISOString(),
  };
}

const ANSWERED: Record<Exclude<VerificationState, "pendiente">, string> = {
  confirmada: "Ya confirmaste esta visita. ¡Gracias!",
  rechazada: "Ya rechazaste esta solicitud.",
  cancelada: "El visitador ha cancelado esta solicitud.",
  caducada: "Este enlace ha caducado: pide al visitador que te lo envíe de nuevo.",
};

/**
 * The professional's answer (a POST from the page's form or the API): single use, only while
 * pending and unexpired, never by the representative themselves. The representative is told in the app.
 */
export async function answerVerification(
  ctx: AppContext,
  token: string,
  decision: VerificationDecision,
  who: { clientIp: string; user: SessionUser | null },
): Promise<PublicVerification> {
  await enforceRateLimit(ctx.db, "visitVerificationPublic", who.clientIp);
  const found = token.length <= 100 ? await findByToken(ctx, token) : undefined;
  if (!found) throw new AppError("NOT_FOUND", LINK_NOT_VALID);
  if (who.user?.id === found.representativeId) throw new AppError("FORBIDDEN", "No puedes verificar tus propias visitas.");
  // Counts apart only when the signed-in verified professional is the one who was asked.
  const asked = who.user && (found.professionalUserId === who.user.id || normaliseEmail(who.user.email) === found.professionalEmail);
  const byVerified = Boolean(asked && who.user && (await isVerifiedProfessional(ctx.db, who.user.id)));
  const updated = await closeVerification(ctx, found, decision, byVerified);
  if (!updated) {
    const [now] = await ctx.db
      .select({ status: visitVerifications.status, expiresAt: visitVerifications.expiresAt })
      .from(visitVerifications)
      .where(eq(visitVerifications.id, found.id));
    const state = now ? stateOf(now.status, now.expiresAt) : "cancelada";
    throw new AppError("GONE", ANSWERED[state === "pendiente" ? "caducada" : state], { reason: "VERIFICATION_CLOSED" });
  }
  return publicViewOf(ctx, token);
}
