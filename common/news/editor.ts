import { z } from "zod";

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
    .transform((value) =>
      [
        ...new Set(
          value
            .split(",")
            .map((tag) => tag.trim().toLowerCase())
            .filter(Boolean),
        ),
      ].slice(0, 10),
    ),
  imagen_alt: z.string().trim().max(250, { error: "El texto alternativo no puede superar 250 caracteres." }).default(""),
  imagen_pie: z.string().trim().max(250, { error: "El pie de foto no puede superar 250 caracteres." }).default(""),
  destacada: z.preprocess((v) => v === "on" || v === "true" || v === true || v === "1", z.boolean()),
  status: z.enum(["borrador", "programada", "publicada"], { error: "Elige cómo guardarla." }),
  /** Required when scheduling: the moment it goes public (Europe/Madrid when given without zone). */
  publicada_en: z.string().trim().max(40).default(""),
});

export type NoticiaEditData = z.output<typeof noticiaEditSchema>;
