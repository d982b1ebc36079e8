import { and, asc, eq, ne, sql } from "drizzle-orm";
import { authorEditSchema, taxonEditSchema } from "#common/news/editor";
import { slugify } from "#common/slug";
import { fieldErrorsOf } from "#common/validation";
import type { SessionUser } from "#server/accounts";
import { assertCan } from "#server/accounts";
import type { AppContext } from "#server/context";
import { firstOrThrow } from "#server/db/first-or-throw";
import { newsAreas, newsAuthors, newsCategories, noticias, tribunas } from "#server/db/schema";
import { recordAudit } from "#server/platform/audit";
import { AppError, validationError } from "#server/platform/errors";
import { invalidateTaxonomy } from "./taxonomy";

type Ctx = Pick<AppContext, "db" | "pageCache">;
export type TaxonKind = "area" | "categoria";

const tableOf = (kind: TaxonKind) => (kind === "area" ? newsAreas : newsCategories);
const usageOf = (kind: TaxonKind) => (kind === "area" ? noticias.areaId : noticias.categoryId);
const NOUN: Record<TaxonKind, { one: string; the: string }> = {
  area: { one: "un área", the: "El área" },
  categoria: { one: "una categoría", the: "La categoría" },
};

/** Areas or categories with how many news items each has (the newsroom's table). */
export async function listTaxa(ctx: Pick<AppContext, "db">, actor: SessionUser | null, kind: TaxonKind) {
  assertCan(actor, "content");
  const table = tableOf(kind);
  return ctx.db
    .select({
      id: table.id,
      slug: table.slug,
      nombre: table.nombre,
      descripcion: table.descripcion,
      orden: table.orden,
      noticias: sql<number>`(select count(*)::int from ${noticias} where ${usageOf(kind)} = ${table.id})`,
    })
    .from(table)
    .orderBy(asc(table.orden), asc(table.nombre));
}

/** Creates (id null) or renames an area or category; its slug follows the name and stays unique. */
export async function saveTaxon(ctx: Ctx, actor: SessionUser | null, kind: TaxonKind, id: number | null, raw: unknown) {
  const editor = assertCan(actor, "content");
  const parsed = taxonEditSchema.safeParse(raw);
  if (!parsed.success) throw validationError(fieldErrorsOf(parsed.error), "Revisa los campos marcados.");
  const input = parsed.data;
  const slug = slugify(input.nombre);
  if (!slug) throw validationError({ nombre: ["Escribe un nombre con letras o números."] });
  const table = tableOf(kind);
  const saved = await ctx.db.transaction(async (tx) => {
    const [clash] = await tx
      .select({ id: table.id })
      .from(table)
      .where(id === null ? eq(table.slug, slug) : and(eq(table.slug, slug), ne(table.id, id)));
    if (clash) throw validationError({ nombre: [`Ya hay ${NOUN[kind].one} con ese nombre.`] });
    const before = id === null ? null : ((await tx.select().from(table).where(eq(table.id, id)).for("update"))[0] ?? null);
    if (id !== null && !before) throw new AppError("NOT_FOUND", `${NOUN[kind].the} no existe.`);
    const values = { slug, nombre: input.nombre, descripcion: input.descripcion, orden: input.orden, updatedAt: new Date() };
    const row = firstOrThrow(
      before
        ? await tx.update(table).set(values).where(eq(table.id, before.id)).returning()
        : await tx.insert(table).values(values).returning(),
      "taxon save",
    );
    const view = (r: typeof row) => ({ nombre: r.nombre, slug: r.slug, descripcion: r.descripcion, orden: r.orden });
    await recordAudit(tx, {
      actor: editor,
      action: `${kind}.${before ? "update" : "create"}`,
      subjectType: kind,
      subjectId: row.id,
      before: before ? view(before) : null,
      after: view(row),
    });
    return row;
  });
  invalidateTaxonomy(ctx.db);
  await ctx.pageCache.invalidate("news");
  return saved;
}

/** Deletes an area or category that no news item uses (their pages would lose their section). */
export async function deleteTaxon(ctx: Ctx, actor: SessionUser | null, kind: TaxonKind, id: number) {
  const editor = assertCan(actor, "content");
  const table = tableOf(kind);
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(table).where(eq(table.id, id)).for("update");
    if (!before) throw new AppError("NOT_FOUND", `${NOUN[kind].the} no existe.`);
    const [{ used } = { used: 0 }] = await tx
      .select({ used: sql<number>`count(*)::int` })
      .from(noticias)
      .where(eq(usageOf(kind), id));
    if (Number(used) > 0) {
      throw new AppError("CONFLICT", `${NOUN[kind].the} «${before.nombre}» tiene ${used} noticias: muévelas antes de borrarla.`);
    }
    await tx.delete(table).where(eq(table.id, id));
    await recordAudit(tx, {
      actor: editor,
      action: `${kind}.delete`,
      subjectType: kind,
      subjectId: id,
      before: { nombre: before.nombre, slug: before.slug },
      after: null,
    });
  });
  invalidateTaxonomy(ctx.db);
  await ctx.pageCache.invalidate("news");
}

