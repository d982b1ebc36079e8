import type { NewsStatus } from "#common/news/vocabulary";
import { slugify } from "#common/slug";
import type { Db } from "#server/db/client";
import { firstOrThrow } from "#server/db/first-or-throw";
import { newsAreas, newsAuthors, newsCategories, noticias, tribunas } from "#server/db/schema";
import { htmlToText, sanitizeArticleHtml } from "./html";

/** Builders of the news area's rows, shared by the demo seed and the tests. */

let sequence = 0;
const unique = () => `${Date.now().toString(36)}${(++sequence).toString(36)}`;

type TaxonInput = { id?: number; nombre?: string; slug?: string; descripcion?: string; orden?: number };

/** Areas and categories have the same columns: one builder for both. */
async function insertTaxon(db: Db, table: typeof newsAreas | typeof newsCategories, defaultName: string, input: TaxonInput) {
  const nombre = input.nombre ?? `${defaultName} ${unique()}`;
  const values = {
    ...(input.id ? { id: input.id } : {}),
    nombre,
    slug: input.slug ?? slugify(nombre),
    descripcion: input.descripcion ?? "",
    orden: input.orden ?? 0,
  };
  return firstOrThrow(await db.insert(table).values(values).returning(), `${defaultName} insert`);
}

export const createNewsArea = (db: Db, input: TaxonInput = {}) => insertTaxon(db, newsAreas, "Área", input);

export const createNewsCategory = (db: Db, input: TaxonInput = {}) => insertTaxon(db, newsCategories, "Categoría", input);

export async function createNewsAuthor(
  db: Db,
  input: { nombre?: string; cargo?: string; empresa?: string; bio?: string; foto?: string | null } = {},
) {
  return firstOrThrow(
    await db
      .insert(newsAuthors)
      .values({
        nombre: input.nombre ?? "Redacción",
        cargo: input.cargo ?? "",
        empresa: input.empresa ?? "",
        bio: input.bio ?? "",
        foto: input.foto ?? null,
      })
      .returning(),
    "author insert",
  );
}

export type CreateNoticiaInput = {
  titulo?: string;
  entradilla?: string;
  cuerpoHtml?: string;
  areaId: number;
  categoryId: number;
  autorId?: number | null;
  etiquetas?: string[];
  status?: NewsStatus;
  publicadaEn?: Date | null;
  imagen?: { key: string; mini: string; alt: string; pie?: string | null } | null;
  destacada?: boolean;
};

export async function createNoticia(db: Db, input: CreateNoticiaInput) {
  const titulo = input.titulo ?? `Noticia de prueba ${unique()}`;
  const html = sanitizeArticleHtml(input.cuerpoHtml ?? "<p>Cuerpo de la noticia.</p>");
  const status = input.status ?? "publicada";
  const publicadaEn = input.publicadaEn === undefined ? (status === "borrador" ? null : new Date()) : input.publicadaEn;
  return firstOrThrow(
    await db
      .insert(noticias)
      .values({
        titulo,
        slug: slugify(titulo),
        entradilla: input.entradilla ?? "Entradilla de la noticia.",
        cuerpoHtml: html,
        cuerpoTexto: htmlToText(html),
        areaId: input.areaId,
        categoryId: input.categoryId,
        autorId: input.autorId ?? null,
        etiquetas: input.etiquetas ?? [],
        status,
        publicadaEn,
        // Back-dated demo items were not edited after they were published.
        ...(publicadaEn && publicadaEn < new Date() ? { createdAt: publicadaEn, updatedAt: publicadaEn } : {}),
        imagen: input.imagen?.key ?? null,
        imagenMini: input.imagen?.mini ?? null,
        imagenAlt: input.imagen?.alt ?? null,
        imagenPie: input.imagen?.pie ?? null,
        destacada: input.destacada ? 1 : 0,
      })
      .returning(),
    "noticia insert",
  );
}

export async function createTribuna(
  db: Db,
  input: {
    titulo?: string;
    entradilla?: string;
    cuerpoHtml?: string;
    autorId: number | null;
    status?: NewsStatus;
    publicadaEn?: Date | null;
  },
) {
  const titulo = input.titulo ?? `Tribuna de prueba ${unique()}`;
  const html = sanitizeArticleHtml(input.cuerpoHtml ?? "<p>Texto de la tribuna.</p>");
  const status = input.status ?? "publicada";
  const publicadaEn = input.publicadaEn === undefined ? (status === "borrador" ? null : new Date()) : input.publicadaEn;
  return firstOrThrow(
    await db
      .insert(tribunas)
      .values({
        titulo,
        slug: slugify(titulo),
        entradilla: input.entradilla ?? "Entradilla de la tribuna.",
        cuerpoHtml: html,
        cuerpoTexto: htmlToText(html),
        autorId: input.autorId,
        status,
        publicadaEn,
        // Back-dated demo items were not edited after they were published.
        ...(publicadaEn && publicadaEn < new Date() ? { createdAt: publicadaEn, updatedAt: publicadaEn } : {}),
      })
      .returning(),
    "tribuna insert",
  );
}
