import { optionalText } from "#common/validation";
import { z } from "#common/zod";
import { CURRENCIES } from "./vocabulary";

// The candidate profile (issue 28, decision 0108): what InfoJobs and LinkedIn users keep beside
// their CV. One shape for the page form, the API and the employer's panel.

export const PROFILE_LIMITS = {
  positions: 20,
  education: 10,
  languages: 10,
  skills: 30,
  skillMax: 40,
  titleMax: 120,
  placeMax: 120,
  descriptionMax: 2000,
  headlineMax: 140,
  salaryMax: 10_000_000,
} as const;

export const LANGUAGE_LEVELS = ["A1", "A2", "B1", "B2", "C1", "C2", "nativo"] as const;
export type LanguageLevel = (typeof LANGUAGE_LEVELS)[number];
export const LANGUAGE_LEVEL_LABELS: Record<LanguageLevel, string> = {
  A1: "A1 · Acceso",
  A2: "A2 · Plataforma",
  B1: "B1 · Intermedio",
  B2: "B2 · Intermedio alto",
  C1: "C1 · Avanzado",
  C2: "C2 · Maestría",
  nativo: "Nativo",
};

export const AVAILABILITIES = ["inmediata", "quince_dias", "un_mes", "mas_de_un_mes"] as const;
export type Availability = (typeof AVAILABILITIES)[number];
export const AVAILABILITY_LABELS: Record<Availability, string> = {
  inmediata: "Inmediata",
  quince_dias: "En 15 días",
  un_mes: "En 1 mes",
  mas_de_un_mes: "En más de un mes",
};

/** A month as the form's `type="month"` input sends it (YYYY-MM). */
const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: "Indica el mes (AAAA-MM)." });
const optionalMonth = z.preprocess((value) => (value === "" ? undefined : value), month.optional());
const required = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Máximo ${max} caracteres.` });
const plainText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Máximo ${max} caracteres.` })
    .default("");

export const positionSchema = z
  .object({
    puesto: required(PROFILE_LIMITS.titleMax, "Indica el puesto."),
    empresa: required(PROFILE_LIMITS.placeMax, "Indica la empresa."),
    desde: month,
    hasta: optionalMonth,
    descripcion: plainText(PROFILE_LIMITS.descriptionMax),
  })
  .refine((row) => !row.hasta || row.hasta >= row.desde, { error: "La fecha de fin es anterior a la de inicio.", path: ["hasta"] });

export const educationSchema = z
  .object({
    titulo: required(PROFILE_LIMITS.titleMax, "Indica el título."),
    centro: required(PROFILE_LIMITS.placeMax, "Indica el centro."),
    desde: optionalMonth,
    hasta: optionalMonth,
  })
  .refine((row) => !row.hasta || !row.desde || row.hasta >= row.desde, {
    error: "La fecha de fin es anterior a la de inicio.",
    path: ["hasta"],
  });

export const languageSchema = z.object({
  idioma: required(60, "Indica el idioma."),
  nivel: z.enum(LANGUAGE_LEVELS, { error: "Elige un nivel (A1–C2 o nativo)." }),
});

const emptyToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);

/** Skills: a list (API) or one comma-separated text (form); trimmed, without repeats, each short. */
const skills = z.preprocess(
  (value) => {
    const list = typeof value === "string" ? value.split(",") : Array.isArray(value) ? value : value === undefined ? [] : value;
    if (!Array.isArray(list)) return list;
    const seen = new Set<string>();
    return list
      .map((item) => (typeof item === "string" ? item.trim() : item))
      .filter((item) => {
        if (item === "") return false;
        const key = typeof item === "string" ? item.toLocaleLowerCase("es") : item;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
  },
  z
    .array(z.string().max(PROFILE_LIMITS.skillMax, { error: `Cada habilidad, máximo ${PROFILE_LIMITS.skillMax} caracteres.` }))
    .max(PROFILE_LIMITS.skills, { error: `Como máximo ${PROFILE_LIMITS.skills} habilidades.` }),
);

/** A section's rows: a blank form row arrives as undefined (nestFields) and is dropped, after the row count check. */
const list = <T extends z.ZodType>(item: T, max: number, noun: string) =>
  z
    .array(item.optional())
    .default([])
    .transform((rows) => rows.filter((row): row is z.output<T> => row !== undefined))
    .refine((rows) => rows.length <= max, { error: `Como máximo ${max} ${noun}.` });

/** The candidate profile as saved (page form after nestFields(), or the API's JSON body). */
export const candidateProfileSchema = z
  .object({
    titular: plainText(PROFILE_LIMITS.headlineMax),
    experiencia: list(positionSchema, PROFILE_LIMITS.positions, "puestos"),
    formacion: list(educationSchema, PROFILE_LIMITS.education, "estudios"),
    idiomas: list(languageSchema, PROFILE_LIMITS.languages, "idiomas"),
    habilidades: skills,
    disponibilidad: z.preprocess(emptyToUndefined, z.enum(AVAILABILITIES, { error: "Elige tu disponibilidad." }).optional()),
    salario_deseado: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ error: "Escribe una cantidad en números." })
        .int({ error: "Escribe una cantidad sin decimales." })
        .positive({ error: "La cantidad debe ser mayor que cero." })
        .max(PROFILE_LIMITS.salaryMax, { error: "La cantidad es demasiado alta." })
        .optional(),
    ),
    salario_moneda: z.preprocess(emptyToUndefined, z.enum(CURRENCIES, { error: "Elige una moneda de la lista." }).optional()),
    abierto_a_ofertas: z.preprocess((value) => value === true || value === "on" || value === "true" || value === "1", z.boolean()),
  })
  .refine((profile) => profile.salario_deseado === undefined || profile.salario_moneda !== undefined, {
    error: "Elige la moneda del salario.",
    path: ["salario_moneda"],
  });