/** Authors with how many news items and tribunas they sign. */
export async function listAuthorsForEditors(ctx: Pick<AppContext, "db">, actor: SessionUser | null) {
  assertCan(actor, "content");
  return ctx.db
    .select({
      id: newsAuthors.id,
      nombre: newsAuthors.nombre,
      cargo: newsAuthors.cargo,
      empresa: newsAuthors.empresa,
      bio: newsAuthors.bio,
      foto: newsAuthors.foto,
      noticias: sql<number>`(select count(*)::int from ${noticias} where ${noticias.autorId} = ${newsAuthors.id})`,
      tribunas: sql<number>`(select count(*)::int from ${tribunas} where ${tribunas.autorId} = ${newsAuthors.id})`,
    })
    .from(newsAuthors)
    .orderBy(asc(newsAuthors.nombre));
}

const authorView = (row: typeof newsAuthors.$inferSelect) => ({
  nombre: row.nombre,
  cargo: row.cargo,
  empresa: row.empresa,
  bio_caracteres: row.bio.length,
  foto: row.foto,
});

/** Creates (id null) or edits an author; a new photo (checked by content, re-encoded) replaces the old. */
export async function saveAuthor(
  ctx: Ctx & Pick<AppContext, "storage">,
  actor: SessionUser | null,
  id: number | null,
  raw: unknown,
  foto: Blob | null = null,
) {
  const editor = assertCan(actor, "content");
  const parsed = authorEditSchema.safeParse(raw);
  if (!parsed.success) throw validationError(fieldErrorsOf(parsed.error), "Revisa los campos marcados.");
  const before = id === null ? null : ((await ctx.db.select().from(newsAuthors).where(eq(newsAuthors.id, id)))[0] ?? null);
  if (id !== null && !before) throw new AppError("NOT_FOUND", "El autor no existe.");
  const stored =
    foto && foto.size > 0
      ? await ctx.storage.save("autores", foto, { allowed: ["jpeg", "png", "webp"], maxBytes: 5 * 1024 * 1024, label: "foto" })
      : null;
  const values = { ...parsed.data, updatedAt: new Date(), ...(stored ? { foto: stored.key } : {}) };
  const saved = await ctx.db.transaction(async (tx) => {
    const row = firstOrThrow(
      before
        ? await tx.update(newsAuthors).set(values).where(eq(newsAuthors.id, before.id)).returning()
        : await tx.insert(newsAuthors).values(values).returning(),
      "author save",
    );
    await recordAudit(tx, {
      actor: editor,
      action: `autor.${before ? "update" : "create"}`,
      subjectType: "autor",
      subjectId: row.id,
      before: before ? authorView(before) : null,
      after: authorView(row),
    });
    return row;
  });
  if (stored && before?.foto && before.foto !== stored.key) await ctx.storage.remove(before.foto).catch(() => undefined);
  await ctx.pageCache.invalidate("news");
  return saved;
}

/** Deletes an author who signs nothing (a byline never disappears from published work). */
export async function deleteAuthor(ctx: Ctx & Pick<AppContext, "storage">, actor: SessionUser | null, id: number) {
  const editor = assertCan(actor, "content");
  const removed = await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(newsAuthors).where(eq(newsAuthors.id, id)).for("update");
    if (!before) throw new AppError("NOT_FOUND", "El autor no existe.");
    const [counts] = await tx
      .select({
        noticias: sql<number>`(select count(*)::int from ${noticias} where ${noticias.autorId} = ${id})`,
        tribunas: sql<number>`(select count(*)::int from ${tribunas} where ${tribunas.autorId} = ${id})`,
      })
      .from(sql`(select 1) as one`);
    if (counts && (Number(counts.noticias) > 0 || Number(counts.tribunas) > 0)) {
      throw new AppError(
        "CONFLICT",
        `${before.nombre} firma ${counts.noticias} noticias y ${counts.tribunas} tribunas: asígnalas a otro autor antes de borrarlo.`,
      );
    }
    await tx.delete(newsAuthors).where(eq(newsAuthors.id, id));
    await recordAudit(tx, {
      actor: editor,
      action: "autor.delete",
      subjectType: "autor",
      subjectId: id,
      before: authorView(before),
      after: null,
    });
    return before;
  });
  if (removed.foto) await ctx.storage.remove(removed.foto).catch(() => undefined);
}
