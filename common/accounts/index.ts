import { z } from "zod";
import "#common/validation";

/**
 * Accounts payloads and responses, shared by the forms (app/) and the API (server/accounts/).
 *
 * Field semantics (decision 0007):
 * - `cargo`: a job-title id from GET /api/sistema/cargos (a number, or a numeric string from a
 *   form), OR free text (2–120 characters) when the person's title is not in the list.
 * - `empresa_tipo` / `tipoEmpresa`: an id from GET /api/sistema/empresa-tipos.
 * - `pais`, `empresaPais`, `pais_id`: ids from GET /api/paises; `estado`, `empresaEstado`, `zonas`:
 *   ids from GET /api/paises/{id}/estados (an estado must belong to its country).
 * - `delegacion` (web profiles): free text, the office or branch the person works at.
 * - `empresa_nombre` (web profiles): free text; required unless `desempleado`.
 * - `desempleado`, `autoempleo`, `publicidad`: booleans; 0/1 and "0"/"1" are accepted too.
 * - `empresa` (marketing, empleo): the company's name. In `empleoEmpresaSchema` a number means
 *   "join this existing company" (an id from GET /api/empresas/search).
 */

export const REGISTER_TYPES = ["web", "academia", "candidato", "visita", "mkt", "empleo"] as const;
export type RegisterTypeName = (typeof REGISTER_TYPES)[number];

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const PASSWORD_RULES = "Entre 8 y 128 caracteres, con al menos una letra y un número.";

export const MESSAGES = {
  email: "Introduce un correo electrónico válido",
  passwordRequired: "Introduce tu contraseña",
  passwordMin: "La contraseña debe tener al menos 8 caracteres",
  passwordMax: "La contraseña no puede tener más de 128 caracteres",
  passwordLetterDigit: "La contraseña debe incluir al menos una letra y un número",
  passwordMismatch: "Las contraseñas no coinciden",
  currentPassword: "Introduce tu contraseña actual",
  registerType: "Elige un tipo de cuenta válido",
  nombre: "Introduce tu nombre",
  apellidos: "Introduce tus apellidos",
  cargo: "Indica tu cargo",
  empresaNombre: "Indica el nombre de tu empresa",
  empresaTipo: "Elige el tipo de empresa",
  nacimiento: "Introduce una fecha de nacimiento válida (dd/mm/aaaa)",
  nacimientoEdad: "Debes tener entre 16 y 100 años",
  pais: "Elige un país",
  estado: "Elige una provincia o estado",
  zonas: "Elige al menos una zona",
  empresa: "Indica el nombre de la empresa",
  emailEmpresa: "Introduce un correo electrónico de empresa válido",
  codigoPostal: "Introduce un código postal válido",
  direccion: "Introduce la dirección de la empresa",
  web: "Introduce una dirección web válida (https://…)",
  poblacion: "Introduce la población",
  telefono: "Introduce un teléfono válido",
  googleToken: "Falta la credencial de Google",
  tooLong: "El texto es demasiado largo",
} as const;

// ——— Building blocks ———

const emailOf = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .toLowerCase()
    .max(254, { error: message })
    .pipe(z.email({ error: message }));
export const emailField = emailOf(MESSAGES.email);

/**
 * The password rule of every new password. The OpenAPI generator writes a regex check's pattern
 * from RegExp#toString (flags and all, and only the first check), so the document's pattern is
 * given here: one flagless ECMA-262 pattern for both checks (a letter and a digit anywhere).
 */
export const passwordField = z
  .string({ error: MESSAGES.passwordMin })
  .min(PASSWORD_MIN, { error: MESSAGES.passwordMin })
  .max(PASSWORD_MAX, { error: MESSAGES.passwordMax })
  .regex(/\p{L}/u, { error: MESSAGES.passwordLetterDigit })
  .regex(/\p{Nd}/u, { error: MESSAGES.passwordLetterDigit })
  .meta({ pattern: "^(?=[\\s\\S]*\\p{L})(?=[\\s\\S]*\\p{Nd})" });

/** true/false, 0/1, "0"/"1", "true"/"false" (forms and the previous clients send all of them). */
export const flagField = z.union([z.boolean(), z.literal(0), z.literal(1), z.enum(["0", "1", "true", "false"])]);
export const isTrue = (value: unknown): boolean => value === true || value === 1 || value === "1" || value === "true";

const text = (message: string, max = 120) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: MESSAGES.tooLong });
const optionalText = (max = 200) => z.string().trim().max(max, { error: MESSAGES.tooLong }).nullish();

