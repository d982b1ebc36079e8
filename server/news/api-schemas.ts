import { z } from "@hono/zod-openapi";
import { NEWS_STATUSES } from "#common/news/vocabulary";

// Response shapes of /api/noticias and /api/tribunas (snake_case). ./types derives the services' types
// from them (z.infer): pages and the API share one shape, so there is nothing to map.

const Taxon = z.object({ id: z.number().int(), slug: z.string(), nombre: z.string(), url: z.string() });
export const AuthorSchema = z
  .object({
    id: z.number().int(),
    nombre: z.string(),
    cargo: z.string(),
    empresa: z.string(),
    foto_url: z.string().nullable(),
    url: z.string().openapi({ description: "Página pública del autor", example: "/app/noticias/autor/3-lucia-martin" }),
  })
  .openapi("AutorNoticias");

export const NewsImageSchema = z.object({ url: z.string(), thumb_url: z.string(), alt: z.string(), pie: z.string().nullable() });

export const NoticiaSummarySchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    titulo: z.string(),
    entradilla: z.string(),
    url: z.string().openapi({ example: "/app/noticias/12-la-produccion-farmaceutica-crece" }),
    imagen: NewsImageSchema.nullable(),
    area: Taxon,
    categoria: Taxon,
    autor: AuthorSchema.nullable(),
    etiquetas: z.array(z.string()),
    destacada: z.boolean().openapi({ description: "Marcada por la redacción como noticia principal de la portada" }),
    publicada_en: z.string().openapi({ format: "date-time" }),
    actualizada_en: z.string().openapi({ format: "date-time" }),
  })
  .openapi("NoticiaResumen");

export const NoticiaDetailSchema = NoticiaSummarySchema.extend({ cuerpo_html: z.string(), status: z.enum(NEWS_STATUSES) }).openapi(
  "Noticia",
);

export const NewsPageSchema = z
  .object({ items: z.array(NoticiaSummarySchema), next_cursor: z.string().nullable(), total: z.number().int().optional() })
  .openapi("NoticiasPagina");

export const NewsQuerySchema = z.object({
  q: z.string().max(200).optional().openapi({ description: "Búsqueda (sin importar tildes ni mayúsculas)" }),
  area: z.string().max(80).optional().openapi({ description: "Slug del área" }),
  categoria: z.string().max(80).optional().openapi({ description: "Slug de la categoría" }),
  cursor: z.string().max(400).optional(),
  limit: z.coerce.number().int().min(1).max(50).optional(),
});

export const TribunaSummarySchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    titulo: z.string(),
    entradilla: z.string(),
    url: z.string(),
    autor: AuthorSchema.nullable(),
    publicada_en: z.string().openapi({ format: "date-time" }),
  })
  .openapi("TribunaResumen");

export const TribunaDetailSchema = TribunaSummarySchema.extend({
  cuerpo_html: z.string(),
  actualizada_en: z.string(),
  status: z.enum(NEWS_STATUSES),
  // The column's own illustration, when it has one (thumb_url is the same image).
  imagen: NewsImageSchema.nullable(),
}).openapi("Tribuna");

export const TribunaQuerySchema = z.object({
  autor: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
