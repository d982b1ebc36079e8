import { sendMessageSchema } from "#common/chat/schemas";
import { MAX_ID } from "#common/ids";
import { optionalText } from "#common/validation";
import { z } from "#common/zod";
import { QUESTION_KINDS, SCREENING_LIMITS, YES_NO } from "./screening";
import type { ContractType, EducationLevel, ExperienceLevel, Jornada, WorkMode } from "./vocabulary";
import {
  APPLICATION_STATUSES,
  CONTRACT_TYPES,
  CURRENCIES,
  EDUCATION_LEVELS,
  EXPERIENCE_LEVELS,
  JORNADAS,
  NOTE_MAX,
  OFFER_LIMITS,
  POSTED_WITHIN,
  RATING_MAX,
  SALARY_PERIODS,
  SEARCH_ORDERS,
  STATUS_MESSAGE_MAX,
  WORK_MODES,
} from "./vocabulary";

export * from "./company";
export * from "./profile";
export * from "./screening";
export * from "./vocabulary";

/**
 * Jobs (empleo): the vocabularies, labels and payload schemas shared by the pages and the server.
 * Every value stored in the database is one of these keys; labels are what users read.
 */

// ---------------------------------------------------------------------------------------------
// Search

/** Ids and amounts are PostgreSQL integers: larger values are refused here, not by the database. */

/** Query-string values arrive as strings: empty means "not given". */
const optionalInt = (message: string, min = 0, max = MAX_ID) =>
  z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z.coerce.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message }).optional(),
  );

const slugSchema = z
  .string()
  .trim()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9-]+$/, { error: "Identificador no válido." });

export const offerSearchSchema = z.object({
  /** Country slug, e.g. "espana". */
  pais: slugSchema,
  /** Job-title slug, e.g. "visitador-medico". */
  cargo: slugSchema.optional(),
  q: optionalText(OFFER_LIMITS.qMax),
  /** Sub-division id. */
  estado: optionalInt("La provincia o estado no es válido.", 1),
  modalidad: z.enum(WORK_MODES, { error: "La modalidad no es válida." }).optional(),
  contrato: z.enum(CONTRACT_TYPES, { error: "El tipo de contrato no es válido." }).optional(),
  salario_min: optionalInt("El salario mínimo debe ser un número entero positivo."),
  jornada: z.enum(JORNADAS, { error: "La jornada no es válida." }).optional(),
  /** The candidate's experience: offers asking for at most this much. */
  experiencia: z.enum(EXPERIENCE_LEVELS, { error: "La experiencia no es válida." }).optional(),
  /** The candidate's education: offers asking for at most this level. */
  estudios: z.enum(EDUCATION_LEVELS, { error: "Los estudios no son válidos." }).optional(),
  /** Published within the last 24 hours, 7 days or 30 days. */
  publicada: z.enum(POSTED_WITHIN, { error: "La fecha de publicación no es válida." }).optional(),
  /** relevancia (with q; otherwise the newest first), fecha (newest first) or salario (highest first). */
  orden: z.enum(SEARCH_ORDERS, { error: "El orden no es válido." }).optional(),
  /** Opaque value from a previous page's nextCursor. */
  cursor: z.string().max(400).optional(),
  limit: z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z.coerce
      .number()
      .int()
      .min(1, { error: "El límite debe estar entre 1 y 50." })
      .max(OFFER_LIMITS.searchLimitMax, { error: "El límite debe estar entre 1 y 50." })
      .default(OFFER_LIMITS.searchLimitDefault),
  ),
});
export type OfferSearchParams = z.output<typeof offerSearchSchema>;

// ---------------------------------------------------------------------------------------------
// Offers (company panel)

/** Today as YYYY-MM-DD in local time. */
export function todayIsoDate(now = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, "0");
  const d = String(now.getDate()).padStart(2, "0");
  return `${y}-${m}-${d}`;
}

export function addDaysIsoDate(days: number, now = new Date()): string {
  const date = new Date(now);
  date.setDate(date.getDate() + days);
  return todayIsoDate(date);
}

const optionalId = (message: string) =>
  z.preprocess(
    (value) => (value === "" || value === null || value === undefined ? undefined : value),
    z.coerce.number({ error: message }).int({ error: message }).positive({ error: message }).max(MAX_ID, { error: message }).optional(),
  );

const requiredId = (message: string) =>
  z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z.coerce.number({ error: message }).int().positive({ error: message }).max(MAX_ID, { error: message }),
  );

const optionalSalary = z.preprocess(
  (value) => (value === "" || value === null || value === undefined ? undefined : value),
  z.coerce
    .number({ error: "El salario debe ser un número." })
    .int({ error: "El salario debe ser un número entero." })
    .min(1, { error: "El salario debe ser mayor que cero." })
    .max(100_000_000, { error: "El salario no es válido." })
    .optional(),
);

const emptyToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);

