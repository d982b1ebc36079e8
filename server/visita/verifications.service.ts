import { and, desc, eq, gt, inArray, sql } from "drizzle-orm";
import { normaliseEmail, VERIFICATION_RULES, type VerificationRequestInput, type VerificationState } from "#common/visita/verifications";
import { assertCan, type SessionUser, verifiedProfessionalSql } from "#server/accounts";
import type { AppContext } from "#server/context";
import { cargos, empresas, estados, portfolioEntries, productRevisions, products, users, visitVerifications } from "#server/db/schema";
import { AppError } from "#server/platform/errors";
import { enforceRateLimit } from "#server/platform/rate-limit";
import { hashToken, randomToken } from "#server/platform/tokens";
import { findEstadoById } from "#server/reference";
import { verificationRequestEmail } from "./emails";
import { keepPortfolio, refuseOwnMailbox } from "./policy";
import { ENTRY_NOT_FOUND } from "./portfolio.service";
import { productUrl } from "./queries";
import { cargoJoin, displayName, empresaJoin, representativeColumns } from "./representative-card";
import type { Verification, VerificationCount } from "./verification-api-schemas";

export const VERIFICATION_NOT_FOUND = "No hemos encontrado esta solicitud de verificación.";
export const LINK_NOT_VALID = "Este enlace de verificación no es válido.";
const DAY_MS = 24 * 60 * 60 * 1000;

const expiryFromNow = () => new Date(Date.now() + VERIFICATION_RULES.linkDays * DAY_MS);
export const stateOf = (status: Verification["estado"], expiresAt: Date): VerificationState =>
  status === "pendiente" && expiresAt.getTime() <= Date.now() ? "caducada" : status;

/**
 * The catalogue product a verification is asked for (`verificacion-prof/{idProd}/…/{isRev}`): with
 * isRev the id is one of the actor's own proposals, which must have been approved into a product.
 */
export async function resolveVerificationProduct(ctx: AppContext, actor: SessionUser, id: number, isRevision: boolean): Promise<number> {
  assertCan(actor, keepPortfolio);
  if (!isRevision) return id;
  const [revision] = await ctx.db
    .select({ productId: productRevisions.productId, status: productRevisions.status })
    .from(productRevisions)
    .where(and(eq(productRevisions.id, id), eq(productRevisions.authorId, actor.id)));
  if (!revision) throw new AppError("NOT_FOUND", "No hemos encontrado esta propuesta.");
  if (!revision.productId || revision.status !== "aprobada")
    throw new AppError("CONFLICT", "Este producto aún no está en el catálogo: podrás pedir verificaciones cuando se apruebe la propuesta.");
  return revision.productId;
}

/** The actor's own portfolio entry for the product (verifications are asked from an entry). */
async function requireCarriedProduct(ctx: AppContext, actor: SessionUser, productId: number) {
  const [row] = await ctx.db
    .select({ name: products.name })
    .from(portfolioEntries)
    .innerJoin(products, eq(products.id, portfolioEntries.productId))
    .where(and(eq(portfolioEntries.userId, actor.id), eq(portfolioEntries.productId, productId)));
  if (!row) throw new AppError("NOT_FOUND", ENTRY_NOT_FOUND);
  return row;
}

export async function representativeOf(db: AppContext["db"], userId: number) {
  const [row] = await db
    .select({
      nombre: users.nombre,
      apellidos: users.apellidos,
      cargo: representativeColumns.cargo,
      empresa: representativeColumns.empresa,
    })
    .from(users)
    .leftJoin(cargos, cargoJoin)
    .leftJoin(empresas, empresaJoin)
    .where(eq(users.id, userId));
  if (!row) throw new AppError("NOT_FOUND", VERIFICATION_NOT_FOUND);
  return { nombre: displayName(row, "Un visitador"), cargo: row.cargo, empresa: row.empresa };
}

const fieldError = (code: "CONFLICT" | "VALIDATION", field: string, message: string) =>
  new AppError(code, message, { fieldErrors: { [field]: [message] } });

/**
 * Asks a professional to confirm a visit: refuses the representative's own address, a professional
 * who already confirmed this product for them in the last 365 days, or a second open request (resend
 * that one). The e-mail is queued in the same transaction.
 */
