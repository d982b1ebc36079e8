import { z } from "@hono/zod-openapi";

/** OpenAPI descriptions of the accounts responses (the request schemas live in common/accounts). */
export const AuthUserSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    register_type: z.string().openapi({ example: "web" }),
    avatar: z.string().nullable(),
    avatar_text: z.string().openapi({ example: "LG" }),
    nombre: z.string().nullable(),
    apellidos: z.string().nullable(),
    notifications: z.number().int().openapi({ description: "Unread notifications (the bell)." }),
    chat_unread: z.number().int().openapi({ description: "Unread chat messages." }),
    pais: z.object({ id: z.number().int(), iso: z.string(), slug: z.string(), nombre: z.string() }).nullable(),
    roles: z.record(z.string(), z.union([z.literal(0), z.literal(1)])).openapi({ example: { visitador_farmaceutico: 1, marketing: 0 } }),
    empresa: z
      .object({
        id: z.number().int(),
        nombre: z.string(),
        slug: z.string(),
        delegacion: z.object({ id: z.number().int(), nombre: z.string() }).nullable(),
      })
      .nullable(),
    profesional_sanitario: z.union([z.literal(0), z.literal(1)]),
    profesional_verificado: z.boolean().openapi({ description: "Profesional sanitario verificado por la moderación (insignia)" }),
    email_verified: z.boolean(),
    profile_completed: z.boolean(),
  })
  .openapi("AuthUser");

export const UserRedirectSchema = z.object({ user: AuthUserSchema, redirect: z.string() }).openapi("UserAndRedirect");
export const JoinRequestedSchema = z
  .object({ user: AuthUserSchema, pending: z.literal(true), message: z.string() })
  .openapi("JoinRequested", { description: "The company has administrators: a request awaits their approval." });
export const JoinRequestSchema = z
  .object({ id: z.number().int(), nombre: z.string(), email: z.string(), created_at: z.string() })
  .openapi("CompanyJoinRequest");
export const UserTokenRedirectSchema = z
  .object({ user: AuthUserSchema, access_token: z.string().openapi({ example: "12|Zp…" }), redirect: z.string() })
  .openapi("UserTokenRedirect");
export const AcademiaRedirectSchema = z.object({ redirect_academia: z.string() }).openapi("AcademiaRedirect");
export const SessionInfoSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(["web", "api"]),
    user_agent: z.string().nullable(),
    ip: z.string().nullable(),
    created_at: z.string(),
    last_used_at: z.string(),
    current: z.boolean(),
  })
  .openapi("SessionInfo");
export const EmpresaSearchResultSchema = z
  .object({
    id: z.number().int(),
    empresa_nombre: z.string(),
    slug: z.string(),
    delegacion: z.object({ id: z.number().int(), nombre: z.string() }).nullable(),
    delegaciones: z.array(z.object({ id: z.number().int(), nombre: z.string() })),
  })
  .openapi("EmpresaSearchResult");
