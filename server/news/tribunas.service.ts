import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { can, type SessionUser } from "#server/accounts";
import type { AppContext } from "#server/context";
import { newsAuthors, tribunas } from "#server/db/schema";
import { AppError } from "#server/platform/errors";
import { editNews } from "./policy";
import { mediaUrl, publicTribunaSql, type TribunaRow, toTribunaDetail, toTribunaSummary, tribunaColumns } from "./queries";
import type { TribunaDetail, TribunaSummary } from "./types";

type Ctx = Pick<AppContext, "db">;

/** Published tribunas, newest first; optionally one author's, without one column. */
export async function listTribunas(
  ctx: Ctx,
  filter: { autorId?: number; excludeId?: number; limit?: number } = {},
): Promise<TribunaSummary[]> {
  const conditions: SQL[] = [publicTribunaSql];
  if (filter.autorId !== undefined) conditions.push(eq(tribunas.autorId, filter.autorId));
  if (filter.excludeId !== undefined) conditions.push(sql`${tribunas.id} <> ${filter.excludeId}`);
  const rows = await ctx.db
    .select(tribunaColumns)
    .from(tribunas)
    .leftJoin(newsAuthors, eq(newsAuthors.id, tribunas.autorId))
    .where(and(...conditions))
    .orderBy(desc(tribunas.publicadaEn), desc(tribunas.id))
    .limit(Math.min(Math.max(filter.limit ?? 20, 1), 100));
  return rows.map((row) => toTribunaSummary(row as TribunaRow));
}

/** One column: public once published; editors also see drafts and scheduled ones. */
export async function getTribuna(ctx: Ctx, id: number, viewer: SessionUser | null): Promise<TribunaDetail> {
  const [row] = await ctx.db
    .select({
      ...tribunaColumns,
      cuerpoHtml: tribunas.cuerpoHtml,
      imagen: tribunas.imagen,
      imagenAlt: tribunas.imagenAlt,
      imagenPie: tribunas.imagenPie,
      visible: sql<boolean>`${publicTribunaSql}`,
    })
    .from(tribunas)
    .leftJoin(newsAuthors, eq(newsAuthors.id, tribunas.autorId))
    .where(eq(tribunas.id, id));
  if (!row || (!row.visible && !can(viewer, editNews))) throw new AppError("NOT_FOUND", "Tribuna no encontrada.");
  const detail = {
    ...toTribunaDetail(row as TribunaRow & { cuerpoHtml: string }),
    imagen: row.imagen
      ? { url: mediaUrl(row.imagen), thumb_url: mediaUrl(row.imagen), alt: row.imagenAlt ?? "", pie: row.imagenPie }
      : null,
  };
  return row.visible ? { ...detail, status: "publicada" } : detail;
}
