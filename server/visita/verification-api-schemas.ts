import { z } from "@hono/zod-openapi";
import { VERIFICATION_STATUSES } from "#common/visita/verifications";
import { ProductSummarySchema, RepresentativeSchema } from "./api-schemas";

// Response shapes of /api/visita for verified visits, public profiles and dashboards (issue 14).

const IdNombre = z.object({ id: z.number().int(), nombre: z.string() });
const dateTime = () => z.string().openapi({ format: "date-time" });
const VerificationStateSchema = z.enum([...VERIFICATION_STATUSES, "caducada"]);

export const VerificationSchema = z
  .object({
    id: z.number().int(),
    producto: z.object({ id: z.number().int(), nombre: z.string(), url: z.string() }),
    profesional: z.object({
      nombre: z.string(),
      email: z.string(),
      num_colegiado: z.string().nullable(),
      provincia: IdNombre.nullable(),
    }),
    /** "caducada": a pending request whose link is past its date (resend it). */
    estado: VerificationStateSchema,
    envios: z.number().int(),
    enviada_en: dateTime(),
    caduca_en: dateTime(),
    respondida_en: dateTime().nullable(),
    creada_en: dateTime(),
  })
  .openapi("Verificacion");
export type Verification = z.infer<typeof VerificationSchema>;

export const VerificationCountSchema = z
  .object({
    verificaciones: z.number().int(),
    verificaciones_profesionales: z
      .number()
      .int()
      .openapi({ description: "De ellas, las confirmadas por profesionales verificados (issue 30)" }),
    ultima_verificacion: dateTime().nullable(),
    pendientes: z.number().int(),
  })
  .openapi("RecuentoVerificaciones");
export type VerificationCount = z.infer<typeof VerificationCountSchema>;

export const PublicVerificationSchema = z
  .object({
    estado: VerificationStateSchema,
    profesional_nombre: z.string(),
    visitador: z.object({ nombre: z.string(), cargo: z.string().nullable(), empresa: z.string().nullable() }),
    producto: z.object({ nombre: z.string(), laboratorio: z.string() }),
    caduca_en: dateTime(),
  })
  .openapi("VerificacionPublica");
export type PublicVerification = z.infer<typeof PublicVerificationSchema>;

const ProfilePortfolioItem = z.object({
  entrada_id: z.number().int(),
  producto: ProductSummarySchema,
  zonas: z.array(IdNombre),
  url: z.string(),
  ...VerificationCountSchema.shape,
});

export const PublicProfileSchema = z
  .object({
    usuario: RepresentativeSchema.shape.usuario,
    handle: z.string().openapi({ description: "El identificador público del perfil: {id}-{nombre}" }),
    url: z.string(),
    publico: z.boolean(),
    zonas: z.array(IdNombre),
    cartera: z.array(ProfilePortfolioItem),
    verificaciones: z.number().int(),
    verificaciones_profesionales: z.number().int(),
    contactar_url: z.string(),
  })
  .openapi("PerfilPublico");
export type PublicProfile = z.infer<typeof PublicProfileSchema>;

export const ProfileSettingsSchema = z
  .object({
    publico: z.boolean(),
    url: z.string(),
    completitud: z.object({
      porcentaje: z.number().int(),
      faltan: z.array(z.string()),
    }),
  })
  .openapi("AjustesPerfil");
export type ProfileSettings = z.infer<typeof ProfileSettingsSchema>;

const LabRepresentative = z.object({
  usuario: RepresentativeSchema.shape.usuario,
  zonas: z.array(IdNombre),
  verificaciones: z.number().int(),
  verificaciones_profesionales: z.number().int(),
  ultima_verificacion: dateTime().nullable(),
});

export const LaboratoryDashboardSchema = z
  .object({
    laboratorios: z.array(IdNombre.extend({ slug: z.string() })),
    productos: z.array(
      z.object({
        producto: ProductSummarySchema,
        /** Added by the register (sync or import) in the last NEW_IN_REGISTER_DAYS days: listed first, with its zeros. */
        nuevo_en_registro: z.boolean(),
        visitadores: z.array(LabRepresentative),
        provincias: z.array(IdNombre.extend({ visitadores: z.number().int() })),
        verificaciones: z.number().int(),
        verificaciones_profesionales: z.number().int(),
      }),
    ),
  })
  .openapi("PanelLaboratorio");
export type LaboratoryDashboard = z.infer<typeof LaboratoryDashboardSchema>;

export const RepresentativeDashboardSchema = z
  .object({
    perfil: ProfileSettingsSchema,
    cartera: z.array(
      z.object({
        entrada_id: z.number().int(),
        producto: ProductSummarySchema,
        zonas: z.array(IdNombre),
        ...VerificationCountSchema.shape,
        solicitudes: z.array(VerificationSchema),
      }),
    ),
  })
  .openapi("PanelVisitador");
export type RepresentativeDashboard = z.infer<typeof RepresentativeDashboardSchema>;
