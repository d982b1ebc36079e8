import { desc, eq } from "drizzle-orm";
import { type TribunaEditData, tribunaEditSchema } from "#common/news/editor";
import { slugify } from "#common/slug";
import { fieldErrorsOf } from "#common/validation";
import type { SessionUser } from "#server/accounts";
import { assertCan } from "#server/accounts";
import type { AppContext } from "#server/context";
import { firstOrThrow } from "#server/db/first-or-throw";
import { tribunas } from "#server/db/schema";
import { recordAudit } from "#server/platform/audit";
import { AppError, validationError } from "#server/platform/errors";
import { checkArticleForm, storeArticleImage } from "./article-form";
import {
  afterArticleSave,
  type EditorListQuery,
  editorListFilter,
  editorListLimit,
  editorListPage,
  TRIBUNA,
  unpublishArticle,
  verbOf,
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

/** Creates (id null) or updates a tribuna from the editor's form, like saveNoticia does for news. */
export async function saveTribuna(ctx: Ctx, actor: SessionUser | null, id: number | null, raw: unknown, image: Blob | null = null) {
  const editor = assertCan(actor, "content");
  const parsed = tribunaEditSchema.safeParse(raw);
  if (!parsed.success) throw validationError(fieldErrorsOf(parsed.error), "Revisa los campos marcados.");
  const input: TribunaEditData = parsed.data;
  const existing = id === null ? null : ((await ctx.db.select().from(tribunas).where(eq(tribunas.id, id)))[0] ?? null);
  if (id !== null && !existing) throw new AppError("NOT_FOUND", "Tribuna no encontrada.");
  const { errors, html, text, hasImage, publicadaEn } = await checkArticleForm(ctx, input, existing, image, "tribuna");
  if (Object.keys(errors).length) throw validationError(errors, "Revisa los campos marcados.");
  const stored = await storeArticleImage(ctx, image, "tribunas");
  const values = {
    titulo: input.titulo,
    slug: slugify(input.titulo) || "tribuna",
    entradilla: input.entradilla,
    cuerpoHtml: html,
    cuerpoTexto: text,
    autorId: input.autor_id,
    imagenAlt: hasImage ? input.imagen_alt : null,
    imagenPie: hasImage ? input.imagen_pie || null : null,
    status: input.status,
    publicadaEn,
    updatedBy: editor.id,
    updatedAt: new Date(),
    ...(stored ? { imagen: stored.key } : {}),
  };
  const saved = await ctx.db.transaction(async (tx) => {
    const row = firstOrThrow(
      existing
        ? await tx.update(tribunas).set(values).where(eq(tribunas.id, existing.id)).returning()
        : await tx
            .insert(tribunas)
            .values({ ...values, createdBy: editor.id })
            .returning(),
      "tribuna save",
    );
    await recordAudit(tx, {
      actor: editor,
      action: `tribuna.${verbOf(existing?.status ?? null, row.status)}`,
      subjectType: "tribuna",
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
export const unpublishTribuna = (ctx: Pick<AppContext, "db" | "pageCache">, actor: SessionUser | null, id: number) =>
  unpublishArticle<TribunaRecord>(ctx, actor, TRIBUNA, id, auditView);

export async function getTribunaForEdit(ctx: Pick<AppContext, "db">, actor: SessionUser | null, id: number): Promise<TribunaRecord> {
  assertCan(actor, "content");
  const [row] = await ctx.db.select().from(tribunas).where(eq(tribunas.id, id));
  if (!row) throw new AppError("NOT_FOUND", "Tribuna no encontrada.");
  return row;
}

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
    .orderBy(desc(tribunas.id))
    .limit(limit + 1);
  return editorListPage(rows, limit);
}
