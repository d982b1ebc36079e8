import { sql } from "drizzle-orm";
import { pathTo } from "#common/route-names";
import { slugify } from "#common/slug";
import { newsAuthors, noticias, tribunas } from "#server/db/schema";
import type { Taxonomy } from "./taxonomy";
import type { NewsAuthorView, NewsImage, NoticiaDetail, NoticiaSummary, TribunaDetail, TribunaSummary } from "./types";

/**
 * Public = published, or scheduled and due: a scheduled item is visible from its time on even
 * before the scheduler has marked it published, so readers never wait for the next pass.
 */
export const publicNoticiaSql = sql`(${noticias.status} <> 'borrador' AND ${noticias.publicadaEn} <= now())`;
export const publicTribunaSql = sql`(${tribunas.status} <> 'borrador' AND ${tribunas.publicadaEn} <= now())`;

/** Media the news area serves (storage folders): main images, their thumbnails, authors' photos. */
export const MEDIA_FOLDERS = ["noticias", "autores", "tribunas"] as const;

export const mediaUrl = (key: string) => `/media/${key}`;

export const authorColumns = {
  autorId: newsAuthors.id,
  autorNombre: newsAuthors.nombre,
  autorCargo: newsAuthors.cargo,
  autorEmpresa: newsAuthors.empresa,
  autorFoto: newsAuthors.foto,
};

export const noticiaColumns = {
  id: noticias.id,
  slug: noticias.slug,
  titulo: noticias.titulo,
  entradilla: noticias.entradilla,
  imagen: noticias.imagen,
  imagenMini: noticias.imagenMini,
  imagenAlt: noticias.imagenAlt,
  imagenPie: noticias.imagenPie,
  areaId: noticias.areaId,
  categoryId: noticias.categoryId,
  etiquetas: noticias.etiquetas,
  destacada: noticias.destacada,
  status: noticias.status,
  publicadaEn: noticias.publicadaEn,
  updatedAt: noticias.updatedAt,
  ...authorColumns,
};

type AuthorRow = {
  autorId: number | null;
  autorNombre: string | null;
  autorCargo: string | null;
  autorEmpresa: string | null;
  autorFoto: string | null;
};
export type NoticiaRow = AuthorRow & {
  id: number;
  slug: string;
  titulo: string;
  entradilla: string;
  imagen: string | null;
  imagenMini: string | null;
  imagenAlt: string | null;
  imagenPie: string | null;
  areaId: number;
  categoryId: number;
  etiquetas: string[];
  destacada: number;
  status: NoticiaDetail["status"];
  publicadaEn: Date | null;
  updatedAt: Date;
};

export const noticiaUrl = (id: number, slug: string) => pathTo("noticia-contenido", { id: `${id}-${slug}` });
export const tribunaUrl = (id: number, slug: string) => pathTo("tribuna", { id: `${id}-${slug}` });

/** An author's public page: "{id}-{name}", the id decides (a renamed author keeps old links). */
export const authorUrl = (id: number, nombre: string) => pathTo("noticias-autor", { id: `${id}-${slugify(nombre, 80) || "autor"}` });

export function toAuthor(row: AuthorRow): NewsAuthorView | null {
  if (row.autorId === null || row.autorNombre === null) return null;
  return {
    id: row.autorId,
    nombre: row.autorNombre,
    cargo: row.autorCargo ?? "",
    empresa: row.autorEmpresa ?? "",
    foto_url: row.autorFoto ? mediaUrl(row.autorFoto) : null,
    url: authorUrl(row.autorId, row.autorNombre),
  };
}

function toImage(row: Pick<NoticiaRow, "imagen" | "imagenMini" | "imagenAlt" | "imagenPie">): NewsImage | null {
  if (!row.imagen) return null;
  return { url: mediaUrl(row.imagen), thumb_url: mediaUrl(row.imagenMini ?? row.imagen), alt: row.imagenAlt ?? "", pie: row.imagenPie };
}

const UNKNOWN = { id: 0, slug: "", nombre: "", url: "" };
const taxon = (t: { id: number; slug: string; nombre: string; url: string } | undefined) =>
  t ? { id: t.id, slug: t.slug, nombre: t.nombre, url: t.url } : UNKNOWN;

export function toNoticiaSummary(row: NoticiaRow, taxonomy: Taxonomy): NoticiaSummary {
  const published = row.publicadaEn ?? row.updatedAt;
  return {
    id: row.id,
    slug: row.slug,
    titulo: row.titulo,
    entradilla: row.entradilla,
    url: noticiaUrl(row.id, row.slug),
    imagen: toImage(row),
    area: taxon(taxonomy.areaById.get(row.areaId)),
    categoria: taxon(taxonomy.categoryById.get(row.categoryId)),
    autor: toAuthor(row),
    etiquetas: row.etiquetas,
    destacada: row.destacada === 1,
    publicada_en: published.toISOString(),
    actualizada_en: new Date(Math.max(row.updatedAt.getTime(), published.getTime())).toISOString(),
  };
}

export function toNoticiaDetail(row: NoticiaRow & { cuerpoHtml: string }, taxonomy: Taxonomy): NoticiaDetail {
  return { ...toNoticiaSummary(row, taxonomy), cuerpo_html: row.cuerpoHtml, status: row.status };
}

export const tribunaColumns = {
  id: tribunas.id,
  slug: tribunas.slug,
  titulo: tribunas.titulo,
  entradilla: tribunas.entradilla,
  status: tribunas.status,
  publicadaEn: tribunas.publicadaEn,
  updatedAt: tribunas.updatedAt,
  ...authorColumns,
};

export type TribunaRow = AuthorRow & {
  id: number;
  slug: string;
  titulo: string;
  entradilla: string;
  status: TribunaDetail["status"];
  publicadaEn: Date | null;
  updatedAt: Date;
};

export function toTribunaSummary(row: TribunaRow): TribunaSummary {
  return {
    id: row.id,
    slug: row.slug,
    titulo: row.titulo,
    entradilla: row.entradilla,
    url: tribunaUrl(row.id, row.slug),
    autor: toAuthor(row),
    publicada_en: (row.publicadaEn ?? row.updatedAt).toISOString(),
  };
}

export function toTribunaDetail(row: TribunaRow & { cuerpoHtml: string }): Omit<TribunaDetail, "imagen"> {
  const published = row.publicadaEn ?? row.updatedAt;
  return {
    ...toTribunaSummary(row),
    cuerpo_html: row.cuerpoHtml,
    status: row.status,
    actualizada_en: new Date(Math.max(row.updatedAt.getTime(), published.getTime())).toISOString(),
  };
}