/** A reference id: a positive integer, or its digits as a string. */
const idField = (message: string) =>
  z.union(
    [z.number({ error: message }).int({ error: message }).positive({ error: message }), z.string().regex(/^\d{1,9}$/, { error: message })],
    {
      error: message,
    },
  );
export const toId = (value: number | string | null | undefined): number | undefined =>
  value === null || value === undefined || value === "" ? undefined : Number(value);

/** A cargo id (number or digits) or a free-text job title. */
export const cargoField = z.union([z.number().int().positive(), z.string().trim().min(2).max(120)], { error: MESSAGES.cargo });

const redirectUrlField = z.string().max(2048).nullish();

export const registerTypeSchema = z.enum(REGISTER_TYPES, { error: MESSAGES.registerType });

const passwordsMatch = (value: { password: string; password_confirmation: string }) => value.password === value.password_confirmation;
const mismatch = {
  error: MESSAGES.passwordMismatch,
  path: ["password_confirmation"],
  // Also reported when other fields are wrong, so the form shows every problem at once.
  when: (payload: { value: unknown }) => {
    const value = payload.value as { password?: unknown; password_confirmation?: unknown } | undefined;
    return typeof value?.password === "string" && typeof value?.password_confirmation === "string";
  },
};

// ——— Authentication ———

export const loginSchema = z.object({
  email: emailField,
  password: z.string({ error: MESSAGES.passwordRequired }).min(1, { error: MESSAGES.passwordRequired }).max(1024),
  redirect_url: redirectUrlField,
  /** Truthy: answer with the academy's signed address instead of an in-app destination. */
  redirect_academia: z.union([z.boolean(), z.number(), z.string()]).nullish(),
});

export const registerSchema = z
  .object({
    email: emailField,
    password: passwordField,
    password_confirmation: z.string({ error: MESSAGES.passwordMismatch }),
    redirect_url: redirectUrlField,
    register_type: registerTypeSchema,
    /** Country id; absent or unknown becomes 28 (España). */
    pais_id: z.union([z.number(), z.string()]).nullish(),
    /** Consent to advertising e-mails. */
    publicidad: flagField.nullish(),
  })
  .refine(passwordsMatch, mismatch);
export type RegisterInput = z.infer<typeof registerSchema>;

export const googleRegisterSchema = z.object({
  /** Informative only: the address comes from the verified Google ID token. */
  email: z.string().max(254).nullish(),
  redirect_url: redirectUrlField,
  register_type: registerTypeSchema,
  pais_id: z.union([z.number(), z.string()]).nullish(),
  /** The Google ID token (a JWT from Google Identity Services). */
  google_id: z.string({ error: MESSAGES.googleToken }).min(1, { error: MESSAGES.googleToken }).max(8192),
});
export type GoogleRegisterInput = z.infer<typeof googleRegisterSchema>;

export const renewPasswordSendSchema = z.object({ email: emailField });

export const newPasswordSchema = z
  .object({ password: passwordField, password_confirmation: z.string({ error: MESSAGES.passwordMismatch }) })
  .refine(passwordsMatch, mismatch);

/**
 * PUT /api/user with a reset grant: the specification's payload is `password` alone (product-spec
 * §7). A confirmation is optional there, and must match when a client sends one; the page's form
 * asks for it (newPasswordSchema).
 */
export const resetPasswordSchema = z
  .object({ password: passwordField, password_confirmation: z.string({ error: MESSAGES.passwordMismatch }).nullish() })
  .refine((value) => value.password_confirmation == null || value.password === value.password_confirmation, mismatch);

export const changePasswordSchema = z
  .object({
    current_password: z.string({ error: MESSAGES.currentPassword }).min(1, { error: MESSAGES.currentPassword }).max(1024),
    password: passwordField,
    password_confirmation: z.string({ error: MESSAGES.passwordMismatch }),
  })
  .refine(passwordsMatch, mismatch);

export const resendVerificationSchema = z.object({ register_type: registerTypeSchema.nullish() });
export const loginCookieSchema = z.object({ hash: z.string().min(1).max(1024) });
export const deleteAccountSchema = z.object({
  password: z.string({ error: MESSAGES.currentPassword }).min(1, { error: MESSAGES.currentPassword }).max(1024),
});
export const profesionalSanitarioSchema = z.object({ is_profesional_sanitario: flagField });
export const redirigirAcademiaSchema = z.object({ userId: z.union([z.number().int(), z.string().regex(/^\d+$/)]) });
export const pageviewSchema = z.object({
  path: z.string().trim().min(1).max(512).startsWith("/"),
  role: z.string().trim().max(40).nullish(),
});

// ——— Profiles (spec §7) ———

