import { eq } from "drizzle-orm";
import { type NoticiaEditData, noticiaEditSchema } from "#common/news/editor";
import type { SessionUser } from "#server/accounts";
import { assertCan } from "#server/accounts";
import type { AppContext } from "#server/context";
import { newsAuthors, noticias } from "#server/db/schema";
import { type ArticleEditor, getArticleForEdit, type SharedArticleValues, saveArticle } from "./article-editor";
import {
  type EditorListQuery,
  editorListFilter,
  editorListLimit,
  editorListOrder,
  editorListPage,
  NOTICIA,
  unpublishArticle,
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

/** The news editor: its area and category must exist; a new image also becomes the card's miniature. */
const NOTICIA_EDITOR: ArticleEditor<NoticiaEditData, NoticiaRecord, NoticiaValues> = {
  subject: "noticia",
  notFound: "Noticia no encontrada.",
  folder: "noticias",
  schema: noticiaEditSchema,
  async check(ctx, input) {
    const errors: Record<string, string[]> = {};
    const taxonomy = await loadTaxonomy(ctx.db);
    if (!taxonomy.areaById.has(input.area_id)) errors.area_id = ["Elige un área."];
    if (!taxonomy.categoryById.has(input.category_id)) errors.category_id = ["Elige una categoría."];
    return errors;
  },
  values: (input, shared, imageKey) => ({
    ...shared,
    areaId: input.area_id,
    categoryId: input.category_id,
    autorId: input.autor_id,
    etiquetas: input.etiquetas,
    destacada: input.destacada ? 1 : 0,
    ...(imageKey ? { imagen: imageKey, imagenMini: imageKey } : {}),
  }),
  load: async (db, id) => (await db.select().from(noticias).where(eq(noticias.id, id)))[0],
  write: (tx, existing, values, createdBy) =>
    existing
      ? tx.update(noticias).set(values).where(eq(noticias.id, existing.id)).returning()
      : tx
          .insert(noticias)
          .values({ ...values, createdBy })
          .returning(),
  auditView,
};
type NoticiaValues = SharedArticleValues & {
  slug: string;
  areaId: number;
  categoryId: number;
  autorId: number | null;
  etiquetas: string[];
  destacada: number;
};

/** Creates (id null) or updates a news item from the editor's form (saveArticle). */
export const saveNoticia = (ctx: Ctx, actor: SessionUser | null, id: number | null, raw: unknown, image: Blob | null = null) =>
  saveArticle(ctx, NOTICIA_EDITOR, actor, id, raw, image);

/** Back to draft: off the site at once (confirmed in the UI). */
export const unpublishNoticia = (ctx: Pick<AppContext, "db" | "pageCache">, actor: SessionUser | null, id: number) =>
  unpublishArticle<NoticiaRecord>(ctx, actor, NOTICIA, id, auditView);

export const getNoticiaForEdit = (ctx: Pick<AppContext, "db">, actor: SessionUser | null, id: number) =>
  getArticleForEdit(ctx, NOTICIA_EDITOR, actor, id);

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
    .orderBy(...editorListOrder(noticias))
    .limit(limit + 1);
  return editorListPage(rows, limit);
}

export async function listNewsAuthors(ctx: Pick<AppContext, "db">) {
  return ctx.db.select({ id: newsAuthors.id, nombre: newsAuthors.nombre }).from(newsAuthors).orderBy(newsAuthors.nombre);
}
