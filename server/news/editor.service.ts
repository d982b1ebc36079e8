import { desc, eq } from "drizzle-orm";
import { type NoticiaEditData, noticiaEditSchema } from "#common/news/editor";
import { slugify } from "#common/slug";
import { fieldErrorsOf } from "#common/validation";
import type { SessionUser } from "#server/accounts";
import { assertCan } from "#server/accounts";
import type { AppContext } from "#server/context";
import { firstOrThrow } from "#server/db/first-or-throw";
import { newsAuthors, noticias } from "#server/db/schema";
import { recordAudit } from "#server/platform/audit";
import { AppError, validationError } from "#server/platform/errors";
import { checkArticleForm, storeArticleImage } from "./article-form";
import {
  afterArticleSave,
  type EditorListQuery,
  editorListFilter,
  editorListLimit,
  editorListPage,
  NOTICIA,
  unpublishArticle,
  verbOf,
} from "./editorial-workflow";
import { loadTaxonomy } from "./taxonomy";

type Ctx = Pick<AppContext, "db" | "storage" | "config" | "pageCache">;
export type NoticiaRecord = typeof noticias.$inferSelect;

/** The audited view of an item: what an editor changes, without the (long) body. */
const auditView = (row: NoticiaRecord) => ({
  titulo: row.titulo,
  entradilla: row.entradilla,
  area_id: row.areaId,
  category_id: row.categoryId,
  autor_id: row.autorId,
  etiquetas: row.etiquetas,
  imagen: row.imagen,
  imagen_alt: row.imagenAlt,
  status: row.status,
  publicada_en: row.publicadaEn?.toISOString() ?? null,
  destacada: row.destacada === 1,
  cuerpo_caracteres: row.cuerpoTexto.length,
});

/**
 * Creates (id null) or updates a news item from the editor's form: body sanitised, image checked
 * by its content (alt text required), state and time validated, all in one transaction with its
 * audit entry. A new image replaces the previous one.
 */
export async function saveNoticia(
  ctx: Ctx,
  actor: SessionUser | null,
  id: number | null,
  raw: unknown,
  image: Blob | null = null,
): Promise<NoticiaRecord> {
  const editor = assertCan(actor, "content");
  const parsed = noticiaEditSchema.safeParse(raw);
  if (!parsed.success) throw validationError(fieldErrorsOf(parsed.error), "Revisa los campos marcados.");
  const input: NoticiaEditData = parsed.data;
  const existing = id === null ? null : ((await ctx.db.select().from(noticias).where(eq(noticias.id, id)))[0] ?? null);
  if (id !== null && !existing) throw new AppError("NOT_FOUND", "Noticia no encontrada.");
  const { errors, html, text, hasImage, publicadaEn } = await checkArticleForm(ctx, input, existing, image, "noticia");
  const taxonomy = await loadTaxonomy(ctx.db);
  if (!taxonomy.areaById.has(input.area_id)) errors.area_id = ["Elige un área."];
  if (!taxonomy.categoryById.has(input.category_id)) errors.category_id = ["Elige una categoría."];
  if (Object.keys(errors).length) throw validationError(errors, "Revisa los campos marcados.");
  const stored = await storeArticleImage(ctx, image, "noticias");

  const values = {
    titulo: input.titulo,
    slug: slugify(input.titulo) || "noticia",
    entradilla: input.entradilla,
    cuerpoHtml: html,
    cuerpoTexto: text,
    areaId: input.area_id,
    categoryId: input.category_id,
    autorId: input.autor_id,
    etiquetas: input.etiquetas,
    imagenAlt: hasImage ? input.imagen_alt : null,
    imagenPie: hasImage ? input.imagen_pie || null : null,
    destacada: input.destacada ? 1 : 0,
    status: input.status,
    publicadaEn,
    updatedBy: editor.id,
    updatedAt: new Date(),
    ...(stored ? { imagen: stored.key, imagenMini: stored.key } : {}),
  };
  const saved = await ctx.db.transaction(async (tx) => {
    const row = firstOrThrow(
      existing
        ? await tx.update(noticias).set(values).where(eq(noticias.id, existing.id)).returning()
        : await tx
            .insert(noticias)
            .values({ ...values, createdBy: editor.id })
            .returning(),
      "noticia save",
    );
    await recordAudit(tx, {
      actor: editor,
      action: `noticia.${verbOf(existing?.status ?? null, row.status)}`,
      subjectType: "noticia",
      subjectId: row.id,
      before: existing ? auditView(existing) : null,
      after: auditView(row),
    });
    return row;
  });
  await afterArticleSave(ctx, existing, saved, stored?.key ?? null);
  return saved;
}

/** Back to draft: off the site at once (confirmed in the UI). */
export const unpublishNoticia = (ctx: Pick<AppContext, "db" | "pageCache">, actor: SessionUser | null, id: number) =>
  unpublishArticle<NoticiaRecord>(ctx, actor, NOTICIA, id, auditView);

export async function getNoticiaForEdit(ctx: Pick<AppContext, "db">, actor: SessionUser | null, id: number): Promise<NoticiaRecord> {
  assertCan(actor, "content");
  const [row] = await ctx.db.select().from(noticias).where(eq(noticias.id, id));
  if (!row) throw new AppError("NOT_FOUND", "Noticia no encontrada.");
  return row;
}

/** The newsroom's table: every state, newest change first, by title and state, keyset by id. */
export async function listNoticiasForEditors(ctx: Pick<AppContext, "db">, actor: SessionUser | null, query: EditorListQuery = {}) {
  assertCan(actor, "content");
  const limit = editorListLimit(query);
  const rows = await ctx.db
    .select({
      id: noticias.id,
      titulo: noticias.titulo,
      slug: noticias.slug,
      status: noticias.status,
      areaId: noticias.areaId,
      publicadaEn: noticias.publicadaEn,
      updatedAt: noticias.updatedAt,
    })
    .from(noticias)
    .where(editorListFilter(noticias, query))
    .orderBy(desc(noticias.id))
    .limit(limit + 1);
  return editorListPage(rows, limit);
}

export async function listNewsAuthors(ctx: Pick<AppContext, "db">) {
  return ctx.db.select({ id: newsAuthors.id, nombre: newsAuthors.nombre }).from(newsAuthors).orderBy(newsAuthors.nombre);
}
