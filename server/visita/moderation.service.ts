import { and, desc, eq, ilike, lt, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { pathTo } from "#common/route-names";
import { proposalSchema } from "#common/visita/proposal";
import type { RevisionKind, RevisionStatus } from "#common/visita/vocabulary";
import { assertCan, type SessionUser } from "#server/accounts";
import type { AppContext } from "#server/context";
import { productRevisions, products, productVersions, users } from "#server/db/schema";
import { notify } from "#server/notifications";
import { recordAudit } from "#server/platform/audit";
import { AppError } from "#server/platform/errors";
import { insertProposedProduct, updateProductFromProposal } from "./apply-revision";
import { VISITA_CACHE_TAG } from "./cache-tag";
import { revisionDecidedEmail } from "./emails";
import { moderateCatalogue } from "./policy";
import { compareProposal, productAsProposal, proposalNames } from "./revision-data";
import { getRevision, REVISION_NOT_FOUND } from "./revisions.service";

const authors = alias(users, "authors");

export type QueueFilters = {
  estado?: Exclude<RevisionStatus, "borrador">;
  tipo?: RevisionKind;
  q?: string;
  before?: number;
  limit?: number;
};

/** The moderators' queue: sent revisions (pending by default), oldest pending first is not needed — newest id first, keyset by id. */
export async function listRevisionQueue(ctx: AppContext, actor: SessionUser | null, filters: QueueFilters = {}) {
  assertCan(actor, moderateCatalogue);
  const limit = Math.min(Math.max(filters.limit ?? 25, 1), 100);
  const conditions: SQL[] = [eq(productRevisions.status, filters.estado ?? "pendiente")];
  if (filters.tipo) conditions.push(eq(productRevisions.kind, filters.tipo));
  if (filters.before) conditions.push(lt(productRevisions.id, filters.before));
  const q = filters.q?.trim();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const match = or(
      sql`${productRevisions.data}->>'nombre' ILIKE ${like}`,
      ilike(authors.email, like),
      sql`${productRevisions.cns} @> ${JSON.stringify([q])}::jsonb`,
    );
    if (match) conditions.push(match);
  }
  const [rows, counts] = await Promise.all([
    ctx.db
      .select({
        id: productRevisions.id,
        kind: productRevisions.kind,
        status: productRevisions.status,
        data: productRevisions.data,
        createdAt: productRevisions.createdAt,
        reviewedAt: productRevisions.reviewedAt,
        productId: productRevisions.productId,
        baseVersion: productRevisions.baseVersion,
        productVersion: products.version,
        authorName: sql<string | null>`nullif(trim(coalesce(${authors.nombre}, '') || ' ' || coalesce(${authors.apellidos}, '')), '')`,
        authorEmail: authors.email,
      })
      .from(productRevisions)
      .leftJoin(authors, eq(authors.id, productRevisions.authorId))
      .leftJoin(products, eq(products.id, productRevisions.productId))
      .where(and(...conditions))
      .orderBy(desc(productRevisions.id))
      .limit(limit + 1),
    ctx.db
      .select({ status: productRevisions.status, count: sql<number>`count(*)::int` })
      .from(productRevisions)
      .groupBy(productRevisions.status),
  ]);
  const items = rows.slice(0, limit).map((row) => ({
    id: row.id,
    tipo: row.kind,
    estado: row.status,
    nombre: String(row.data.nombre ?? ""),
    autor: row.authorName ?? row.authorEmail ?? "Usuario eliminado",
    creado_en: row.createdAt.toISOString(),
    revisado_en: row.reviewedAt?.toISOString() ?? null,
    desactualizada: row.productId !== null && row.baseVersion !== row.productVersion,
  }));
  const byStatus = Object.fromEntries(counts.map((c) => [c.status, Number(c.count)]));
  return { items, next_before: rows.length > limit ? (items.at(-1)?.id ?? null) : null, pendientes: byStatus.pendiente ?? 0 };
}

/** One revision for review: the proposal beside the product as it is now, field by field. */
export async function getRevisionForReview(ctx: AppContext, actor: SessionUser | null, id: number) {
  const moderator = assertCan(actor, moderateCatalogue);
  const revision = await getRevision(ctx, moderator, id);
  const current = revision.producto_id === null ? null : await productAsProposal(ctx.db, revision.producto_id);
  const [row] = await ctx.db
    .select({
      baseVersion: productRevisions.baseVersion,
      authorName: sql<string | null>`nullif(trim(coalesce(${users.nombre}, '') || ' ' || coalesce(${users.apellidos}, '')), '')`,
      authorEmail: users.email,
      authorId: users.id,
    })
    .from(productRevisions)
    .leftJoin(users, eq(users.id, productRevisions.authorId))
    .where(eq(productRevisions.id, id));
  // An applied change is compared with the state it replaced (kept in product_versions), not with itself.
  let before = current?.data ?? null;
  if (revision.estado === "aprobada") {
    const [version] = await ctx.db.select({ data: productVersions.data }).from(productVersions).where(eq(productVersions.revisionId, id));
    before = version ? proposalSchema.parse(version.data) : null;
  }
  const names = await proposalNames(ctx.db, before ? [revision.datos, before] : [revision.datos]);
  return {
    revision,
    autor: {
      id: row?.authorId ?? null,
      nombre: row?.authorName ?? row?.authorEmail ?? "Usuario eliminado",
      email: row?.authorEmail ?? null,
    },
    comparacion: compareProposal(before, revision.datos, names),
    version_actual: current?.version ?? null,
    desactualizada: revision.estado === "pendiente" && current !== null && row?.baseVersion !== current.version,
    imagen_actual: current && revision.producto_id ? `/api/visita/productos/${revision.producto_id}/imagen?v=${current.version}` : null,
  };
}

