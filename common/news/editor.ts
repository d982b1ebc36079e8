import { z } from "#common/zod";

/** The editor's form for a news item (back office). Dates are ISO strings or datetime-local values. */
export const noticiaEditSchema = z.object({
  titulo: z
    .string()
    .trim()
    .min(10, { error: "El título debe tener al menos 10 caracteres." })
    .max(200, { error: "El título no puede superar 200 caracteres." }),
  entradilla: z
    .string()
    .trim()
    .min(20, { error: "La entradilla debe tener al menos 20 caracteres." })
    .max(400, { error: "La entradilla no puede superar 400 caracteres." }),
  cuerpo_html: z.string().max(200_000, { error: "El texto es demasiado largo." }),
  area_id: z.coerce.number({ error: "Elige un área." }).int().positive({ error: "Elige un área." }),
  category_id: z.coerce.number({ error: "Elige una categoría." }).int().positive({ error: "Elige una categoría." }),
  autor_id: z.preprocess((v) => (v === "" || v === null || v === undefined ? null : v), z.coerce.number().int().positive().nullable()),
  etiquetas: z
    .string()
    .max(400, { error: "Demasiadas etiquetas." })
    .transform((value) => uniqueTags(value.split(",")).slice(0, 10)),
  imagen_alt: z.string().trim().max(250, { error: "El texto alternativo no puede superar 250 caracteres." }).default(""),
  imagen_pie: z.string().trim().max(250, { error: "El pie de foto no puede superar 250 caracteres." }).default(""),
  destacada: z.preprocess((v) => v === "on" || v === "true" || v === true || v === "1", z.boolean()),
  status: z.enum(["borrador", "programada", "publicada"], { error: "Elige cómo guardarla." }),
  /** Required when scheduling: the moment it goes public (Europe/Madrid when given without zone). */
  publicada_en: z.string().trim().max(40).default(""),
});

/** Tags as the editor wrote them («AEMPS» stays «AEMPS»), without repeats whatever their case. */
export function uniqueTags(raw: string[]): string[] {
  const seen = new Map<string, string>();
  for (const tag of raw.map((t) => t.trim()).filter(Boolean)) if (!seen.has(tag.toLowerCase())) seen.set(tag.toLowerCase(), tag);
  return [...seen.values()];
}

export type NoticiaEditData = z.output<typeof noticiaEditSchema>;

/** The editor's form for a tribuna: an opinion column always has a named author. */
export const tribunaEditSchema = noticiaEditSchema
  .pick({ titulo: true, entradilla: true, cuerpo_html: true, imagen_alt: true, imagen_pie: true, status: true, publicada_en: true })
  .extend({
    autor_id: z.coerce.number({ error: "Elige el autor de la tribuna." }).int().positive({ error: "Elige el autor de la tribuna." }),
  });
export type TribunaEditData = z.output<typeof tribunaEditSchema>;

/** An area or a category of the news (back office). */
export const taxonEditSchema = z.object({
  nombre: z
    .string()
    .trim()
    .min(2, { error: "El nombre debe tener al menos 2 caracteres." })
    .max(80, { error: "El nombre no puede superar 80 caracteres." }),
  descripcion: z.string().trim().max(300, { error: "La descripción no puede superar 300 caracteres." }).default(""),
  orden: z.coerce
    .number({ error: "El orden es un número entre 0 y 999." })
    .int({ error: "El orden es un número entero." })
    .min(0, { error: "El orden es un número entre 0 y 999." })
    .max(999, { error: "El orden es un número entre 0 y 999." })
    .default(0),
});

/** A byline of news and tribunas (back office); the photo comes as a file beside the form. */
export const authorEditSchema = z.object({
  nombre: z
    .string()
    .trim()
    .min(3, { error: "El nombre debe tener al menos 3 caracteres." })
    .max(120, { error: "El nombre no puede superar 120 caracteres." }),
  cargo: z.string().trim().max(120, { error: "El cargo no puede superar 120 caracteres." }).default(""),
  empresa: z.string().trim().max(120, { error: "La empresa no puede superar 120 caracteres." }).default(""),
  bio: z.string().trim().max(1000, { error: "La biografía no puede superar 1.000 caracteres." }).default(""),
});
