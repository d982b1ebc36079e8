import { z } from "#common/zod";

/** Rating words for the 1–5 stars, for screen readers and the back office. */
export const VALORACION_LABELS = ["", "Muy mala", "Mala", "Regular", "Buena", "Muy buena"] as const;

/**
 * "Danos tu opinión" (product-spec §7 POST /api/feedback): valoracion, asunto, contenido, pagina,
 * id_user_feedback (null), nombre, email. The same schema checks the form and the server.
 * `web` is a honeypot: people never see it, bots fill it in.
 */
export const feedbackInputSchema = z.object({
  valoracion: z.coerce
    .number({ error: "Elige una valoración de 1 a 5." })
    .int({ error: "Elige una valoración de 1 a 5." })
    .min(1, { error: "Elige una valoración de 1 a 5." })
    .max(5, { error: "Elige una valoración de 1 a 5." }),
  asunto: z
    .string({ error: "Escribe un asunto." })
    .trim()
    .min(3, { error: "El asunto debe tener al menos 3 caracteres." })
    .max(150, { error: "El asunto no puede superar 150 caracteres." }),
  contenido: z
    .string({ error: "Cuéntanos tu opinión." })
    .trim()
    .min(10, { error: "Tu opinión debe tener al menos 10 caracteres." })
    .max(5000, { error: "Tu opinión no puede superar 5000 caracteres." }),
  pagina: z
    .string({ error: "Falta la página." })
    .trim()
    .min(1, { error: "Falta la página." })
    .max(500, { error: "La dirección de la página es demasiado larga." }),
  id_user_feedback: z.union([z.number(), z.string(), z.null()]).optional(),
  nombre: z
    .string({ error: "Escribe tu nombre." })
    .trim()
    .min(2, { error: "Escribe tu nombre." })
    .max(120, { error: "El nombre no puede superar 120 caracteres." }),
  email: z
    .string({ error: "Escribe tu e-mail." })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: "Escribe un e-mail válido." }).max(254)),
  web: z.string().max(500).optional(),
});

export type FeedbackData = z.output<typeof feedbackInputSchema>;

export const FEEDBACK_THANKS = "¡Gracias por tu opinión! La leeremos con atención.";