/** A screening question the employer asks (decision 0042); a knock-out question is always required. */
export const screeningQuestionSchema = z
  .object({
    texto: z
      .string({ error: "Escribe la pregunta." })
      .trim()
      .min(5, { error: "La pregunta debe tener al menos 5 caracteres." })
      .max(SCREENING_LIMITS.preguntaMax, { error: `La pregunta no puede superar ${SCREENING_LIMITS.preguntaMax} caracteres.` }),
    tipo: z.enum(QUESTION_KINDS, { error: "Elige el tipo de respuesta." }),
    obligatoria: z.boolean({ error: "Indica si la pregunta es obligatoria." }).default(false),
    descarta_si: z.enum(YES_NO, { error: "La respuesta que descarta debe ser «si» o «no»." }).nullable().default(null),
  })
  .superRefine((question, ctx) => {
    if (question.descarta_si && question.tipo !== "si_no") {
      ctx.addIssue({ code: "custom", path: ["descarta_si"], message: "Solo una pregunta de sí o no puede descartar candidatos." });
    }
  })
  .transform((question) => ({ ...question, obligatoria: question.obligatoria || question.descarta_si !== null }));

export const offerInputSchema = z
  .object({
    titulo: z
      .string({ error: "El título es obligatorio." })
      .trim()
      .min(5, { error: "El título debe tener al menos 5 caracteres." })
      .max(OFFER_LIMITS.tituloMax, { error: `El título no puede superar ${OFFER_LIMITS.tituloMax} caracteres.` }),
    cargo_id: requiredId("Elige un puesto."),
    pais_id: requiredId("Elige un país."),
    estado_id: optionalId("La provincia o estado no es válido."),
    ciudad: z
      .string({ error: "La ciudad es obligatoria." })
      .trim()
      .min(2, { error: "La ciudad es obligatoria." })
      .max(OFFER_LIMITS.ciudadMax, { error: `La ciudad no puede superar ${OFFER_LIMITS.ciudadMax} caracteres.` }),
    delegacion_id: optionalId("La delegación no es válida."),
    modalidad: z.enum(WORK_MODES, { error: "Elige una modalidad." }),
    contrato: z.enum(CONTRACT_TYPES, { error: "Elige un tipo de contrato." }),
    jornada: z.enum(JORNADAS, { error: "Elige una jornada." }),
    salario_min: optionalSalary,
    salario_max: optionalSalary,
    salario_moneda: z.preprocess(emptyToUndefined, z.enum(CURRENCIES, { error: "Elige una moneda válida." }).optional()),
    salario_periodo: z.preprocess(emptyToUndefined, z.enum(SALARY_PERIODS, { error: "Elige un periodo válido." }).optional()),
    experiencia: z.enum(EXPERIENCE_LEVELS, { error: "Elige la experiencia requerida." }),
    estudios: z.enum(EDUCATION_LEVELS, { error: "Elige los estudios mínimos." }),
    /** HTML from the rich-text editor; the server sanitises it and checks its text length. */
    descripcion: z
      .string({ error: "La descripción es obligatoria." })
      .min(1, { error: "La descripción es obligatoria." })
      .max(OFFER_LIMITS.descripcionMax * 2, { error: "La descripción es demasiado larga." }),
    vacantes: z.coerce
      .number({ error: "Indica el número de vacantes." })
      .int({ error: "Las vacantes deben ser un número entero." })
      .min(1, { error: "Debe haber al menos 1 vacante." })
      .max(OFFER_LIMITS.vacantesMax, { error: `Como máximo ${OFFER_LIMITS.vacantesMax} vacantes.` }),
    fecha_expiracion: z
      .string({ error: "Indica la fecha de caducidad." })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Introduce la fecha como dd/mm/aaaa." })
      .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), { error: "La fecha no es válida." }),
    /** Screening questions (at most 10), answered when applying. */
    preguntas: z
      .array(screeningQuestionSchema, { error: "Las preguntas no son válidas." })
      .max(SCREENING_LIMITS.maxQuestions, { error: `Como máximo ${SCREENING_LIMITS.maxQuestions} preguntas por oferta.` })
      .default([]),
  })
  .superRefine((input, ctx) => {
    if (input.salario_min !== undefined && input.salario_max !== undefined && input.salario_max < input.salario_min) {
      ctx.addIssue({ code: "custom", path: ["salario_max"], message: "El salario máximo no puede ser menor que el mínimo." });
    }
    const hasSalary = input.salario_min !== undefined || input.salario_max !== undefined;
    if (hasSalary && !input.salario_moneda) {
      ctx.addIssue({ code: "custom", path: ["salario_moneda"], message: "Indica la moneda del salario." });
    }
    if (hasSalary && !input.salario_periodo) {
      ctx.addIssue({ code: "custom", path: ["salario_periodo"], message: "Indica si el salario es anual, mensual o por hora." });
    }
    const today = todayIsoDate();
    if (input.fecha_expiracion <= today) {
      ctx.addIssue({ code: "custom", path: ["fecha_expiracion"], message: "La fecha de caducidad debe ser posterior a hoy." });
    } else if (input.fecha_expiracion > addDaysIsoDate(OFFER_LIMITS.expiryMaxDays)) {
      ctx.addIssue({
        code: "custom",
        path: ["fecha_expiracion"],
        message: `La oferta puede estar publicada como máximo ${OFFER_LIMITS.expiryMaxDays} días.`,
      });
    }
    // "estado_id belongs to pais_id" needs the reference data: the server checks it (422, estado_id).
  });
