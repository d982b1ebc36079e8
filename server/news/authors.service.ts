import { and, eq, sql } from "drizzle-orm";
import { NEWS_PAGE_SIZE } from "#common/news/vocabulary";
import type { AppContext } from "#server/context";
import { newsAuthors, noticias, tribunas } from "#server/db/schema";
import { CURSOR_KEYS, cursorOrNull, encodeCursor } from "#server/platform/cursor";
import { AppError } from "#server/platform/errors";
import { authorUrl, mediaUrl, noticiaUrl, publicNoticiaSql, publicTribunaSql, tribunaUrl } from "./queries";

type Ctx = Pick<AppContext, "db">;
type ItemRow = {
  kind: "noticia" | "tribuna";
  id: number;
  slug: string;
  titulo: string;
  entradilla: string;
  publicada_en: string | Date;
  seq: string;
};

/** One line of an author's list: a news item or a column, newest first. */
type AuthorItem = {
  kind: "noticia" | "tribuna";
  id: number;
  titulo: string;
  entradilla: string;
  url: string;
  publicada_en: string;
};

type NewsAuthorPage = {
  author: { id: number; nombre: string; cargo: string; empresa: string; bio: string; foto_url: string | null; url: string };
  items: AuthorItem[];
  next_cursor: string | null;
};

/**
 * An author's public page: who they are and what they signed, news items and tribunas in one list,
 * newest first, keyset-paginated. The two tables' ids collide, so the order's tie-breaker is
 * `id * 2` for news and `id * 2 + 1` for tribunas: unique, and what the cursor carries. An author
 * with nothing published has no page (404), so an unused byline is not a thin indexable page.
 * A cursor that is not one of this list starts it again (a page never fails on a stale link).
 */
export async function getNewsAuthorPage(ctx: Ctx, id: number, input: { cursor?: string; limit?: number } = {}): Promise<NewsAuthorPage> {
  const limit = Math.min(Math.max(input.limit ?? NEWS_PAGE_SIZE, 1), 50);
  const cursor = input.cursor ? cursorOrNull(input.cursor, { key: CURSOR_KEYS.timestamp }) : null;
  const after = cursor ? sql`where (t.publicada_en, t.seq) < (${cursor.k}::timestamptz, ${cursor.i})` : sql``;
  const [authorRows, itemRows] = await Promise.all([
    ctx.db.select().from(newsAuthors).where(eq(newsAuthors.id, id)),
    ctx.db.execute(sql`
      select * from (
        select 'noticia' as kind, ${noticias.id} as id, ${noticias.slug} as slug, ${noticias.titulo} as titulo,
               ${noticias.entradilla} as entradilla, ${noticias.publicadaEn} as publicada_en, ${noticias.id}::bigint * 2 as seq
          from ${noticias} where ${and(eq(noticias.autorId, id), publicNoticiaSql)}
        union all
        select 'tribuna', ${tribunas.id}, ${tribunas.slug}, ${tribunas.titulo}, ${tribunas.entradilla}, ${tribunas.publicadaEn},
               ${tribunas.id}::bigint * 2 + 1
          from ${tribunas} where ${and(eq(tribunas.autorId, id), publicTribunaSql)}
      ) t ${after}
      order by t.publicada_en desc, t.seq desc
      limit ${limit + 1}`) as unknown as Promise<{ rows: ItemRow[] }>,
  ]);
  const author = authorRows[0];
  const rows = itemRows.rows;
  if (!author || (rows.length === 0 && !cursor)) throw new AppError("NOT_FOUND", "Autor no encontrado.");
  const page = rows.slice(0, limit);
  const items = page.map((row) => ({
    kind: row.kind,
    id: Number(row.id),
    titulo: row.titulo,
    entradilla: row.entradilla,
    url: row.kind === "noticia" ? noticiaUrl(Number(row.id), row.slug) : tribunaUrl(Number(row.id), row.slug),
    publicada_en: new Date(row.publicada_en).toISOString(),
  }));
  const last = rows.length > limit ? page.at(-1) : undefined;
  return {
    author: {
      id: author.id,
      nombre: author.nombre,
      cargo: author.cargo,
      empresa: author.empresa,
      bio: author.bio,
      foto_url: author.foto ? mediaUrl(author.foto) : null,
      url: authorUrl(author.id, author.nombre),
    },
    items,
    next_cursor: last ? encodeCursor({ k: new Date(last.publicada_en).toISOString(), i: Number(last.seq) }) : null,
  };
}

/** Authors with something public, for the sitemap: their page and when they last published. */
export async function listPublicAuthors(ctx: Ctx): Promise<Array<{ url: string; lastmod: string }>> {
  const { rows } = (await ctx.db.execute(sql`
    select a.id, a.nombre, max(t.publicada_en) as lastmod from ${newsAuthors} a
      join (
        select ${noticias.autorId} as autor_id, ${noticias.publicadaEn} as publicada_en from ${noticias} where ${publicNoticiaSql}
        union all
        select ${tribunas.autorId}, ${tribunas.publicadaEn} from ${tribunas} where ${publicTribunaSql}
      ) t on t.autor_id = a.id
     group by a.id, a.nombre
     order by max(t.publicada_en) desc, a.id`)) as unknown as { rows: Array<{ id: number; nombre: string; lastmod: string | Date }> };
  return rows.map((row) => ({ url: authorUrl(Number(row.id), row.nombre), lastmod: new Date(row.lastmod).toISOString() }));
}
