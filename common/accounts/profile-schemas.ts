import { z } from "#common/zod";
import { cargoField, emailOf, flagField, idField, isTrue, MESSAGES, optionalText, text } from "./fields";

// The profiles (spec §7): one per register type, the company step and the /app/cuenta basics.
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

/**
 * Editing the basics from /app/cuenta. The birth date and the company asked at registration
 * (web, academia, candidato) are optional here, with registration's rules when sent: a valid date
 * of someone 16 to 100 years old; a company name unless `desempleado` (issue 26).
 */
export const profileUpdateSchema = z
  .object({
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
    nacimiento: nacimientoField.optional(),
    empresa_nombre: optionalText(160),
    desempleado: flagField.nullish(),
  })
  .superRefine((value, issue) => {
    const companyGiven = value.empresa_nombre !== undefined || (value.desempleado !== undefined && value.desempleado !== null);
    if (companyGiven && !isTrue(value.desempleado) && !value.empresa_nombre) {
      issue.addIssue({ code: "custom", path: ["empresa_nombre"], message: MESSAGES.empresaNombre });
    }
  });
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;
