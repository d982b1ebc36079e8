import type { NewsStatus } from "#common/news/vocabulary";

/** API and page shapes of the news area (snake_case, like every API payload). */
export type NewsImage = { url: string; thumb_url: string; alt: string; pie: string | null };
export type NewsAuthorView = { id: number; nombre: string; cargo: string; empresa: string; foto_url: string | null };
export type TaxonView = { id: number; slug: string; nombre: string; url: string };

export type NoticiaSummary = {
  id: number;
  slug: string;
  titulo: string;
  entradilla: string;
  url: string;
  imagen: NewsImage | null;
  area: TaxonView;
  categoria: TaxonView;
  autor: NewsAuthorView | null;
  etiquetas: string[];
  /** Marked by the newsroom as the index's main story. */
  destacada: boolean;
  publicada_en: string;
  actualizada_en: string;
};

export type NoticiaDetail = NoticiaSummary & { cuerpo_html: string; status: NewsStatus };

export type NewsPage = { items: NoticiaSummary[]; next_cursor: string | null };
export type NewsSearchPage = NewsPage & { total: number };

export type TribunaSummary = {
  id: number;
  slug: string;
  titulo: string;
  entradilla: string;
  url: string;
  autor: NewsAuthorView | null;
  publicada_en: string;
};
export type TribunaDetail = TribunaSummary & {
  cuerpo_html: string;
  actualizada_en: string;
  status: NewsStatus;
  /** The column's own illustration, when it has one (thumb_url is the same image). */
  imagen: NewsImage | null;
};