export const profileWebSchema = z
  .object({
    nombre: text(MESSAGES.nombre, 80),
    apellidos: text(MESSAGES.apellidos, 120),
    empresa_nombre: optionalText(160),
    delegacion: optionalText(120),
    cargo: cargoField,
    empresa_tipo: idField(MESSAGES.empresaTipo).nullish(),
    desempleado: flagField.nullish(),
    autoempleo: flagField.nullish(),
  })
  .superRefine((value, issue) => {
    if (!isTrue(value.desempleado) && !value.empresa_nombre) {
      issue.addIssue({ code: "custom", path: ["empresa_nombre"], message: MESSAGES.empresaNombre });
    }
  });
export type ProfileWebInput = z.infer<typeof profileWebSchema>;

const nacimientoField = z
  .string({ error: MESSAGES.nacimiento })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: MESSAGES.nacimiento })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), {
    error: MESSAGES.nacimiento,
  })
  .refine(
    (value) => {
      const age = (Date.now() - Date.parse(`${value}T00:00:00Z`)) / (365.25 * 86_400_000);
      return age >= 16 && age <= 100;
    },
    { error: MESSAGES.nacimientoEdad },
  );

export const profileCandidatoSchema = z
  .object({
    nombre: text(MESSAGES.nombre, 80),
    apellidos: text(MESSAGES.apellidos, 120),
    empresa_nombre: optionalText(160),
    delegacion: optionalText(120),
    cargo: cargoField,
    empresa_tipo: idField(MESSAGES.empresaTipo).nullish(),
    desempleado: flagField.nullish(),
    autoempleo: flagField.nullish(),
    nacimiento: nacimientoField,
    pais: idField(MESSAGES.pais),
    /** Required when the country has sub-divisions; must belong to `pais` (checked by the server). */
    estado: idField(MESSAGES.estado).nullish(),
  })
  .superRefine((value, issue) => {
    if (!isTrue(value.desempleado) && !value.empresa_nombre) {
      issue.addIssue({ code: "custom", path: ["empresa_nombre"], message: MESSAGES.empresaNombre });
    }
  });
export type ProfileCandidatoInput = z.infer<typeof profileCandidatoSchema>;

/**
 * The candidate fields a signed-in user of another type completes to add the candidato role to
 * the same account (one person, one e-mail address), e.g. from an offer page.
 */
export const addCandidatoSchema = z.object({
  nombre: text(MESSAGES.nombre, 80),
  apellidos: text(MESSAGES.apellidos, 120),
  nacimiento: nacimientoField,
  pais: idField(MESSAGES.pais),
  estado: idField(MESSAGES.estado).nullish(),
});
export type AddCandidatoInput = z.infer<typeof addCandidatoSchema>;

export const profileVisitaSchema = z.object({
  nombre: text(MESSAGES.nombre, 80),
  apellidos: text(MESSAGES.apellidos, 120),
  cargo: cargoField,
  /** Estado ids the representative covers. */
  zonas: z
    .array(z.number({ error: MESSAGES.zonas }).int({ error: MESSAGES.zonas }).positive({ error: MESSAGES.zonas }), {
      error: MESSAGES.zonas,
    })
    .min(1, { error: MESSAGES.zonas })
    .max(100, { error: MESSAGES.zonas }),
});
export type ProfileVisitaInput = z.infer<typeof profileVisitaSchema>;

const companyFields = {
  empresa: text(MESSAGES.empresa, 160),
  emailEmpresa: emailOf(MESSAGES.emailEmpresa),
  empresaCodigoPostal: z
    .string({ error: MESSAGES.codigoPostal })
    .trim()
    .regex(/^[A-Za-z0-9 -]{3,12}$/, { error: MESSAGES.codigoPostal }),
  empresaDireccion: text(MESSAGES.direccion, 200),
  empresaDireccion2: optionalText(200),
  empresaPais: idField(MESSAGES.pais),
  empresaPoblacion: text(MESSAGES.poblacion, 120),
  tipoEmpresa: idField(MESSAGES.empresaTipo),
  empresaTelefono: z
    .string({ error: MESSAGES.telefono })
    .trim()
    .regex(/^\+?[0-9 ()-]{6,20}$/, { error: MESSAGES.telefono }),
  /** Required when the country has sub-divisions; must belong to `empresaPais` (checked by the server). */
  empresaEstado: idField(MESSAGES.estado).nullish(),
};