/** Claims a pending revision inside the transaction: a second moderator (or a second click) gets a 409. */
async function claim(tx: AppContext["db"], id: number, moderator: SessionUser, status: "aprobada" | "rechazada", reason: string | null) {
  const [row] = await tx
    .update(productRevisions)
    .set({ status, reason, reviewedBy: moderator.id, reviewedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(productRevisions.id, id), eq(productRevisions.status, "pendiente")))
    .returning();
  if (row) return row;
  const [existing] = await tx.select({ status: productRevisions.status }).from(productRevisions).where(eq(productRevisions.id, id));
  if (!existing || existing.status === "borrador") throw new AppError("NOT_FOUND", REVISION_NOT_FOUND);
  throw new AppError("CONFLICT", "Esta propuesta ya no está pendiente: otro moderador la ha revisado.");
}

async function tellAuthor(
  ctx: AppContext,
  tx: AppContext["db"],
  authorId: number | null,
  input: { approved: boolean; kind: RevisionKind; productName: string; productPath: string | null; reason: string | null },
) {
  if (authorId === null) return;
  const [author] = await tx.select({ email: users.email, nombre: users.nombre }).from(users).where(eq(users.id, authorId));
  if (!author) return;
  const text = input.approved
    ? `Hemos aprobado tu propuesta «${input.productName}»: ya está en el catálogo.`
    : `No hemos aprobado tu propuesta «${input.productName}». Motivo: ${input.reason ?? ""}`;
  const link = input.productPath ?? pathTo("visitadorPage");
  const { email } = await notify(ctx, tx, { userId: authorId, kind: "proposal_decided", text, link });
  if (email) await ctx.mailer.enqueue(revisionDecidedEmail(ctx.config, author, input), tx);
}

/**
 * Approves a pending revision: the product is created or changed (its previous state kept as a
 * version), the revision closed, the author told by e-mail and in the app, and the audit entry
 * written, all in one transaction.
 */
export async function approveRevision(ctx: AppContext, actor: SessionUser | null, id: number) {
  const moderator = assertCan(actor, moderateCatalogue);
  const result = await ctx.db.transaction(async (tx) => {
    const row = await claim(tx, id, moderator, "aprobada", null);
    const data = proposalSchema.parse(row.data);
    let product: { id: number; version: number };
    if (row.kind === "nuevo") {
      product = await insertProposedProduct(tx, data, { authorId: row.authorId, imageKey: row.imageKey });
      await tx.update(productRevisions).set({ productId: product.id }).where(eq(productRevisions.id, id));
    } else {
      const current = row.productId === null ? null : await productAsProposal(tx, row.productId);
      if (!current || row.productId === null) throw new AppError("NOT_FOUND", "El producto de esta propuesta ya no existe.");
      if (current.version !== row.baseVersion)
        throw new AppError(
          "CONFLICT",
          "El producto ha cambiado desde que se hizo la propuesta: recházala y pide una nueva sobre la versión actual.",
        );
      product = await updateProductFromProposal(tx, row.productId, {
        before: current.data,
        beforeVersion: current.version,
        data,
        imageKey: row.imageKey,
        revisionId: row.id,
        reviewerId: moderator.id,
      });
    }
    const [saved] = await tx.select({ slug: products.slug }).from(products).where(eq(products.id, product.id));
    const productPath = pathTo("producto", { product: saved?.slug ?? "producto", id: product.id });
    await tellAuthor(ctx, tx, row.authorId, { approved: true, kind: row.kind, productName: data.nombre, productPath, reason: null });
    await recordAudit(tx, {
      actor: moderator,
      action: "visita_revision.approve",
      subjectType: "product_revision",
      subjectId: id,
      before: { status: "pendiente" },
      after: { status: "aprobada", productId: product.id, version: product.version },
    });
    return { productId: product.id, version: product.version, url: productPath };
  });
  await ctx.pageCache.invalidate(VISITA_CACHE_TAG); // the product, and the searches that find it
  return result;
}

/** Rejects a pending revision with a reason the author reads; the catalogue does not change. */
export async function rejectRevision(ctx: AppContext, actor: SessionUser | null, id: number, reason: string) {
  const moderator = assertCan(actor, moderateCatalogue);
  await ctx.db.transaction(async (tx) => {
    const row = await claim(tx, id, moderator, "rechazada", reason);
    const data = proposalSchema.parse(row.data);
    await tellAuthor(ctx, tx, row.authorId, { approved: false, kind: row.kind, productName: data.nombre, productPath: null, reason });
    await recordAudit(tx, {
      actor: moderator,
      action: "visita_revision.reject",
      subjectType: "product_revision",
      subjectId: id,
      before: { status: "pendiente" },
      after: { status: "rechazada", reason },
    });
  });
}
