import { and, asc, eq, gt } from "drizzle-orm";
import type { VerificationDecision } from "#common/visita/verifications";
import { isVerifiedProfessional, type SessionUser } from "#server/accounts";
import type { AppContext } from "#server/context";
import { products, visitVerifications } from "#server/db/schema";
import { AppError } from "#server/platform/errors";
import { closeVerification } from "./verification-links.service";
import { representativeOf, VERIFICATION_NOT_FOUND } from "./verifications.service";

// Visit confirmations asked in the app of a verified professional (issue 30, point 4): the
// professional sees them in Mi cuenta › Profesional and answers with a button, no e-mailed link.

export type InAppVisitRequest = {
  id: number;
  producto: string;
  visitador: { nombre: string; cargo: string | null; empresa: string | null };
  caducaEn: string;
};

const pendingFor = (userId: number) =>
  and(
    eq(visitVerifications.professionalUserId, userId),
    eq(visitVerifications.status, "pendiente"),
    gt(visitVerifications.expiresAt, new Date()),
  );

/** The pending requests waiting for this user, oldest first. */
export async function listMyVisitRequests(ctx: AppContext, user: SessionUser): Promise<InAppVisitRequest[]> {
  const rows = await ctx.db
    .select({
      id: visitVerifications.id,
      representativeId: visitVerifications.representativeId,
      productName: products.name,
      expiresAt: visitVerifications.expiresAt,
    })
    .from(visitVerifications)
    .innerJoin(products, eq(products.id, visitVerifications.productId))
    .where(pendingFor(user.id))
    .orderBy(asc(visitVerifications.createdAt))
    .limit(50);
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      producto: row.productName,
      visitador: await representativeOf(ctx.db, row.representativeId),
      caducaEn: row.expiresAt.toISOString(),
    })),
  );
}

/**
 * The professional answers a request addressed to them in the app. It counts as confirmed by a
 * verified professional when they still are one at this moment.
 */
export async function answerVisitRequest(ctx: AppContext, user: SessionUser, id: number, decision: VerificationDecision): Promise<void> {
  const [found] = await ctx.db
    .select({
      id: visitVerifications.id,
      representativeId: visitVerifications.representativeId,
      professionalName: visitVerifications.professionalName,
      productName: products.name,
    })
    .from(visitVerifications)
    .innerJoin(products, eq(products.id, visitVerifications.productId))
    .where(and(eq(visitVerifications.id, id), pendingFor(user.id)));
  if (!found) throw new AppError("NOT_FOUND", VERIFICATION_NOT_FOUND);
  if (found.representativeId === user.id) throw new AppError("FORBIDDEN", "No puedes verificar tus propias visitas.");
  const verified = await isVerifiedProfessional(ctx.db, user.id);
  if (!(await closeVerification(ctx, found, decision, verified))) throw new AppError("CONFLICT", "Esta solicitud ya no está pendiente.");
}
