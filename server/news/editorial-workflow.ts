import { and, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { NewsStatus } from "#common/news/vocabulary";
import type { SessionUser } from "#server/accounts";
import { assertCan } from "#server/accounts";
import type { AppContext } from "#server/context";
import { noticias, tribunas } from "#server/db/schema";
import { recordAudit } from "#server/platform/audit";
import { AppError } from "#server/platform/errors";

/**
 * What news items and tribunas share in the newsroom: the audit verb of a change, unpublishing, the
 * editors' table and what a save leaves to clean up. Both tables have the same editorial columns.
 */
type ArticleTable = typeof noticias | typeof tribunas;
type ArticleKind = { table: ArticleTable; subject: "noticia" | "tribuna"; notFound: string };

export const NOTICIA: ArticleKind = { table: noticias, subject: "noticia", notFound: "Noticia no encontrada." };
export const TRIBUNA: ArticleKind = { table: tribunas, subject: "tribuna", notFound: "Tribuna no encontrada." };

/** The audit action's verb for a save that moved an article from `before` (null: new) to `after`. */
export function verbOf(before: NewsStatus | null, after: NewsStatus): string {
  if (before === null) return "create";
  if (before === after) return "update";
  return after === "publicada" ? "publish" : after === "programada" ? "schedule" : "unpublish";
}

/** Back to draft: off the site at once (confirmed in the UI), audited with the before and after views. */
export async function unpublishArticle<Row extends { status: NewsStatus }>(
  ctx: Pick<AppContext, "db" | "pageCache">,
  actor: SessionUser | null,
  kind: ArticleKind,
  id: number,
  auditView: (row: Row) => Record<string, unknown>,
): Promise<Row> {
  const editor = assertCan(actor, "content");
  const { table } = kind;
  const unpublished = await ctx.db.transaction(async (tx) => {
    const [before] = (await tx.select().from(table).where(eq(table.id, id)).for("update")) as Row[];
    if (!before) throw new AppError("NOT_FOUND", kind.notFound);
    const [after] = (await tx
      .update(table)
      .set({ status: "borrador", publicadaEn: null, updatedAt: new Date(), updatedBy: editor.id })
      .where(eq(table.id, id))
      .returning()) as Row[];
    if (!after) throw new AppError("NOT_FOUND", kind.notFound);
    await recordAudit(tx, {
      actor: editor,
      action: `${kind.subject}.unpublish`,
      subjectType: kind.subject,
      subjectId: id,
      before: auditView(before),
      after: auditView(after),
    });
    return after;
  });
  await ctx.pageCache.invalidate("news");
  return unpublished;
}

export type EditorListQuery = { q?: string; status?: NewsStatus; before?: number; limit?: number };

/**
 * The editors' table runs newest first by publication (scheduled ones at the top, then published,
 * drafts by when they were started), not by id: the seed and imports insert old items last.
 */
const editorSortKey = (table: ArticleTable) => sql`coalesce(${table.publicadaEn}, ${table.createdAt})`;
export const editorListOrder = (table: ArticleTable) => [desc(editorSortKey(table)), desc(table.id)];

/**
 * The editors' table filter: by state, by words in the title or standfirst, keyset after the row
 * `before` (an id, so the page links stay what they were) in the table's order.
 */
export function editorListFilter(table: ArticleTable, query: EditorListQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(table.status, query.status));
  if (query.before)
    conditions.push(
      sql`(${editorSortKey(table)}, ${table.id}) < (SELECT coalesce(b.publicada_en, b.created_at), b.id FROM ${table} b WHERE b.id = ${query.before})`,
    );
  const q = query.q?.trim();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const match = or(ilike(table.titulo, like), ilike(table.entradilla, like));
    if (match) conditions.push(match);
  }
  return conditions.length ? and(...conditions) : undefined;
}

export const editorListLimit = (query: EditorListQuery) => Math.min(Math.max(query.limit ?? 25, 1), 100);

/** One page of the editors' table from `limit + 1` rows: the extra row says there is a next page. */
export function editorListPage<Row extends { id: number }>(rows: Row[], limit: number) {
  const items = rows.slice(0, limit);
  return { items, nextBefore: rows.length > limit ? (items.at(-1)?.id ?? null) : null };
}

/**
 * After a save: a replaced image's file goes, and public pages are invalidated unless a draft stayed
 * a draft (drafts appear on no public page).
 */
export async function afterArticleSave(
  ctx: Pick<AppContext, "storage" | "pageCache">,
  existing: { imagen: string | null; status: NewsStatus } | null,
  saved: { status: NewsStatus },
  storedImageKey: string | null,
) {
  if (storedImageKey && existing?.imagen && existing.imagen !== storedImageKey)
    await ctx.storage.remove(existing.imagen).catch(() => undefined);
  if (existing?.status !== "borrador" || saved.status !== "borrador") await ctx.pageCache.invalidate("news");
}