export type OfferInput = z.output<typeof offerInputSchema>;
export type OfferFormValues = z.input<typeof offerInputSchema>;

// ---------------------------------------------------------------------------------------------
// Applications, alerts

export const applicationInputSchema = z.object({
  carta: z
    .string()
    .trim()
    .max(OFFER_LIMITS.cartaMax, { error: `La carta de presentación no puede superar ${OFFER_LIMITS.cartaMax} caracteres.` })
    .default(""),
});

export const applicationStatusSchema = z.object({
  status: z.enum(APPLICATION_STATUSES, { error: "El estado no es válido." }),
  /** Optional words to the candidate with «Contratada» or «Descartada» (sent in the e-mail, shown in their history). */
  mensaje: z
    .string()
    .trim()
    .max(STATUS_MESSAGE_MAX, { error: `El mensaje no puede superar ${STATUS_MESSAGE_MAX} caracteres.` })
    .optional()
    .transform((value) => value || undefined),
});

/** The company's private note and rating (1-5, empty for none) of an applicant. */
export const applicantNoteSchema = z.object({
  nota: z
    .string()
    .trim()
    .max(NOTE_MAX, { error: `La nota no puede superar ${NOTE_MAX} caracteres.` })
    .default(""),
  valoracion: optionalInt(`La valoración va de 1 a ${RATING_MAX}.`, 1, RATING_MAX),
});

/** The panel page's two forms on an applicant: its state (with a message) or the private note. */
export const applicantFormSchema = z.discriminatedUnion("intent", [
  applicationStatusSchema.extend({ intent: z.literal("estado"), candidatura: z.string() }),
  applicantNoteSchema.extend({ intent: z.literal("nota"), candidatura: z.string() }),
  sendMessageSchema.extend({ intent: z.literal("mensaje"), candidatura: z.string() }),
]);

/** The recruiter search's «Enviar mensaje» to a profile open to offers (decision 0128). */
export const talentMessageSchema = sendMessageSchema.extend({ intent: z.literal("mensaje"), perfil: z.string() });

/** How often an alert writes (decision 0110): each pass, one digest a day, one a week. Old alerts are daily. */
export const ALERT_FREQUENCIES = ["inmediata", "diaria", "semanal"] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];
export const ALERT_FREQUENCY_LABELS: Record<AlertFrequency, string> = { inmediata: "Al momento", diaria: "Diaria", semanal: "Semanal" };
export const DEFAULT_ALERT_FREQUENCY: AlertFrequency = "diaria";
const alertFrequencySchema = z.enum(ALERT_FREQUENCIES, { error: "Elige con qué frecuencia quieres recibir la alerta." });

/** The alert form's frequency change of an existing alert. */
export const alertFrequencyInputSchema = z.object({ frecuencia: alertFrequencySchema });

export const alertInputSchema = z.object({
  pais: slugSchema,
  frecuencia: z.preprocess(emptyToUndefined, alertFrequencySchema.default(DEFAULT_ALERT_FREQUENCY)),
  cargo: slugSchema.optional().or(z.literal("").transform(() => undefined)),
  q: optionalText(OFFER_LIMITS.qMax),
  estado: optionalInt("La provincia o estado no es válido.", 1),
  modalidad: z.preprocess(emptyToUndefined, z.enum(WORK_MODES, { error: "La modalidad no es válida." }).optional()),
  contrato: z.preprocess(emptyToUndefined, z.enum(CONTRACT_TYPES, { error: "El tipo de contrato no es válido." }).optional()),
  salario_min: optionalInt("El salario mínimo debe ser un número entero positivo."),
  jornada: z.preprocess(emptyToUndefined, z.enum(JORNADAS, { error: "La jornada no es válida." }).optional()),
  experiencia: z.preprocess(emptyToUndefined, z.enum(EXPERIENCE_LEVELS, { error: "La experiencia no es válida." }).optional()),
  estudios: z.preprocess(emptyToUndefined, z.enum(EDUCATION_LEVELS, { error: "Los estudios no son válidos." }).optional()),
});
export type AlertInput = z.output<typeof alertInputSchema>;
export type AlertFrequencyInput = z.output<typeof alertFrequencyInputSchema>;
/** What an alert stores: the search it repeats (without cursor/limit). */
export type AlertCriteria = {
  pais: string;
  cargo?: string;
  q?: string;
  estado?: number;
  modalidad?: WorkMode;
  contrato?: ContractType;
  salario_min?: number;
  jornada?: Jornada;
  experiencia?: ExperienceLevel;
  estudios?: EducationLevel;
};

/** Maximum alerts per user. */
export const MAX_ALERTS_PER_USER = 20;

/** Maximum saved offers per user (the saved list shows them all). */
export const MAX_SAVED_OFFERS_PER_USER = 500;

/** Formats a salary for display, e.g. "30.000 – 40.000 EUR al año". */
