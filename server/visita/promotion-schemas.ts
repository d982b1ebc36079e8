import { z } from "@hono/zod-openapi";
import { PROMOTION_KINDS, PROMOTION_STATUSES } from "#common/visita/promotions";
import { nullableRef } from "#server/platform/openapi";

// Response shapes of /api/visita/promociones (snake_case, decision 0013).

const PromotionProduct = z.object({
  id: z.number().int(),
  nombre: z.string(),
  url: z.string(),
  requiere_receta: z.boolean(),
  laboratorio: z.object({ id: z.number().int(), nombre: z.string(), slug: z.string() }),
});

const PromotionAuthor = z.object({
  id: z.number().int(),
  nombre: z.string(),
  /** Where "Contactar" leads: the chat with the author. */
  contactar_url: z.string(),
  /** The author's public profile (user/{user}); null while it is not public. */
  perfil_url: z.string().nullable(),
});

export const PromotionSchema = z
  .object({
    id: z.number().int(),
    tipo: z.enum(PROMOTION_KINDS),
    tipo_texto: z.string(),
    titulo: z.string(),
    descripcion: z.string(),
    condiciones: z.string(),
    /** Calendar days in the reader's time zone (decision 0025). */
    fecha_inicio: z.string(),
    fecha_fin: z.string(),
    inicio: z.string().openapi({ format: "date-time" }),
    fin: z.string().openapi({ format: "date-time" }),
    /** As of now: an active promotion past its end date is caducada even before the job runs. */
    estado: z.enum(PROMOTION_STATUSES),
    estado_texto: z.string(),
    imagen_url: z.string().nullable(),
    url: z.string(),
    producto: PromotionProduct,
    autor: PromotionAuthor,
    retirada: z.object({ motivo: z.string(), fecha: z.string().openapi({ format: "date-time" }) }).nullable(),
  })
  .openapi("Promocion");
export type Promotion = z.infer<typeof PromotionSchema>;

/** The public view: a prescription-only product's promotion is only shown to professionals. */
export const PublicPromotionSchema = z
  .object({
    restringido: z.boolean(),
    producto: PromotionProduct,
    promocion: nullableRef(PromotionSchema),
  })
  .openapi("PromocionPublica");
export type PublicPromotion = z.infer<typeof PublicPromotionSchema>;

export const PromotionsByStateSchema = z
  .object({
    borrador: z.array(PromotionSchema),
    activa: z.array(PromotionSchema),
    caducada: z.array(PromotionSchema),
    retirada: z.array(PromotionSchema),
  })
  .openapi("PromocionesPorEstado");
export type PromotionsByState = z.infer<typeof PromotionsByStateSchema>;
