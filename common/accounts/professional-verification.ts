import { z } from "#common/zod";
import "#common/validation";

/**
 * Verified healthcare professionals (issue 30): a user asks, a moderator checks the colegiado
 * credential once, and a verified professional passes the prescription-only gate for a year.
 * Shared by Mi cuenta › Profesional, the back office queue and the server.
 */
export const PROFESSIONS = {
  medico: { label: "Médico/a", colegio: "Colegio Oficial de Médicos" },
  farmaceutico: { label: "Farmacéutico/a", colegio: "Colegio Oficial de Farmacéuticos" },
  enfermero: { label: "Enfermero/a", colegio: "Colegio Oficial de Enfermería" },
  odontologo: { label: "Odontólogo/a", colegio: "Colegio Oficial de Dentistas" },
  veterinario: { label: "Veterinario/a", colegio: "Colegio Oficial de Veterinarios" },
  fisioterapeuta: { label: "Fisioterapeuta", colegio: "Colegio Oficial de Fisioterapeutas" },
  podologo: { label: "Podólogo/a", colegio: "Colegio Oficial de Podólogos" },
  optico: { label: "Óptico-optometrista", colegio: "Colegio Oficial de Ópticos-Optometristas" },
  logopeda: { label: "Logopeda", colegio: "Colegio Oficial de Logopedas" },
} as const;
export type Profession = keyof typeof PROFESSIONS;
export const PROFESSION_KEYS = Object.keys(PROFESSIONS) as [Profession, ...Profession[]];

export const PRO_VERIFICATION_STATUSES = ["pendiente", "aprobada", "rechazada"] as const;
export type ProVerificationStatus = (typeof PRO_VERIFICATION_STATUSES)[number];

export const REJECTION_REASONS = {
  ilegible: "El justificante no se lee bien",
  no_coincide: "Los datos no coinciden con el justificante",
  caducado: "El justificante está caducado",
  no_colegiado: "No consta la colegiación",
  otro: "Otro motivo",
} as const;
export type RejectionReason = keyof typeof REJECTION_REASONS;
export const REJECTION_REASON_KEYS = Object.keys(REJECTION_REASONS) as [RejectionReason, ...RejectionReason[]];

export const PRO_VERIFICATION_RULES = {
  /** A verification is valid this many days after the approval. */
  validDays: 365,
  /** The reminder e-mail goes this many days before the end; from then on a renewal may be asked. */
  reminderDays: 30,
  /** The proof: a PDF or an image, at most this size. */
  maxProofBytes: 10 * 1024 * 1024,
} as const;

/** The badge's text, everywhere it shows. */
export const VERIFIED_BADGE = "Profesional verificado";

/** What the user asks with (the proof file travels beside it, checked by content on the server). */
export const proVerificationRequestSchema = z.object({
  profesion: z.enum(PROFESSION_KEYS, { error: "Elige tu profesión." }),
  num_colegiado: z
    .string({ error: "Escribe tu número de colegiado." })
    .trim()
    .min(3, { error: "Escribe tu número de colegiado." })
    .max(20, { error: "Máximo 20 caracteres." })
    .regex(/^[0-9A-Za-z/ -]+$/, { error: "El número de colegiado solo lleva cifras, letras, espacios, guiones o barras." }),
  estado_id: z.coerce
    .number({ error: "Elige la provincia de tu colegio." })
    .int({ error: "Elige la provincia de tu colegio." })
    .positive({ error: "Elige la provincia de tu colegio." }),
});
export type ProVerificationRequest = z.output<typeof proVerificationRequestSchema>;

/** A moderator's decision: approve, or reject with a reason from the list and, optionally, a text. */
export const proVerificationDecisionSchema = z.discriminatedUnion("decision", [
  z.object({ decision: z.literal("aprobar") }),
  z.object({
    decision: z.literal("rechazar"),
    motivo: z.enum(REJECTION_REASON_KEYS, { error: "Elige un motivo." }),
    comentario: z
      .string()
      .trim()
      .max(500, { error: "Máximo 500 caracteres." })
      .optional()
      .transform((value) => value || undefined),
  }),
]);
export type ProVerificationDecision = z.output<typeof proVerificationDecisionSchema>;