export type CandidateProfileInput = z.output<typeof candidateProfileSchema>;

/** The profile as stored and shown (what the schema gives, with no optional left undefined). */
export type CandidateProfile = {
  titular: string;
  experiencia: z.output<typeof positionSchema>[];
  formacion: z.output<typeof educationSchema>[];
  idiomas: z.output<typeof languageSchema>[];
  habilidades: string[];
  disponibilidad: Availability | null;
  salarioDeseado: number | null;
  salarioMoneda: (typeof CURRENCIES)[number] | null;
  abiertoAOfertas: boolean;
};

export const EMPTY_PROFILE: CandidateProfile = {
  titular: "",
  experiencia: [],
  formacion: [],
  idiomas: [],
  habilidades: [],
  disponibilidad: null,
  salarioDeseado: null,
  salarioMoneda: null,
  abiertoAOfertas: false,
};

/**
 * A form's flat fields ("experiencia.0.puesto") as the nested object the schema reads. Rows whose
 * fields are all empty are dropped: the form always offers one blank row per section, and emptying
 * a row is how it is removed without JavaScript. Errors keep the row's position in the form.
 */
export function nestFields(form: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const rows: Record<string, Record<number, Record<string, unknown>>> = {};
  for (const [key, value] of Object.entries(form)) {
    const match = /^(experiencia|formacion|idiomas)\.(\d{1,2})\.([a-z_]+)$/.exec(key);
    if (!match) {
      out[key] = value;
      continue;
    }
    const [, section = "", index, field = ""] = match;
    const bySection = rows[section] ?? {};
    rows[section] = bySection;
    const row = bySection[Number(index)] ?? {};
    bySection[Number(index)] = row;
    row[field] = value;
  }
  for (const [section, byIndex] of Object.entries(rows)) {
    const max = Math.max(...Object.keys(byIndex).map(Number));
    // Rows keep their positions, so an error names the row the user sees; a blank row becomes undefined.
    out[section] = Array.from({ length: max + 1 }, (_, index) => {
      const row = byIndex[index];
      return row && Object.values(row).some((value) => typeof value === "string" && value.trim() !== "") ? row : undefined;
    });
  }
  return out;
}

type Check = { label: string; weight: number; done: (profile: CandidateProfile) => boolean };
const CHECKS: Check[] = [
  { label: "Añade tu experiencia (al menos un puesto)", weight: 30, done: (p) => p.experiencia.length > 0 },
  { label: "Añade tu formación", weight: 20, done: (p) => p.formacion.length > 0 },
  { label: "Añade los idiomas que hablas", weight: 15, done: (p) => p.idiomas.length > 0 },
  { label: "Añade al menos tres habilidades", weight: 15, done: (p) => p.habilidades.length >= 3 },
  { label: "Escribe un titular", weight: 10, done: (p) => p.titular.trim() !== "" },
  { label: "Indica tu disponibilidad", weight: 5, done: (p) => p.disponibilidad !== null },
  { label: "Indica el salario que buscas", weight: 5, done: (p) => p.salarioDeseado !== null },
];

/** The completeness meter: a percentage and what is missing, most valuable first. */
export function profileCompleteness(profile: CandidateProfile): { percent: number; missing: string[] } {
  let percent = 0;
  const missing: string[] = [];
  for (const check of CHECKS) {
    if (check.done(profile)) percent += check.weight;
    else missing.push(check.label);
  }
  return { percent, missing };
}

/** A number from a query string: absent when empty; otherwise a positive whole number up to max. */
const queryNumber = (max: number, message: string) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: message }).int({ error: message }).min(1, { error: message }).max(max, { error: message }).optional(),
  );

/** The recruiters' search (query string of the page and the API). */
export const profileSearchSchema = z.object({
  q: optionalText(200),
  estado: queryNumber(2_147_483_647, "La provincia no es válida."),
  habilidad: optionalText(PROFILE_LIMITS.skillMax),
  pagina: queryNumber(100, "La página no es válida."),
});
export type ProfileSearchInput = z.output<typeof profileSearchSchema>;
