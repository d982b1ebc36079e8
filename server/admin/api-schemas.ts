import { z } from "@hono/zod-openapi";
import { MAX_ID } from "#common/ids";

export const AuditEntrySchema = z
  .object({
    id: z.number().int(),
    actor_id: z.number().int().nullable(),
    actor_email: z.string().nullable(),
    action: z.string().openapi({ example: "news.publish" }),
    subject_type: z.string().openapi({ example: "noticia" }),
    subject_id: z.string().nullable(),
    before: z.unknown(),
    after: z.unknown(),
    at: z.string().openapi({ format: "date-time" }),
  })
  .openapi("AuditEntry");

export const AuditPageSchema = z
  .object({ items: z.array(AuditEntrySchema), next_before: z.number().int().nullable() })
  .openapi("AuditPage");

export const AuditQuerySchema = z.object({
  q: z.string().max(200).optional(),
  tipo: z.string().max(40).optional(),
  antes: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});

const REGISTER_TYPES = ["web", "academia", "candidato", "visita", "mkt", "empleo"] as const;
const ROLES = ["candidato", "visitador_farmaceutico", "marketing", "administrador_empleo", "editor", "moderador", "admin"] as const;

export const AdminUserSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    nombre: z.string(),
    register_type: z.enum(REGISTER_TYPES),
    roles: z.array(z.enum(ROLES)),
    bloqueado: z.boolean(),
    bloqueado_en: z.string().nullable().openapi({ format: "date-time" }),
    email_verificado: z.boolean(),
    ultimo_acceso: z.string().nullable().openapi({ format: "date-time" }),
    created_at: z.string().openapi({ format: "date-time" }),
  })
  .openapi("AdminUser");
export const AdminUserDetailSchema = AdminUserSchema.extend({ sesiones: z.number().int() }).openapi("AdminUserDetail");
export const AdminUserPageSchema = z
  .object({ items: z.array(AdminUserSchema), total: z.number().int(), pagina: z.number().int(), paginas: z.number().int() })
  .openapi("AdminUserPage");
export const AdminUserQuerySchema = z.object({
  q: z.string().max(200).optional(),
  tipo: z.enum(REGISTER_TYPES).optional(),
  rol: z.enum(ROLES).optional(),
  estado: z.enum(["activo", "bloqueado"]).optional(),
  pagina: z.coerce.number().int().min(1).max(100_000).optional(),
});
export const UserIdParamSchema = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });
export const RoleChangeSchema = z
  .object({
    role: z.enum(["editor", "moderador", "admin"], { error: "Elige editor, moderador o administrador." }),
    granted: z.boolean({ error: "Indica si se concede (true) o se retira (false)." }),
  })
  .openapi("RoleChange");
export const BlockChangeSchema = z
  .object({ blocked: z.boolean({ error: "Indica si se bloquea (true) o se desbloquea (false)." }) })
  .openapi("BlockChange");