const webField = z
  .string({ error: MESSAGES.web })
  .trim()
  .max(300, { error: MESSAGES.web })
  // No /i flag: the OpenAPI document copies the pattern without its flags.
  .regex(/^[Hh][Tt][Tt][Pp][Ss]?:\/\/[^\s/$.?#][^\s]*$/, { error: MESSAGES.web });

export const profileMarketingSchema = z.object({
  nombre: text(MESSAGES.nombre, 80),
  apellidos: text(MESSAGES.apellidos, 120),
  cargo: cargoField,
  ...companyFields,
  empresaWeb: z.union([webField, z.literal("")]).nullish(),
});
export type ProfileMarketingInput = z.infer<typeof profileMarketingSchema>;

export const profileEmpleoSchema = z.object({
  nombre: text(MESSAGES.nombre, 80),
  apellidos: text(MESSAGES.apellidos, 120),
  cargo: cargoField,
  ...companyFields,
});
export type ProfileEmpleoInput = z.infer<typeof profileEmpleoSchema>;

const empleoEmpresaCreateSchema = z.object({ cargo: cargoField, ...companyFields });

/**
 * The company step of empleo: either `{ empresa: <id> }` (join an existing company, cargo optional)
 * or `cargo` plus the company fields (create a company with a first delegation "Sede central").
 */
export const empleoEmpresaSchema = z
  .object({
    cargo: cargoField.nullish(),
    empresa: z.union([z.number().int().positive(), z.string()], { error: MESSAGES.empresa }),
    emailEmpresa: z.string().nullish(),
    empresaCodigoPostal: z.string().nullish(),
    empresaDireccion: z.string().nullish(),
    empresaDireccion2: z.string().nullish(),
    empresaPais: z.union([z.number(), z.string()]).nullish(),
    empresaPoblacion: z.string().nullish(),
    tipoEmpresa: z.union([z.number(), z.string()]).nullish(),
    empresaTelefono: z.string().nullish(),
    empresaEstado: z.union([z.number(), z.string()]).nullish(),
  })
  .superRefine((value, ctx) => {
    if (typeof value.empresa === "number") return;
    const result = empleoEmpresaCreateSchema.safeParse(value);
    if (!result.success)
      for (const issue of result.error.issues) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
  });
export type EmpleoEmpresaInput = z.infer<typeof empleoEmpresaSchema>;
export const isJoinEmpresa = (input: EmpleoEmpresaInput): input is EmpleoEmpresaInput & { empresa: number } =>
  typeof input.empresa === "number";

/** Editing the basics from /app/cuenta. */
export const profileUpdateSchema = z.object({
  nombre: text(MESSAGES.nombre, 80),
  apellidos: text(MESSAGES.apellidos, 120),
  pais_id: idField(MESSAGES.pais),
  estado_id: idField(MESSAGES.estado).nullish(),
  cargo: z.union([cargoField, z.literal("")]).nullish(),
  telefono: z
    .union([
      z
        .string()
        .trim()
        .regex(/^\+?[0-9 ()-]{6,20}$/, { error: MESSAGES.telefono }),
      z.literal(""),
    ])
    .nullish(),
  publicidad: flagField,
});
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

// ——— Responses ———

/** The authenticated user as the API returns it (product-spec §3 "authUser"). */
export type AuthUser = {
  id: number;
  email: string;
  register_type: string;
  avatar: string | null;
  /** Initials shown when there is no avatar picture. */
  avatar_text: string;
  nombre: string | null;
  apellidos: string | null;
  /** Unread notifications (chat messages, application updates). */
  notifications: number;
  pais: { id: number; iso: string; slug: string; nombre: string } | null;
  /** Every known role → 1 or 0. */
  roles: Record<string, 0 | 1>;
  empresa: { id: number; nombre: string; slug: string; delegacion: { id: number; nombre: string } | null } | null;
  profesional_sanitario: 0 | 1;
  email_verified: boolean;
  profile_completed: boolean;
};

export type LoginResponse = { user: AuthUser; access_token: string; redirect: string } | { redirect_academia: string };
export type GoogleRegisterResponse = { user: AuthUser; access_token: string; redirect: string };
/** 200 with the next page; 202 when a company's administrators must approve a join request first. */
export type ProfileSaveResponse = { user: AuthUser; redirect: string; pending?: true; message?: string };
export type MessageResponse = { message: string };
export type SessionInfo = {
  id: number;
  kind: "web" | "api";
  user_agent: string | null;
  ip: string | null;
  created_at: string;
  last_used_at: string;
  current: boolean;
};
export type EmpresaSearchResult = {
  id: number;
  empresa_nombre: string;
  slug: string;
  delegacion: { id: number; nombre: string } | null;
  delegaciones: Array<{ id: number; nombre: string }>;
};

// ——— Destinations (spec §2 "After login", §6): pure rules, in their own module ———

export * from "./destinations";

// Texts the API answers with, in a module without zod: the sign-in page shows them in its first
// load and leaves the schemas for later (decision 0050).
export * from "./messages";
