import { z } from "#common/zod";
import "#common/validation";

/** Promotion kinds (product brief: samples, discount, material, event, training). */
export const PROMOTION_KINDS = ["muestras", "descuento", "material", "evento", "formacion"] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

export const PROMOTION_KIND_LABELS: Record<PromotionKind, string> = {
  muestras: "Muestras",
  descuento: "Descuento",
  material: "Material",
  evento: "Evento",
  formacion: "Formación",
};

/**
 * Stored states. `caducada` is also what every query reports for an `activa` promotion past its end
 * date, before the scheduled job writes it; `retirada` is a moderator's take-down.
 */
export const PROMOTION_STATUSES = ["borrador", "activa", "caducada", "retirada"] as const;
export type PromotionStatus = (typeof PROMOTION_STATUSES)[number];

export const PROMOTION_STATUS_LABELS: Record<PromotionStatus, string> = {
  borrador: "Borrador",
  activa: "Activa",
  caducada: "Caducada",
  retirada: "Retirada por moderación",
};

export const PROMOTION_LIMITS = {
  titleMax: 120,
  descriptionMax: 4000,
  conditionsMax: 2000,
  reasonMax: 500,
  imageMaxBytes: 5 * 1024 * 1024,
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};
const calendarDate = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((value) => ISO_DATE.test(value) && isRealDate(value), { error: message });

/**
 * A promotion as the form and the API send it. Dates are calendar days in the user's time zone
 * (decision 0025): the promotion runs from the start of `fecha_inicio` to the end of `fecha_fin`.
 */
export const promotionInputSchema = z
  .object({
    tipo: z.enum(PROMOTION_KINDS, { error: "Elige el tipo de promoción." }),
    titulo: z
      .string({ error: "Escribe un título." })
      .trim()
      .min(3, { error: "El título debe tener al menos 3 caracteres." })
      .max(PROMOTION_LIMITS.titleMax, { error: `Máximo ${PROMOTION_LIMITS.titleMax} caracteres.` }),
    descripcion: z
      .string({ error: "Describe la promoción." })
      .trim()
      .min(10, { error: "La descripción debe tener al menos 10 caracteres." })
      .max(PROMOTION_LIMITS.descriptionMax, { error: `Máximo ${PROMOTION_LIMITS.descriptionMax} caracteres.` }),
    condiciones: z
      .string()
      .trim()
      .max(PROMOTION_LIMITS.conditionsMax, { error: `Máximo ${PROMOTION_LIMITS.conditionsMax} caracteres.` })
      .default(""),
    fecha_inicio: calendarDate("Indica una fecha de inicio válida."),
    fecha_fin: calendarDate("Indica una fecha de fin válida."),
  })
  .refine((value) => value.fecha_fin >= value.fecha_inicio, {
    path: ["fecha_fin"],
    error: "La fecha de fin no puede ser anterior a la de inicio.",
  });
export type PromotionInput = z.infer<typeof promotionInputSchema>;

export const promotionTakedownSchema = z.object({
  motivo: z
    .string({ error: "Indica el motivo." })
    .trim()
    .min(3, { error: "Indica el motivo." })
    .max(PROMOTION_LIMITS.reasonMax, { error: `Máximo ${PROMOTION_LIMITS.reasonMax} caracteres.` }),
});
