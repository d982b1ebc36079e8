import { and, desc, eq, sql } from "drizzle-orm";
import { isId } from "#common/ids";
import { MAX_SAVED_CVS } from "#common/jobs";
import { assertCan, type SessionUser } from "#server/accounts";
import type { AppContext } from "#server/context";
import type { Db } from "#server/db/client";
import { candidatoCvs, candidaturas } from "#server/db/schema";
import { uploadName } from "#server/platform/downloads";
import { AppError, validationError } from "#server/platform/errors";
import { enforcePerUserLimit } from "#server/platform/per-user-limit";
import { enforceRateLimit } from "#server/platform/rate-limit";
import { DOCUMENT_KINDS, type FileKind } from "#server/platform/storage";
import { applyToOffers } from "./policy";
import type { SavedCvView } from "./types";

// A candidate's saved CVs: only their owner lists, downloads, chooses or deletes them (404 for
// anyone else's, as if they did not exist). Companies reach a CV only through an application.

const cvNotFound = () => new AppError("NOT_FOUND", "CV no encontrado.");
const LIMIT_MESSAGE = `Puedes guardar como máximo ${MAX_SAVED_CVS} CV. Elimina uno para subir otro.`;

const toView = (row: typeof candidatoCvs.$inferSelect): SavedCvView => ({
  id: row.id,
  nombre: row.nombre,
  creado_en: new Date(row.createdAt).toISOString(),
  predeterminado: row.isDefault,
});

/**
 * A file name fit to show and to offer: no folders, no control characters, at most 120 characters,
 * ending in the extension of the type the bytes were recognised as ("cv.pdf.html" is "cv.pdf").
 */
export function cvDisplayName(file: Blob, kind: FileKind): string {
  return uploadName(file instanceof File ? file.name : "", kind, "CV");
}

export async function listMyCvs(ctx: AppContext, user: SessionUser): Promise<SavedCvView[]> {
  const rows = await ctx.db
    .select()
    .from(candidatoCvs)
    .where(eq(candidatoCvs.userId, user.id))
    .orderBy(desc(candidatoCvs.isDefault), desc(candidatoCvs.createdAt), desc(candidatoCvs.id));
  return rows.map(toView);
}

/**
 * Keeps an uploaded CV (PDF or DOCX, recognised by its bytes) among the candidate's saved ones; the
 * first becomes the default. Over the limit: 409 with a Spanish message, and the file is not kept.
 */
export async function saveCv(ctx: AppContext, user: SessionUser, file: Blob | null | undefined): Promise<SavedCvView> {
  assertCan(user, applyToOffers);
  if (!file || typeof file === "string" || file.size === 0) throw validationError({ cv: ["Adjunta tu CV en PDF o DOCX."] });
  const [{ n } = { n: 0 }] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(candidatoCvs)
    .where(eq(candidatoCvs.userId, user.id));
  // Checked before storing too, so a full list costs no upload; the transaction below decides.
  if (Number(n) >= MAX_SAVED_CVS) throw new AppError("CONFLICT", LIMIT_MESSAGE);
  await enforceRateLimit(ctx.db, "upload", `user:${user.id}`);
  const stored = await ctx.storage.save("cv", file, { allowed: DOCUMENT_KINDS, maxBytes: ctx.config.maxUploadBytes, label: "CV" });
  try {
    const row = await ctx.db.transaction(async (tx) => {
      await enforcePerUserLimit(
        tx,
        user.id,
        sql`SELECT count(*) FROM candidato_cvs WHERE user_id = ${user.id}`,
        MAX_SAVED_CVS,
        LIMIT_MESSAGE,
      );
      const [current] = await tx
        .select({ id: candidatoCvs.id })
        .from(candidatoCvs)
        .where(and(eq(candidatoCvs.userId, user.id), eq(candidatoCvs.isDefault, true)));
      const [inserted] = await tx
        .insert(candidatoCvs)
        .values({ userId: user.id, nombre: cvDisplayName(file, stored.kind), fileKey: stored.key, isDefault: !current })
        .returning();
      return inserted;
    });
    if (!row) throw cvNotFound();
    return toView(row);
  } catch (error) {
    await ctx.storage.remove(stored.key).catch(() => {});
    throw error;
  }
}

async function ownCv(db: Db, user: SessionUser, id: number) {
  if (!isId(id)) throw cvNotFound();
  const [row] = await db
    .select()
    .from(candidatoCvs)
    .where(and(eq(candidatoCvs.id, id), eq(candidatoCvs.userId, user.id)));
  if (!row) throw cvNotFound();
  return row;
}

/** The saved CV an application uses: its file key and the name the company sees. */
export async function savedCvForApplication(db: Db, user: SessionUser, id: number) {
  const row = await ownCv(db, user, id);
  return { key: row.fileKey, nombre: row.nombre };
}

export async function setDefaultCv(ctx: AppContext, user: SessionUser, id: number): Promise<SavedCvView[]> {
  await ownCv(ctx.db, user, id);
  await ctx.db.transaction(async (tx) => {
    await tx.update(candidatoCvs).set({ isDefault: false }).where(eq(candidatoCvs.userId, user.id));
    await tx
      .update(candidatoCvs)
      .set({ isDefault: true })
      .where(and(eq(candidatoCvs.id, id), eq(candidatoCvs.userId, user.id)));
  });
  return listMyCvs(ctx, user);
}

/**
 * Forgets a saved CV. Applications sent with it keep their copy (the file stays while an
 * application refers to it). If it was the default, the newest remaining one becomes the default.
 */
export async function deleteCv(ctx: AppContext, user: SessionUser, id: number): Promise<SavedCvView[]> {
  const row = await ownCv(ctx.db, user, id);
  const stillUsed = await ctx.db.transaction(async (tx) => {
    await tx.delete(candidatoCvs).where(and(eq(candidatoCvs.id, id), eq(candidatoCvs.userId, user.id)));
    if (row.isDefault) {
      const [next] = await tx
        .select({ id: candidatoCvs.id })
        .from(candidatoCvs)
        .where(eq(candidatoCvs.userId, user.id))
        .orderBy(desc(candidatoCvs.createdAt), desc(candidatoCvs.id))
        .limit(1);
      if (next) await tx.update(candidatoCvs).set({ isDefault: true }).where(eq(candidatoCvs.id, next.id));
    }
    const [used] = await tx.select({ id: candidaturas.id }).from(candidaturas).where(eq(candidaturas.cvKey, row.fileKey)).limit(1);
    return Boolean(used);
  });
  if (!stillUsed) await ctx.storage.remove(row.fileKey).catch(() => {});
  return listMyCvs(ctx, user);
}

/** The file of a saved CV, for its owner only. */
export async function getSavedCvFile(ctx: AppContext, user: SessionUser, id: number) {
  const row = await ownCv(ctx.db, user, id);
  const file = await ctx.storage.read(row.fileKey);
  return { bytes: file.bytes, mime: file.mime, filename: row.nombre };
}

/** Inside an application's transaction: a newly uploaded CV becomes a saved one if there is room. */
export async function keepUploadedCv(tx: Db, userId: number, file: Blob, key: string): Promise<void> {
  await tx.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
  const rows = await tx.select({ isDefault: candidatoCvs.isDefault }).from(candidatoCvs).where(eq(candidatoCvs.userId, userId));
  if (rows.length >= MAX_SAVED_CVS) return;
  const kind = (key.split(".").pop() ?? "pdf") as FileKind;
  await tx
    .insert(candidatoCvs)
    .values({ userId, nombre: cvDisplayName(file, kind), fileKey: key, isDefault: !rows.some((r) => r.isDefault) });
}
