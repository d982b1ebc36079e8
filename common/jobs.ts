import { z } from "zod";
import "./validation";

/**
 * Jobs (empleo): the vocabularies, labels and payload schemas shared by the pages and the server.
 * Every value stored in the database is one of these keys; labels are what users read.
 */

export const WORK_MODES = ["presencial", "hibrido", "remoto"] as const;
export type WorkMode = (typeof WORK_MODES)[number];
export const WORK_MODE_LABELS: Record<WorkMode, string> = { presencial: "Presencial", hibrido: "Híbrido", remoto: "Remoto" };

export const CONTRACT_TYPES = ["indefinido", "temporal", "practicas", "autonomo", "formacion", "otro"] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];
export const CONTRACT_TYPE_LABELS: Record<ContractType, string> = {
  indefinido: "Indefinido",
  temporal: "Temporal",
  practicas: "Prácticas",
  autonomo: "Autónomo",
  formacion: "Formación",
  otro: "Otro",
};

export const JORNADAS = ["completa", "parcial", "intensiva", "flexible"] as const;
export type Jornada = (typeof JORNADAS)[number];
export const JORNADA_LABELS: Record<Jornada, string> = {
  completa: "Jornada completa",
  parcial: "Jornada parcial",
  intensiva: "Jornada intensiva",
  flexible: "Horario flexible",
};

export const SALARY_PERIODS = ["anual", "mensual", "hora"] as const;
export type SalaryPeriod = (typeof SALARY_PERIODS)[number];
export const SALARY_PERIOD_LABELS: Record<SalaryPeriod, string> = { anual: "al año", mensual: "al mes", hora: "por hora" };

export const CURRENCIES = ["EUR", "USD", "MXN", "COP", "ARS", "CLP", "PEN"] as const;
export type Currency = (typeof CURRENCIES)[number];
export const CURRENCY_LABELS: Record<Currency, string> = {
  EUR: "Euro (EUR)",
  USD: "Dólar estadounidense (USD)",
  MXN: "Peso mexicano (MXN)",
  COP: "Peso colombiano (COP)",
  ARS: "Peso argentino (ARS)",
  CLP: "Peso chileno (CLP)",
  PEN: "Sol peruano (PEN)",
};

export const EXPERIENCE_LEVELS = ["sin_experiencia", "1_anio", "2_anios", "3_5_anios", "mas_5_anios"] as const;
export type ExperienceLevel = (typeof EXPERIENCE_LEVELS)[number];
export const EXPERIENCE_LEVEL_LABELS: Record<ExperienceLevel, string> = {
  sin_experiencia: "Sin experiencia",
  "1_anio": "Al menos 1 año",
  "2_anios": "Al menos 2 años",
  "3_5_anios": "De 3 a 5 años",
  mas_5_anios: "Más de 5 años",
};

export const EDUCATION_LEVELS = ["eso", "bachillerato", "fp_medio", "fp_superior", "grado", "master", "doctorado"] as const;
export type EducationLevel = (typeof EDUCATION_LEVELS)[number];
export const EDUCATION_LEVEL_LABELS: Record<EducationLevel, string> = {
  eso: "Educación Secundaria Obligatoria",
  bachillerato: "Bachillerato",
  fp_medio: "Ciclo Formativo de Grado Medio",
  fp_superior: "Ciclo Formativo de Grado Superior",
  grado: "Grado universitario",
  master: "Máster",
  doctorado: "Doctorado",
};

export const OFFER_STATUSES = ["borrador", "publicada", "cerrada", "caducada"] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
export const OFFER_STATUS_LABELS: Record<OfferStatus, string> = {
  borrador: "Borrador",
  publicada: "Publicada",
  cerrada: "Cerrada",
  caducada: "Caducada",
};

export const APPLICATION_STATUSES = ["recibida", "en_proceso", "finalista", "descartada"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  recibida: "Recibida",
  en_proceso: "En proceso",
  finalista: "Finalista",
  descartada: "Descartada",
};

