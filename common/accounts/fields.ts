import { z } from "#common/zod";
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

export const emailOf = (message: string) =>
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

export const text = (message: string, max = 120) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: MESSAGES.tooLong });
export const optionalText = (max = 200) => z.string().trim().max(max, { error: MESSAGES.tooLong }).nullish();

/** A reference id: a positive integer, or its digits as a string. */
export const idField = (message: string) =>
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

export const redirectUrlField = z.string().max(2048).nullish();

export const registerTypeSchema = z.enum(REGISTER_TYPES, { error: MESSAGES.registerType });

export const passwordsMatch = (value: { password: string; password_confirmation: string }) =>
  value.password === value.password_confirmation;
export const mismatch = {
  error: MESSAGES.passwordMismatch,
  path: ["password_confirmation"],
  // Also reported when other fields are wrong, so the form shows every problem at once.
  when: (payload: { value: unknown }) => {
    const value = payload.value as { password?: unknown; password_confirmation?: unknown } | undefined;
    return typeof value?.password === "string" && typeof value?.password_confirmation === "string";
  },
};
