import { eq } from "drizzle-orm";
import { type TribunaEditData, tribunaEditSchema } from "#common/news/editor";
import type { SessionUser } from "#server/accounts";
import { assertCan } from "#server/accounts";
import type { AppContext } from "#server/context";
import { tribunas } from "#server/db/schema";
import { type ArticleEditor, getArticleForEdit, type SharedArticleValues, saveArticle } from "./article-editor";
import {
  type EditorListQuery,
  editorListFilter,
  editorListLimit,
  editorListOrder,
  editorListPage,
  TRIBUNA,
  unpublishArticle,
} from "./editorial-workflow";

type Ctx = Pick<AppContext, "db" | "storage" | "config" | "pageCache">;
export type TribunaRecord = typeof tribunas.$inferSelect;

const auditView = (row: TribunaRecord) => ({
  titulo: row.titulo,
  entradilla: row.entradilla,
  autor_id: row.autorId,
  imagen: row.imagen,
  imagen_alt: row.imagenAlt,
  status: row.status,
  publicada_en: row.publicadaEn?.toISOString() ?? null,
  cuerpo_caracteres: row.cuerpoTexto.length,
});

/** The tribuna editor: an author is required (its schema), and there is no taxonomy. */
const TRIBUNA_EDITOR: ArticleEditor<TribunaEditData, TribunaRecord, TribunaValues> = {
  subject: "tribuna",
  notFound: "Tribuna no encontrada.",
  folder: "tribunas",
  schema: tribunaEditSchema,
  values: (input, shared, imageKey) => ({ ...shared, autorId: input.autor_id, ...(imageKey ? { imagen: imageKey } : {}) }),
  load: async (db, id) => (await db.select().from(tribunas).where(eq(tribunas.id, id)))[0],
  write: (tx, existing, values, createdBy) =>
    existing
      ? tx.update(tribunas).set(values).where(eq(tribunas.id, existing.id)).returning()
      : tx
          .insert(tribunas)
          .values({ ...values, createdBy })
          .returning(),
  auditView,
};
type TribunaValues = SharedArticleValues & { slug: string; autorId: number; imagen?: string };

/** Creates (id null) or updates a tribuna from the editor's form (saveArticle). */
export const saveTribuna = (ctx: Ctx, actor: SessionUser | null, id: number | null, raw: unknown, image: Blob | null = null) =>
  saveArticle(ctx, TRIBUNA_EDITOR, actor, id, raw, image);

/** Back to draft: off the site at once (confirmed in the UI). */
export const unpublishTribuna = (ctx: Pick<AppContext, "db" | "pageCache">, actor: SessionUser | null, id: number) =>
  unpublishArticle<TribunaRecord>(ctx, actor, TRIBUNA, id, auditView);

export const getTribunaForEdit = (ctx: Pick<AppContext, "db">, actor: SessionUser | null, id: number) =>
  getArticleForEdit(ctx, TRIBUNA_EDITOR, actor, id);

/** The newsroom's tribunas table: every state, by title and state, keyset by id. */
export async function listTribunasForEditors(ctx: Pick<AppContext, "db">, actor: SessionUser | null, query: EditorListQuery = {}) {
  assertCan(actor, "content");
  const limit = editorListLimit(query);
  const rows = await ctx.db
    .select({
      id: tribunas.id,
      titulo: tribunas.titulo,
      slug: tribunas.slug,
      status: tribunas.status,
      autorId: tribunas.autorId,
      publicadaEn: tribunas.publicadaEn,
    })
    .from(tribunas)
    .where(editorListFilter(tribunas, query))
    .orderBy(...editorListOrder(tribunas))
    .limit(limit + 1);
  return editorListPage(rows, limit);
}