/**
 * Allowed moves of an application. A finalist can still be turned down (descartada); descartada is
 * final, so a candidate is never told "descartada" and then something else.
 */
export const APPLICATION_TRANSITIONS: Record<ApplicationStatus, readonly ApplicationStatus[]> = {
  recibida: ["en_proceso", "descartada"],
  en_proceso: ["finalista", "descartada"],
  finalista: ["descartada"],
  descartada: [],
};

export const canTransition = (from: ApplicationStatus, to: ApplicationStatus) => APPLICATION_TRANSITIONS[from].includes(to);

/** Limits shared by forms and server. */
export const OFFER_LIMITS = {
  tituloMax: 150,
  ciudadMax: 120,
  descripcionMin: 50,
  descripcionMax: 20_000,
  vacantesMax: 999,
  expiryMaxDays: 180,
  cartaMax: 5000,
  searchLimitDefault: 20,
  searchLimitMax: 50,
  qMax: 200,
} as const;

// ---------------------------------------------------------------------------------------------
// Search

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Máximo ${max} caracteres.` })
    .optional()
    .transform((value) => (value ? value : undefined));

/** Query-string values arrive as strings: empty means "not given". */
const optionalInt = (message: string, min = 0) =>
  z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z.coerce.number({ error: message }).int({ error: message }).min(min, { error: message }).optional(),
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
export type OfferSearchInput = z.input<typeof offerSearchSchema>;
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
    z.coerce.number({ error: message }).int({ error: message }).positive({ error: message }).optional(),
  );

const requiredId = (message: string) =>
  z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z.coerce.number({ error: message }).int().positive({ error: message }),
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
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "La fecha debe tener el formato AAAA-MM-DD." })
      .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), { error: "La fecha no es válida." }),
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
export type ApplicationInput = z.output<typeof applicationInputSchema>;

export const applicationStatusSchema = z.object({
  estado: z.enum(APPLICATION_STATUSES, { error: "El estado no es válido." }),
});

export const alertInputSchema = z.object({
  pais: slugSchema,
  cargo: slugSchema.optional().or(z.literal("").transform(() => undefined)),
  q: optionalText(OFFER_LIMITS.qMax),
  estado: optionalInt("La provincia o estado no es válido.", 1),
  modalidad: z.preprocess(emptyToUndefined, z.enum(WORK_MODES, { error: "La modalidad no es válida." }).optional()),
  contrato: z.preprocess(emptyToUndefined, z.enum(CONTRACT_TYPES, { error: "El tipo de contrato no es válido." }).optional()),
  salario_min: optionalInt("El salario mínimo debe ser un número entero positivo."),
});
export type AlertInput = z.output<typeof alertInputSchema>;
/** What an alert stores: the search it repeats (without cursor/limit). */
export type AlertCriteria = {
  pais: string;
  cargo?: string;
  q?: string;
  estado?: number;
  modalidad?: WorkMode;
  contrato?: ContractType;
  salario_min?: number;
};

/** Maximum alerts per user. */
export const MAX_ALERTS_PER_USER = 20;

/** Formats a salary for display, e.g. "30.000 – 40.000 EUR al año". */
export function formatSalary(salario: { min: number | null; max: number | null; moneda: string; periodo: string } | null): string | null {
  if (!salario) return null;
  const fmt = (n: number) => new Intl.NumberFormat("es-ES").format(n);
  const period = SALARY_PERIOD_LABELS[salario.periodo as SalaryPeriod] ?? salario.periodo;
  const range =
    salario.min !== null && salario.max !== null
      ? `${fmt(salario.min)} – ${fmt(salario.max)}`
      : salario.min !== null
        ? `Desde ${fmt(salario.min)}`
        : `Hasta ${fmt(salario.max ?? 0)}`;
  return `${range} ${salario.moneda} ${period}`;
}
