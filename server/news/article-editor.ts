import type { z } from "zod";
import type { NewsStatus } from "#common/news/vocabulary";
import { slugify } from "#common/slug";
import { fieldErrorsOf } from "#common/validation";
import { assertCan, type SessionUser } from "#server/accounts";
import type { AppContext } from "#server/context";
import type { Db } from "#server/db/client";
import { firstOrThrow } from "#server/db/first-or-throw";
import { recordAudit } from "#server/platform/audit";
import { AppError, validationError } from "#server/platform/errors";
import { checkArticleForm, storeArticleImage } from "./article-form";
import { afterArticleSave, verbOf } from "./editorial-workflow";

type Ctx = Pick<AppContext, "db" | "storage" | "config" | "pageCache">;
type FieldErrors = Record<string, string[]>;

/** The editor's fields every article has (news items and tribunas). */
type ArticleInput = {
  titulo: string;
  entradilla: string;
  cuerpo_html: string;
  autor_id: number | null;
  imagen_alt: string;
  imagen_pie: string;
  status: NewsStatus;
  publicada_en: string;
};
type ArticleRow = { id: number; status: NewsStatus; publicadaEn: Date | null; imagen: string | null };

/** The columns saveArticle fills the same way for every kind; a kind adds its own (`values`). */
export type SharedArticleValues = {
  titulo: string;
  entradilla: string;
  cuerpoHtml: string;
  cuerpoTexto: string;
  imagenAlt: string | null;
  imagenPie: string | null;
  status: NewsStatus;
  publicadaEn: Date | null;
  updatedBy: number;
  updatedAt: Date;
};

/**
 * What one kind of article (noticia, tribuna) brings to the shared save: its schema, its own checks
 * and columns, and its table's typed read and write. The rest (parsing, the checks both make, the
 * image, the transaction with its audit entry, cache invalidation) is saveArticle's.
 */
export type ArticleEditor<Input extends ArticleInput, Row extends ArticleRow, Values> = {
  subject: "noticia" | "tribuna";
  notFound: string;
  folder: "noticias" | "tribunas";
  schema: z.ZodType<Input>;
  /** Field errors only this kind checks. */
  check?: (ctx: Pick<AppContext, "db">, input: Input) => Promise<FieldErrors>;
  values: (input: Input, shared: SharedArticleValues & { slug: string }, imageKey: string | null) => Values;
  load: (db: Db, id: number) => Promise<Row | undefined>;
  /** Inserts (existing null) or updates the row, returning it. */
  write: (tx: Db, existing: Row | null, values: Values, createdBy: number) => Promise<Row[]>;
  /** The audited view of a row: what an editor changes, without the (long) body. */
  auditView: (row: Row) => Record<string, unknown>;
};

/**
 * Creates (id null) or updates an article from the editor's form: body sanitised, image checked by
 * its content (alt text required), state and time validated, all in one transaction with its audit
 * entry. A new image replaces the previous one.
 */
export async function saveArticle<Input extends ArticleInput, Row extends ArticleRow, Values>(
  ctx: Ctx,
  editorOf: ArticleEditor<Input, Row, Values>,
  actor: SessionUser | null,
  id: number | null,
  raw: unknown,
  image: Blob | null,
): Promise<Row> {
  const editor = assertCan(actor, "content");
  const parsed = editorOf.schema.safeParse(raw);
  if (!parsed.success) throw validationError(fieldErrorsOf(parsed.error), "Revisa los campos marcados.");
  const input = parsed.data;
  const existing = id === null ? null : ((await editorOf.load(ctx.db, id)) ?? null);
  if (id !== null && !existing) throw new AppError("NOT_FOUND", editorOf.notFound);
  const { errors, html, text, hasImage, publicadaEn } = await checkArticleForm(ctx, input, existing, image, editorOf.subject);
  Object.assign(errors, await editorOf.check?.(ctx, input));
  if (Object.keys(errors).length) throw validationError(errors, "Revisa los campos marcados.");
  const stored = await storeArticleImage(ctx, image, editorOf.folder);

  const values = editorOf.values(
    input,
    {
      titulo: input.titulo,
      slug: slugify(input.titulo) || editorOf.subject,
      entradilla: input.entradilla,
      cuerpoHtml: html,
      cuerpoTexto: text,
      imagenAlt: hasImage ? input.imagen_alt : null,
      imagenPie: hasImage ? input.imagen_pie || null : null,
      status: input.status,
      publicadaEn,
      updatedBy: editor.id,
      updatedAt: new Date(),
    },
    stored?.key ?? null,
  );
  const saved = await ctx.db.transaction(async (tx) => {
    const row = firstOrThrow(await editorOf.write(tx, existing, values, editor.id), `${editorOf.subject} save`);
    await recordAudit(tx, {
      actor: editor,
      action: `${editorOf.subject}.${verbOf(existing?.status ?? null, row.status)}`,
      subjectType: editorOf.subject,
      subjectId: row.id,
      before: existing ? editorOf.auditView(existing) : null,
      after: editorOf.auditView(row),
    });
    return row;
  });
  await afterArticleSave(ctx, existing, saved, stored?.key ?? null);
  return saved;
}

/** An article as the editor opens it. */
export async function getArticleForEdit<Row extends ArticleRow>(
  ctx: Pick<AppContext, "db">,
  editorOf: Pick<ArticleEditor<ArticleInput, Row, unknown>, "load" | "notFound">,
  actor: SessionUser | null,
  id: number,
): Promise<Row> {
  assertCan(actor, "content");
  const row = await editorOf.load(ctx.db, id);
  if (!row) throw new AppError("NOT_FOUND", editorOf.notFound);
  return row;
}
