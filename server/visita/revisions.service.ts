import { and, desc, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import { pathTo } from "#common/route-names";
import { formatCn } from "#common/visita/codes";
import { type ProposalData, proposalSchema, type RevisionCreateInput } from "#common/visita/proposal";
import { assertCan, can, type SessionUser } from "#server/accounts";
import type { AppContext } from "#server/context";
import type { Db } from "#server/db/client";
import { firstOrThrow } from "#server/db/first-or-throw";
import { atcCodes, laboratories, productPresentations, productRevisions, products } from "#server/db/schema";
import { recordAudit } from "#server/platform/audit";
import { AppError } from "#server/platform/errors";
import { processImage } from "#server/platform/images";
import type { RevisionDetail } from "./api-schemas";
import { keepPortfolio, moderateCatalogue } from "./policy";
import { PRODUCT_NOT_FOUND } from "./products.service";
import { compareProposal, productAsProposal, proposalNames } from "./revision-data";

export const REVISION_NOT_FOUND = "No hemos encontrado esta propuesta.";
export const PRODUCT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

type RevisionRow = typeof productRevisions.$inferSelect;

export const revisionImageUrl = (row: { id: number; imageKey: string | null; updatedAt: Date }) =>
  row.imageKey ? `/api/visita/revisiones/${row.id}/imagen?v=${row.updatedAt.getTime()}` : null;

/** A revision as its author and the moderators see it. */
export function toRevisionDetail(row: RevisionRow, product: { nombre: string; url: string } | null): RevisionDetail {
  const datos = proposalSchema.parse(row.data);
  return {
    id: row.id,
    tipo: row.kind,
    estado: row.status,
    producto_id: row.productId,
    nombre: datos.nombre,
    comentario: row.comment,
    motivo: row.reason,
    creado_en: row.createdAt.toISOString(),
    revisado_en: row.reviewedAt?.toISOString() ?? null,
    datos,
    imagen_url: revisionImageUrl(row),
    producto: product && row.productId ? { id: row.productId, ...product } : null,
  };
}

/** Laboratories and the ATC code must exist; field errors otherwise. */
async function checkReferences(db: Db, data: ProposalData) {
  const errors: Record<string, string[]> = {};
  const names = await proposalNames(db, [data]);
  if (!names.labs.has(data.laboratorio_id)) errors.laboratorio_id = ["Elige un laboratorio del catálogo."];
  if (data.laboratorio_comercializador_id && !names.labs.has(data.laboratorio_comercializador_id))
    errors.laboratorio_comercializador_id = ["Elige un laboratorio del catálogo."];
  if (data.atc) {
    const [atc] = await db.select({ code: atcCodes.code }).from(atcCodes).where(eq(atcCodes.code, data.atc));
    if (!atc) errors.atc = ["Este código ATC no está en la clasificación del catálogo."];
  }
  if (Object.keys(errors).length) throw new AppError("VALIDATION", "Revisa los campos marcados.", { fieldErrors: errors });
}

/**
 * Duplicate proposals: a CN that another product already has, or that another pending proposal
 * (not about this same product) carries, is refused with the product or proposal it clashes with.
 */
export async function checkDuplicates(db: Db, data: ProposalData, productId: number | null, ownRevisionId: number | null) {
  const cns = data.presentaciones.map((p) => p.cn);
  const errors: Record<string, string[]> = {};
  const field = (cn: string) => `presentaciones.${cns.indexOf(cn)}.cn`;
  const inCatalogue = await db
    .select({ cn: productPresentations.cn, productId: products.id, name: products.name })
    .from(productPresentations)
    .innerJoin(products, eq(products.id, productPresentations.productId))
    .where(and(inArray(productPresentations.cn, cns), productId === null ? undefined : ne(products.id, productId)));
  for (const clash of inCatalogue) {
    errors[field(clash.cn)] = [
      productId === null
        ? `Este medicamento ya está en el catálogo: el código nacional ${formatCn(clash.cn)} es de «${clash.name}». Si falta algo, propón cambios sobre él.`
        : `El código nacional ${formatCn(clash.cn)} ya es de otro medicamento del catálogo: «${clash.name}».`,
    ];
  }
  const containsAny = or(...cns.map((cn) => sql`${productRevisions.cns} @> ${JSON.stringify([cn])}::jsonb`));
  const pending = await db
    .select({ id: productRevisions.id, cns: productRevisions.cns, data: productRevisions.data })
    .from(productRevisions)
    .where(
      and(
        eq(productRevisions.status, "pendiente"),
        containsAny,
        ownRevisionId === null ? undefined : ne(productRevisions.id, ownRevisionId),
        // Several change proposals about one product may wait together; a new product may not.
        productId === null ? undefined : or(isNull(productRevisions.productId), ne(productRevisions.productId, productId)),
      ),
    );
  for (const other of pending) {
    for (const cn of other.cns.filter((c) => cns.includes(c))) {
      errors[field(cn)] ??= [
        `Ya hay una propuesta pendiente de revisión con el código nacional ${formatCn(cn)} («${String(other.data.nombre ?? "")}»).`,
      ];
    }
  }
  if (Object.keys(errors).length)
    throw new AppError("CONFLICT", "Hay una propuesta o un producto con el mismo código nacional.", { fieldErrors: errors });
}

/** Decodes, re-encodes (WebP, at most 1200 px a side) and stores an uploaded picture; errors name the imagen field. */
export async function storeImage(ctx: AppContext, image: Blob, folder = "productos") {
  if (image.size > PRODUCT_IMAGE_MAX_BYTES)
    throw new AppError("PAYLOAD_TOO_LARGE", "La imagen no puede superar 5 MB.", {
      fieldErrors: { imagen: ["La imagen no puede superar 5 MB."] },
    });
  try {
    const processed = await processImage(image, { maxWidth: 1200, maxHeight: 1200, fit: "inside", format: "webp", label: "La imagen" });
    return (await ctx.storage.store(folder, processed.bytes, "webp")).key;
  } catch (error) {
    if (error instanceof AppError) throw new AppError(error.code, error.message, { fieldErrors: { imagen: [error.message] } });
    throw error;
  }
}

async function ownRevision(db: Db, actor: SessionUser, id: number) {
  const [row] = await db
    .select()
    .from(productRevisions)
    .where(and(eq(productRevisions.id, id), eq(productRevisions.authorId, actor.id)));
  if (!row) throw new AppError("NOT_FOUND", REVISION_NOT_FOUND);
  return row;
}

/**
 * Saves a proposal: a new one, or the actor's own draft again (revisionId). With enviar it goes
 * to the moderators' queue at once; otherwise it stays a draft to preview. The image (optional)
 * is decoded and re-encoded before it is stored.
 */
export async function saveRevision(
  ctx: AppContext,
  actor: SessionUser,
  input: RevisionCreateInput,
  options: { revisionId?: number; image?: Blob | null } = {},
): Promise<RevisionDetail> {
  assertCan(actor, keepPortfolio);
  const existing = options.revisionId === undefined ? null : await ownRevision(ctx.db, actor, options.revisionId);
  if (existing && existing.status !== "borrador") throw new AppError("CONFLICT", "Esta propuesta ya se ha enviado: no se puede cambiar.");
  const productId = existing ? existing.productId : input.producto_id;
  const current = productId === null ? null : await productAsProposal(ctx.db, productId);
  if (productId !== null && !current) throw new AppError("NOT_FOUND", PRODUCT_NOT_FOUND);
  const data = input.datos;
  await checkReferences(ctx.db, data);
  if (
    current &&
    compareProposal(current.data, data, await proposalNames(ctx.db, [data, current.data])).every((f) => !f.cambia) &&
    !options.image
  )
    throw new AppError("VALIDATION", "No has cambiado nada del producto.");
  // Caught as early as the draft, so the form can point at the code before anything is sent.
  await checkDuplicates(ctx.db, data, productId, existing?.id ?? null);
  const imageKey = options.image ? await storeImage(ctx, options.image) : null;
  const status = input.enviar ? "pendiente" : "borrador";
  const values = {
    data: data as unknown as Record<string, unknown>,
    cns: data.presentaciones.map((p) => p.cn),
    comment: input.comentario,
    status,
    ...(imageKey ? { imageKey } : {}),
    updatedAt: new Date(),
  } as const;
  const row = await ctx.db.transaction(async (tx) => {
    const saved = firstOrThrow(
      existing
        ? await tx.update(productRevisions).set(values).where(eq(productRevisions.id, existing.id)).returning()
        : await tx
            .insert(productRevisions)
            .values({
              ...values,
              kind: productId === null ? "nuevo" : "cambios",
              productId,
              baseVersion: current?.version ?? null,
              authorId: actor.id,
            })
            .returning(),
      "revision write",
    );
    await recordAudit(tx, {
      actor,
      action: existing ? "visita_revision.update" : "visita_revision.create",
      subjectType: "product_revision",
      subjectId: saved.id,
      after: { kind: saved.kind, productId, status, nombre: data.nombre },
    });
    return saved;
  });
  if (imageKey && existing?.imageKey) await ctx.storage.remove(existing.imageKey);
  return toRevisionDetail(
    row,
    current ? { nombre: current.name, url: pathTo("producto", { product: current.slug, id: productId as number }) } : null,
  );
}

/** Sends the actor's draft to the moderators (the preview's "Enviar a revisión"). */
export async function submitRevision(ctx: AppContext, actor: SessionUser, id: number): Promise<RevisionDetail> {
  assertCan(actor, keepPortfolio);
  const row = await ownRevision(ctx.db, actor, id);
  if (row.status !== "borrador") throw new AppError("CONFLICT", "Esta propuesta ya se ha enviado.");
  const data = proposalSchema.parse(row.data);
  await checkDuplicates(ctx.db, data, row.productId, row.id);
  const updated = await ctx.db.transaction(async (tx) => {
    const [saved] = await tx
      .update(productRevisions)
      .set({ status: "pendiente", createdAt: new Date(), updatedAt: new Date() })
      .where(and(eq(productRevisions.id, id), eq(productRevisions.status, "borrador")))
      .returning();
    if (!saved) throw new AppError("CONFLICT", "Esta propuesta ya se ha enviado.");
    await recordAudit(tx, {
      actor,
      action: "visita_revision.submit",
      subjectType: "product_revision",
      subjectId: id,
      after: { status: "pendiente" },
    });
    return saved;
  });
  return toRevisionDetail(updated, null);
}

/** One revision: its author sees their own; moderators see any that has been sent. */
export async function getRevision(ctx: AppContext, actor: SessionUser, id: number): Promise<RevisionDetail> {
  const isModerator = can(actor, moderateCatalogue);
  const [row] = await ctx.db
    .select({ revision: productRevisions, productName: products.name, productSlug: products.slug })
    .from(productRevisions)
    .leftJoin(products, eq(products.id, productRevisions.productId))
    .where(eq(productRevisions.id, id));
  const mayRead = row && (row.revision.authorId === actor.id || (isModerator && row.revision.status !== "borrador"));
  if (!row || !mayRead) throw new AppError("NOT_FOUND", REVISION_NOT_FOUND);
  const product =
    row.productName && row.productSlug && row.revision.productId
      ? { nombre: row.productName, url: pathTo("producto", { product: row.productSlug, id: row.revision.productId }) }
      : null;
  return toRevisionDetail(row.revision, product);
}

/** The actor's proposals, newest first. */
export async function listMyRevisions(ctx: AppContext, actor: SessionUser, limit = 50): Promise<RevisionDetail[]> {
  assertCan(actor, keepPortfolio);
  const rows = await ctx.db
    .select()
    .from(productRevisions)
    .where(eq(productRevisions.authorId, actor.id))
    .orderBy(desc(productRevisions.updatedAt), desc(productRevisions.id))
    .limit(limit);
  return rows.map((row) => toRevisionDetail(row, null));
}

/**
 * The picture of a revision, for its author and, once sent, the moderators: the uploaded image, or
 * the product's current one (a change that keeps it), or null when the box is to be drawn.
 */
export async function revisionImage(ctx: AppContext, actor: SessionUser, id: number) {
  const revision = await getRevision(ctx, actor, id);
  const [row] = await ctx.db
    .select({ imageKey: productRevisions.imageKey, productImageKey: products.imageKey })
    .from(productRevisions)
    .leftJoin(products, eq(products.id, productRevisions.productId))
    .where(eq(productRevisions.id, revision.id));
  const key = row?.imageKey ?? row?.productImageKey ?? null;
  return { revision, file: key ? await ctx.storage.read(key) : null };
}

/** Laboratories to choose from in the proposal form. */
export async function listLaboratories(ctx: AppContext) {
  return ctx.db.select({ id: laboratories.id, nombre: laboratories.name }).from(laboratories).orderBy(laboratories.name);
}

/** Adds or replaces the image of one's own revision while no moderator has decided on it. */
export async function attachRevisionImage(ctx: AppContext, actor: SessionUser, id: number, image: unknown): Promise<RevisionDetail> {
  assertCan(actor, keepPortfolio);
  const row = await ownRevision(ctx.db, actor, id);
  if (row.status !== "borrador" && row.status !== "pendiente") throw new AppError("CONFLICT", "Esta propuesta ya se ha revisado.");
  if (!(image instanceof Blob) || image.size === 0)
    throw new AppError("VALIDATION", "Elige una imagen.", { fieldErrors: { imagen: ["Elige una imagen."] } });
  const imageKey = await storeImage(ctx, image);
  const [saved] = await ctx.db.transaction(async (tx) => {
    const updated = await tx
      .update(productRevisions)
      .set({ imageKey, updatedAt: new Date() })
      .where(and(eq(productRevisions.id, id), inArray(productRevisions.status, ["borrador", "pendiente"])))
      .returning();
    await recordAudit(tx, { actor, action: "visita_revision.image", subjectType: "product_revision", subjectId: id, after: { imageKey } });
    return updated;
  });
  if (!saved) throw new AppError("CONFLICT", "Esta propuesta ya se ha revisado.");
  if (row.imageKey) await ctx.storage.remove(row.imageKey);
  return toRevisionDetail(saved, null);
}
