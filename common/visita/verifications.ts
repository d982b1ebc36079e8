import { z } from "#common/zod";
import "#common/validation";

/**
 * Verified visits (issue 14, item 1): a representative asks a healthcare professional to confirm
 * that they present a product to them. Shared by the pages and the API.
 */
export const VERIFICATION_STATUSES = ["pendiente", "confirmada", "rechazada", "cancelada"] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];
/** What a representative sees: a pending request past its expiry date shows as "caducada". */
export type VerificationState = VerificationStatus | "caducada";

export const VERIFICATION_STATE_LABELS: Record<VerificationState, string> = {
  pendiente: "Pendiente",
  confirmada: "Confirmada",
  rechazada: "Rechazada",
  cancelada: "Cancelada",
  caducada: "Caducada",
};

/** The count shown apart on public profiles and the marketing dashboard (issue 30). */
export const verifiedProVisitsLabel = (n: number) =>
  n === 1 ? "1 visita confirmada por profesionales verificados" : `${n} visitas confirmadas por profesionales verificados`;

export const VERIFICATION_RULES = {
  /** How long the e-mailed link works. */
  linkDays: 30,
  /** One professional counts once per representative and product in this many days. */
  onceEveryDays: 365,
} as const;

/** E-mail addresses are compared trimmed, lower-cased and in Unicode NFKC. */
export const normaliseEmail = (email: string): string => email.normalize("NFKC").trim().toLowerCase();

const EMAIL_MESSAGE = "Escribe un correo electrónico válido.";

export const verificationRequestSchema = z.object({
  nombre: z
    .string({ error: "Escribe el nombre del profesional." })
    .trim()
    .min(2, { error: "Escribe el nombre del profesional." })
    .max(120, { error: "Máximo 120 caracteres." }),
  email: z
    .string({ error: EMAIL_MESSAGE })
    .transform(normaliseEmail)
    .pipe(
      z
        .string()
        .max(254, { error: EMAIL_MESSAGE })
        .pipe(z.email({ error: EMAIL_MESSAGE })),
    ),
  num_colegiado: z
    .string()
    .trim()
    .max(20, { error: "Máximo 20 caracteres." })
    .regex(/^[0-9A-Za-z/ -]*$/, { error: "El número de colegiado solo lleva cifras, letras, espacios, guiones o barras." })
    .optional()
    .transform((value) => value || undefined),
  estado_id: z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z.coerce
      .number({ error: "La provincia no es válida." })
      .int({ error: "La provincia no es válida." })
      .positive({ error: "La provincia no es válida." })
      .optional(),
  ),
});
export type VerificationRequestInput = z.output<typeof verificationRequestSchema>;

export const verificationCreateSchema = verificationRequestSchema.extend({
  producto_id: z.coerce
    .number({ error: "Producto no válido." })
    .int({ error: "Producto no válido." })
    .positive({ error: "Producto no válido." }),
});

export const VERIFICATION_DECISIONS = ["confirmar", "rechazar"] as const;
export const verificationDecisionSchema = z.object({
  decision: z.enum(VERIFICATION_DECISIONS, { error: "Elige «Confirmar» o «Rechazar»." }),
});

export const profileSettingsSchema = z.object({
  publico: z.boolean({ error: "Indica si tu perfil es público (true o false)." }),
});
export type VerificationDecision = (typeof VERIFICATION_DECISIONS)[number];