export async function requestVerification(
  ctx: AppContext,
  actor: SessionUser,
  input: VerificationRequestInput & { producto_id: number },
): Promise<Verification> {
  assertCan(actor, keepPortfolio);
  const product = await requireCarriedProduct(ctx, actor, input.producto_id);
  const email = normaliseEmail(input.email);
  refuseOwnMailbox(actor, email);
  if (input.estado_id !== undefined && !findEstadoById(input.estado_id))
    throw fieldError("VALIDATION", "estado_id", "La provincia no es válida.");
  const since = new Date(Date.now() - VERIFICATION_RULES.onceEveryDays * DAY_MS);
  const sameProfessional = and(
    eq(visitVerifications.representativeId, actor.id),
    eq(visitVerifications.productId, input.producto_id),
    eq(visitVerifications.professionalEmail, email),
  );
  const [recent] = await ctx.db
    .select({ id: visitVerifications.id })
    .from(visitVerifications)
    .where(and(sameProfessional, eq(visitVerifications.status, "confirmada"), gt(visitVerifications.decidedAt, since)));
  if (recent)
    throw fieldError("CONFLICT", "email", "Este profesional ya confirmó este producto en los últimos 12 meses: cuenta una vez al año.");
  await enforceRateLimit(ctx.db, "visitVerificationSend", String(actor.id));
  const representative = await representativeOf(ctx.db, actor.id);
  const professionalUserId = await verifiedProfessionalWithEmail(ctx, email);
  const token = randomToken(32);
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(visitVerifications)
      .values({
        representativeId: actor.id,
        productId: input.producto_id,
        professionalName: input.nombre,
        professionalEmail: email,
        collegiateNumber: input.num_colegiado ?? null,
        estadoId: input.estado_id ?? null,
        professionalUserId,
        tokenHash: hashToken(token),
        expiresAt: expiryFromNow(),
      })
      .onConflictDoNothing()
      .returning({ id: visitVerifications.id });
    if (!row)
      throw fieldError("CONFLICT", "email", "Ya hay una solicitud pendiente para este profesional: puedes reenviarla o cancelarla.");
    await ctx.mailer.enqueue(
      verificationRequestEmail(ctx.config, {
        to: email,
        professionalName: input.nombre,
        representativeName: representative.nombre,
        empresa: representative.empresa,
        productName: product.name,
        token,
      }),
      tx,
    );
    return row.id;
  });
  return getMyVerification(ctx, actor, id);
}

/**
 * A verified professional on the platform with this address (issue 30): the request also waits
 * for them in the app, where they confirm with a button (the e-mailed link still works).
 */
async function verifiedProfessionalWithEmail(ctx: AppContext, email: string): Promise<number | null> {
  const [row] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), verifiedProfessionalSql(users.id)));
  return row?.id ?? null;
}

async function requireMyPending(ctx: AppContext, actor: SessionUser, id: number) {
  assertCan(actor, keepPortfolio);
  const [row] = await ctx.db
    .select({ status: visitVerifications.status })
    .from(visitVerifications)
    .where(and(eq(visitVerifications.id, id), eq(visitVerifications.representativeId, actor.id)));
  if (!row) throw new AppError("NOT_FOUND", VERIFICATION_NOT_FOUND);
  if (row.status !== "pendiente") throw new AppError("CONFLICT", "Esta solicitud ya no está pendiente.");
}

/** Sends a pending request again with a new link (the old one stops working) and 30 more days. */
export async function resendVerification(ctx: AppContext, actor: SessionUser, id: number): Promise<Verification> {
  await requireMyPending(ctx, actor, id);
  await enforceRateLimit(ctx.db, "visitVerificationSend", String(actor.id));
  const representative = await representativeOf(ctx.db, actor.id);
  const token = randomToken(32);
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(visitVerifications)
      .set({
        tokenHash: hashToken(token),
        expiresAt: expiryFromNow(),
        sentCount: sql`${visitVerifications.sentCount} + 1`,
        lastSentAt: new Date(),
        updatedAt: new Date(),
      })
      .where(
        and(eq(visitVerifications.id, id), eq(visitVerifications.representativeId, actor.id), eq(visitVerifications.status, "pendiente")),
      )
      .returning({
        email: visitVerifications.professionalEmail,
        name: visitVerifications.professionalName,
        productId: visitVerifications.productId,
      });
    if (!row) throw new AppError("CONFLICT", "Esta solicitud ya no está pendiente.");
    const [product] = await tx.select({ name: products.name }).from(products).where(eq(products.id, row.productId));
    await ctx.mailer.enqueue(
      verificationRequestEmail(ctx.config, {
        to: row.email,
        professionalName: row.name,
        representativeName: representative.nombre,
        empresa: representative.empresa,
        productName: product?.name ?? "",
        token,
      }),
      tx,
    );
  });
  return getMyVerification(ctx, actor, id);
}

/** Withdraws a pending request: its link stops working. */
export async function cancelVerification(ctx: AppContext, actor: SessionUser, id: number): Promise<Verification> {
  await requireMyPending(ctx, actor, id);
  const [row] = await ctx.db
    .update(visitVerifications)
    .set({ status: "cancelada", decidedAt: new Date(), updatedAt: new Date() })
    .where(
      and(eq(visitVerifications.id, id), eq(visitVerifications.representativeId, actor.id), eq(visitVerifications.status, "pendiente")),
    )
    .returning({ id: visitVerifications.id });
  if (!row) throw new AppError("CONFLICT", "Esta solicitud ya no está pendiente.");
  return getMyVerification(ctx, actor, id);
}

