import { z } from "@hono/zod-openapi";
import { FEEDBACK_STATUSES } from "#common/news/vocabulary";

/**
 * The specification's payload (product-spec §7), for the documentation only: fields are typed as
 * "any" here so that the service validates them with the form's schema and its Spanish messages.
 */
export const FeedbackBodySchema = z
  .object({
    valoracion: z.any().openapi({ type: "integer", minimum: 1, maximum: 5, example: 4 }),
    asunto: z.any().openapi({ type: "string", example: "Buscador de ofertas" }),
    contenido: z.any().openapi({ type: "string", example: "Me gustaría poder filtrar por jornada parcial." }),
    pagina: z.any().openapi({ type: "string", example: "/app/empleo/p/espana" }),
    id_user_feedback: z
      .any()
      .optional()
      .openapi({ type: ["integer", "null"], description: "Se ignora: el servidor usa la sesión" }),
    nombre: z.any().openapi({ type: "string", example: "Lucía Martín" }),
    email: z.any().openapi({ type: "string", format: "email", example: "lucia@example.com" }),
  })
  .openapi("FeedbackInput");

export const FeedbackCreatedSchema = z.object({ message: z.string() }).openapi("FeedbackCreated");

export const FeedbackSchema = z
  .object({
    id: z.number().int(),
    valoracion: z.number().int(),
    asunto: z.string(),
    contenido: z.string(),
    pagina: z.string(),
    id_user_feedback: z.number().int().nullable(),
    nombre: z.string(),
    email: z.string(),
    status: z.enum(FEEDBACK_STATUSES),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("Feedback");

export const FeedbackPageSchema = z
  .object({ items: z.array(FeedbackSchema), next_before: z.number().int().nullable() })
  .openapi("FeedbackPage");

export const FeedbackQuerySchema = z.object({
  estado: z.enum(FEEDBACK_STATUSES).optional(),
  q: z.string().max(200).optional(),
  antes: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

export const FeedbackStatusBodySchema = z.object({ status: z.string().openapi({ example: "leido" }) });
