/**
 * Jobs (empleo) vocabularies: the keys stored in the database, the labels users read, limits and
 * formatting. No zod here, so pages that only display offers do not load the validation library;
 * the payload schemas are in common/jobs/index.ts, which re-exports all of this.
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

/** Sort orders of the listing; "relevancia" needs keywords (without them the newest come first). */
export const SEARCH_ORDERS = ["relevancia", "fecha", "salario"] as const;
export type SearchOrder = (typeof SEARCH_ORDERS)[number];
export const SEARCH_ORDER_LABELS: Record<SearchOrder, string> = {
  relevancia: "Relevancia",
  fecha: "Más recientes",
  salario: "Salario más alto",
};

/** "Date posted" filter: offers published within the last day, week or month. */
export const POSTED_WITHIN = ["24h", "7d", "30d"] as const;
export type PostedWithin = (typeof POSTED_WITHIN)[number];
export const POSTED_WITHIN_LABELS: Record<PostedWithin, string> = {
  "24h": "Últimas 24 horas",
  "7d": "Última semana",
  "30d": "Último mes",
};
export const POSTED_WITHIN_HOURS: Record<PostedWithin, number> = { "24h": 24, "7d": 7 * 24, "30d": 30 * 24 };

/**
 * The experience and education filters name the candidate's own level and match offers that ask
 * for at most that (levels are ordered); a candidate with two years also sees "sin experiencia".
 */
export const EXPERIENCE_FILTER_LABELS: Record<ExperienceLevel, string> = {
  sin_experiencia: "Sin experiencia",
  "1_anio": "1 año",
  "2_anios": "2 años",
  "3_5_anios": "De 3 a 5 años",
  mas_5_anios: "Más de 5 años",
};

/** Levels up to and including `level`, in order. */
export function levelsUpTo<T extends string>(levels: readonly T[], level: T): T[] {
  return levels.slice(0, levels.indexOf(level) + 1);
}

export const OFFER_STATUSES = ["borrador", "publicada", "cerrada", "caducada"] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
export const OFFER_STATUS_LABELS: Record<OfferStatus, string> = {
  borrador: "Borrador",
  publicada: "Publicada",
  cerrada: "Cerrada",
  caducada: "Caducada",
};

export const APPLICATION_STATUSES = ["recibida", "en_proceso", "finalista", "contratada", "descartada", "retirada"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  recibida: "Recibida",
  en_proceso: "En proceso",
  finalista: "Finalista",
  contratada: "Contratada",
  descartada: "Descartada",
  retirada: "Retirada",
};

/**
 * Allowed moves of an application. A finalist can still be turned down (descartada); contratada and
 * descartada are final, so a candidate is never told one of them and then something else.
 */
export const APPLICATION_TRANSITIONS: Record<ApplicationStatus, readonly ApplicationStatus[]> = {
  recibida: ["en_proceso", "contratada", "descartada"],
  en_proceso: ["finalista", "contratada", "descartada"],
  finalista: ["contratada", "descartada"],
  contratada: [],
  descartada: [],
  // Only the candidate withdraws (CANDIDATE_CAN_WITHDRAW); a withdrawn application is final.
  retirada: [],
};

export const canTransition = (from: ApplicationStatus, to: ApplicationStatus) => APPLICATION_TRANSITIONS[from].includes(to);

/** The candidate may withdraw an application the company has not turned down yet. */
export const canWithdraw = (status: ApplicationStatus) => !APPLICATION_FINAL_STATUSES.includes(status);

/** The end of a process: nothing moves an application out of these. */
export const APPLICATION_FINAL_STATUSES: readonly ApplicationStatus[] = ["contratada", "descartada", "retirada"];

/** The states a company may write a message to the candidate with. */
export const STATUSES_WITH_MESSAGE: readonly ApplicationStatus[] = ["contratada", "descartada"];
export const STATUS_MESSAGE_MAX = 2000;

/** A private note and rating of an applicant (never shown to the candidate). */
export const NOTE_MAX = 4000;
export const RATING_MAX = 5;

/** Saved CVs a candidate keeps for one-click applications. */
export const MAX_SAVED_CVS = 3;

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

/** The CV rule both sides share: one is required (an empty file input posts an empty Blob, not a CV). */
export const CV_REQUIRED = "Adjunta tu CV en PDF o DOCX.";
export const CV_ACCEPT = ".pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document";
export const chosenCv = (value: unknown): Blob | null => (value instanceof Blob && value.size > 0 ? value : null);
