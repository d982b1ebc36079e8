import { and, desc, eq, lte, type SQL, sql } from "drizzle-orm";
import { NEWS_PAGE_SIZE } from "#common/news/vocabulary";
import { can, type SessionUser } from "#server/accounts";
import type { AppContext } from "#server/context";
import { newsAuthors, noticias } from "#server/db/schema";
import { CURSOR_KEYS, decodeCursor, encodeCursor } from "#server/platform/cursor";
import { AppError } from "#server/platform/errors";
import { editNews } from "./policy";
import { type NoticiaRow, noticiaColumns, publicNoticiaSql, toNoticiaDetail, toNoticiaSummary } from "./queries";
import { loadTaxonomy } from "./taxonomy";
import type { NewsPage, NewsSearchPage, NoticiaDetail, NoticiaSummary } from "./types";

type Ctx = Pick<AppContext, "db">;
const notFound = () => new AppError("NOT_FOUND", "Noticia no encontrada.");

function clampLimit(limit: number | undefined): number {
  return Math.min(Math.max(limit ?? NEWS_PAGE_SIZE, 1), 50);
}

/** Newest first, optionally of one area or category, keyset-paginated by (publicada_en, id). */
export async function listNews(
  ctx: Ctx,
  filter: { areaId?: number; categoryId?: number; cursor?: string; limit?: number; excludeId?: number } = {},
): Promise<NewsPage> {
  const limit = clampLimit(filter.limit);
  const conditions: SQL[] = [publicNoticiaSql];
  if (filter.areaId !== undefined) conditions.push(eq(noticias.areaId, filter.areaId));
  if (filter.categoryId !== undefined) conditions.push(eq(noticias.categoryId, filter.categoryId));
  if (filter.excludeId !== undefined) conditions.push(sql`${noticias.id} <> ${filter.excludeId}`);
  if (filter.cursor) {
    const c = decodeCursor(filter.cursor, { key: CURSOR_KEYS.timestamp });
    conditions.push(sql`(${noticias.publicadaEn}, ${noticias.id}) < (${c.k}::timestamptz, ${c.i})`);
  }
  const [taxonomy, rows] = await Promise.all([
    loadTaxonomy(ctx.db),
    ctx.db
      .select(noticiaColumns)
      .from(noticias)
      .leftJoin(newsAuthors, eq(newsAuthors.id, noticias.autorId))
      .where(and(...conditions))
      .orderBy(desc(noticias.publicadaEn), desc(noticias.id))
      .limit(limit + 1),
  ]);
  const items = rows.slice(0, limit).map((row) => toNoticiaSummary(row as NoticiaRow, taxonomy));
  const last = rows.length > limit ? items.at(-1) : undefined;
  return { items, next_cursor: last ? encodeCursor({ k: last.publicada_en, i: last.id }) : null };
}

const tsQuery = (q: string) => sql`websearch_to_tsquery('es_unaccent', ${q})`;
// Rounded so that the value carried in a cursor compares exactly on both drivers.
const rankSql = (q: string) => sql<string>`round(ts_rank(${noticias.search}, ${tsQuery(q)})::numeric, 6)`;

/**
 * Spanish full-text search, accent- and case-insensitive (es_unaccent), best matches first and,
 * among equals, the newest.
 */
export async function searchNews(ctx: Ctx, input: { q: string; cursor?: string; limit?: number }): Promise<NewsSearchPage> {
  const q = input.q.trim().slice(0, 200);
  if (!q) return { items: [], next_cursor: null, total: 0 };
  const limit = clampLimit(input.limit);
  const rank = rankSql(q);
  const match = sql`${noticias.search} @@ ${tsQuery(q)}`;
  const conditions: SQL[] = [publicNoticiaSql, match];
  if (input.cursor) {
    const c = decodeCursor(input.cursor, { key: CURSOR_KEYS.decimal });
    conditions.push(sql`(${rank}, ${noticias.id}) < (${c.k}::numeric, ${c.i})`);
  }
  const [taxonomy, rows, [count]] = await Promise.all([
    loadTaxonomy(ctx.db),
    ctx.db
      .select({ ...noticiaColumns, rank })
      .from(noticias)
      .leftJoin(newsAuthors, eq(newsAuthors.id, noticias.autorId))
      .where(and(...conditions))
      .orderBy(desc(rank), desc(noticias.id))
      .limit(limit + 1),
    ctx.db.select({ total: sql<number>`count(*)::int` }).from(noticias).where(and(publicNoticiaSql, match)),
  ]);
  const page = rows.slice(0, limit);
  const items = page.map((row) => toNoticiaSummary(row as unknown as NoticiaRow, taxonomy));
  const last = rows.length > limit ? page.at(-1) : undefined;
  return {
    items,
    total: Number(count?.total ?? 0),
    next_cursor: last ? encodeCursor({ k: String(Number(last.rank)), i: last.id }) : null,
  };
}