/** The actor's requests, newest first; optionally of one product. */
export async function listMyVerifications(
  ctx: AppContext,
  actor: SessionUser,
  options: { productId?: number; id?: number } = {},
): Promise<Verification[]> {
  assertCan(actor, keepPortfolio);
  const conditions = [eq(visitVerifications.representativeId, actor.id)];
  if (options.productId !== undefined) conditions.push(eq(visitVerifications.productId, options.productId));
  if (options.id !== undefined) conditions.push(eq(visitVerifications.id, options.id));
  const rows = await ctx.db
    .select({
      id: visitVerifications.id,
      productId: products.id,
      productName: products.name,
      productSlug: products.slug,
      name: visitVerifications.professionalName,
      email: visitVerifications.professionalEmail,
      collegiateNumber: visitVerifications.collegiateNumber,
      estadoId: estados.id,
      estadoNombre: estados.nombre,
      status: visitVerifications.status,
      expiresAt: visitVerifications.expiresAt,
      sentCount: visitVerifications.sentCount,
      lastSentAt: visitVerifications.lastSentAt,
      decidedAt: visitVerifications.decidedAt,
      createdAt: visitVerifications.createdAt,
    })
    .from(visitVerifications)
    .innerJoin(products, eq(products.id, visitVerifications.productId))
    .leftJoin(estados, eq(estados.id, visitVerifications.estadoId))
    .where(and(...conditions))
    .orderBy(desc(visitVerifications.createdAt), desc(visitVerifications.id))
    .limit(200);
  return rows.map((row) => ({
    id: row.id,
    producto: { id: row.productId, nombre: row.productName, url: productUrl(row.productSlug, row.productId) },
    profesional: {
      nombre: row.name,
      email: row.email,
      num_colegiado: row.collegiateNumber,
      provincia: row.estadoId ? { id: row.estadoId, nombre: row.estadoNombre ?? "" } : null,
    },
    estado: stateOf(row.status, row.expiresAt),
    envios: row.sentCount,
    enviada_en: row.lastSentAt.toISOString(),
    caduca_en: row.expiresAt.toISOString(),
    respondida_en: row.decidedAt?.toISOString() ?? null,
    creada_en: row.createdAt.toISOString(),
  }));
}

export async function getMyVerification(ctx: AppContext, actor: SessionUser, id: number): Promise<Verification> {
  const [item] = await listMyVerifications(ctx, actor, { id });
  if (!item) throw new AppError("NOT_FOUND", VERIFICATION_NOT_FOUND);
  return item;
}

/**
 * Confirmed verifications (and open requests) per representative and product: the count, the
 * date of the last one and how many are pending. Confirmations are already limited to one per
 * professional a year when asked, so every confirmed row counts.
 */
export async function verificationCounts(
  ctx: AppContext,
  representativeIds: number[],
  productIds?: number[],
): Promise<Map<string, VerificationCount>> {
  const result = new Map<string, VerificationCount>();
  if (!representativeIds.length || productIds?.length === 0) return result;
  const conditions = [inArray(visitVerifications.representativeId, representativeIds)];
  if (productIds) conditions.push(inArray(visitVerifications.productId, productIds));
  const rows = await ctx.db
    .select({
      representativeId: visitVerifications.representativeId,
      productId: visitVerifications.productId,
      confirmed: sql<number>`count(*) FILTER (WHERE ${visitVerifications.status} = 'confirmada')`.mapWith(Number),
      byProfessionals:
        sql<number>`count(*) FILTER (WHERE ${visitVerifications.status} = 'confirmada' AND ${visitVerifications.byVerifiedProfessional})`.mapWith(
          Number,
        ),
      last: sql<Date | string | null>`max(${visitVerifications.decidedAt}) FILTER (WHERE ${visitVerifications.status} = 'confirmada')`,
      pending:
        sql<number>`count(*) FILTER (WHERE ${visitVerifications.status} = 'pendiente' AND ${visitVerifications.expiresAt} > now())`.mapWith(
          Number,
        ),
    })
    .from(visitVerifications)
    .where(and(...conditions))
    .groupBy(visitVerifications.representativeId, visitVerifications.productId);
  for (const row of rows) {
    result.set(countKey(row.representativeId, row.productId), {
      verificaciones: row.confirmed,
      verificaciones_profesionales: row.byProfessionals,
      ultima_verificacion: row.last ? new Date(row.last).toISOString() : null,
      pendientes: row.pending,
    });
  }
  return result;
}

export const countKey = (representativeId: number, productId: number) => `${representativeId}:${productId}`;
export const NO_VERIFICATIONS: VerificationCount = {
  verificaciones: 0,
  verificaciones_profesionales: 0,
  ultima_verificacion: null,
  pendientes: 0,
};