/**
 * One news item. The public sees it once published; editors also see drafts and scheduled items
 * (the preview, exactly as readers will see it).
 */
export async function getNoticia(ctx: Ctx, id: number, viewer: SessionUser | null): Promise<NoticiaDetail> {
  const preview = can(viewer, editNews);
  const [taxonomy, [row]] = await Promise.all([
    loadTaxonomy(ctx.db),
    ctx.db
      .select({ ...noticiaColumns, cuerpoHtml: noticias.cuerpoHtml, visible: sql<boolean>`${publicNoticiaSql}` })
      .from(noticias)
      .leftJoin(newsAuthors, eq(newsAuthors.id, noticias.autorId))
      .where(eq(noticias.id, id)),
  ]);
  if (!row || (!row.visible && !preview)) throw notFound();
  const detail = toNoticiaDetail(row as NoticiaRow & { cuerpoHtml: string }, taxonomy);
  return row.visible ? { ...detail, status: "publicada" } : detail;
}

/** Up to four other public items: those sharing tags first, then the same area, newest first. */
export async function listRelatedNews(ctx: Ctx, noticia: Pick<NoticiaDetail, "id" | "area" | "etiquetas">): Promise<NoticiaSummary[]> {
  const tags = noticia.etiquetas.length ? noticia.etiquetas : [""];
  const tagArray = sql`ARRAY[${sql.join(
    tags.map((tag) => sql`${tag.toLowerCase()}`),
    sql`, `,
  )}]::text[]`;
  // Tags keep the editor's capitals («AEMPS»); they match whatever the case.
  const shared = sql`cardinality(array(select lower(t) from unnest(${noticias.etiquetas}) as t intersect select unnest(${tagArray})))`;
  const [taxonomy, rows] = await Promise.all([
    loadTaxonomy(ctx.db),
    ctx.db
      .select(noticiaColumns)
      .from(noticias)
      .leftJoin(newsAuthors, eq(newsAuthors.id, noticias.autorId))
      .where(and(publicNoticiaSql, sql`${noticias.id} <> ${noticia.id}`, sql`(${noticias.areaId} = ${noticia.area.id} OR ${shared} > 0)`))
      .orderBy(desc(shared), desc(noticias.publicadaEn), desc(noticias.id))
      .limit(4),
  ]);
  return rows.map((row) => toNoticiaSummary(row as NoticiaRow, taxonomy));
}

/** The index: the main story, the latest, and the newest three of every area. */
export async function getNewsHome(ctx: Ctx) {
  const ranked = ctx.db
    .select({
      id: noticias.id,
      n: sql<number>`row_number() over (partition by ${noticias.areaId} order by ${noticias.publicadaEn} desc, ${noticias.id} desc)`.as(
        "n",
      ),
    })
    .from(noticias)
    .where(publicNoticiaSql)
    .as("ranked");
  const [taxonomy, latest, perArea] = await Promise.all([
    loadTaxonomy(ctx.db),
    listNews(ctx, { limit: 13 }),
    ctx.db
      .select(noticiaColumns)
      .from(noticias)
      .innerJoin(ranked, eq(ranked.id, noticias.id))
      .leftJoin(newsAuthors, eq(newsAuthors.id, noticias.autorId))
      .where(lte(ranked.n, 3))
      .orderBy(desc(noticias.publicadaEn), desc(noticias.id)),
  ]);
  // The main story: the newest item the newsroom marked as such among the latest, else the newest with an image.
  const main = latest.items.find((item) => item.destacada) ?? latest.items.find((item) => item.imagen) ?? latest.items[0] ?? null;
  const byArea = taxonomy.areas
    .map((area) => ({
      area,
      items: perArea.filter((row) => row.areaId === area.id).map((row) => toNoticiaSummary(row as NoticiaRow, taxonomy)),
    }))
    .filter((group) => group.items.length > 0);
  return {
    main,
    latest: latest.items.filter((item) => item.id !== main?.id).slice(0, 12),
    more_cursor: latest.next_cursor,
    byArea,
    areas: taxonomy.areas,
    categories: taxonomy.categories,
  };
}
