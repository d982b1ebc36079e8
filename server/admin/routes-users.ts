import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { type AdminUserRow, assertCan, getUserForAdmin, listUsers, setBackofficeRole, setUserBlocked } from "#server/accounts";
import type { AppEnv } from "#server/env";
import { errorResponse, json, SIGNED_IN } from "#server/platform/openapi";
import {
  AdminUserDetailSchema,
  AdminUserPageSchema,
  AdminUserQuerySchema,
  AdminUserSchema,
  BlockChangeSchema,
  RoleChangeSchema,
  UserIdParamSchema,
} from "./api-schemas";

const TAG = "Administración";
const iso = (date: Date | null) => date?.toISOString() ?? null;
const toView = (row: AdminUserRow) => ({
  id: row.id,
  email: row.email,
  nombre: row.nombre,
  register_type: row.registerType,
  roles: row.roles,
  bloqueado: row.blockedAt !== null,
  bloqueado_en: iso(row.blockedAt),
  email_verificado: row.emailVerifiedAt !== null,
  ultimo_acceso: iso(row.lastLoginAt),
  created_at: row.createdAt.toISOString(),
});
const denied = { 401: errorResponse("Sin sesión"), 403: errorResponse("Solo administradores") };

/** /api/admin/usuarios: find users, grant or remove back-office roles, block and unblock (admins only). */
export function mountUserRoutes(router: OpenAPIHono<AppEnv>) {
  router.openapi(
    createRoute({
      method: "get",
      path: "/admin/usuarios",
      tags: [TAG],
      security: SIGNED_IN,
      operationId: "listAdminUsers",
      summary: "Busca usuarios por e-mail, nombre o id, con filtros de tipo de cuenta, rol y estado (25 por página)",
      request: { query: AdminUserQuerySchema },
      responses: { 200: json(AdminUserPageSchema, "Una página de usuarios"), ...denied, 422: errorResponse("Filtros no válidos") },
    }),
    async (c) => {
      const user = assertCan(c, "administration");
      const page = await listUsers(c.get("app"), user, c.req.valid("query"));
      c.header("Cache-Control", "private, no-store");
      return c.json({ ...page, items: page.items.map(toView) }, 200);
    },
  );
  router.openapi(
    createRoute({
      method: "get",
      path: "/admin/usuarios/{id}",
      tags: [TAG],
      security: SIGNED_IN,
      operationId: "getAdminUser",
      summary: "Un usuario: tipo de cuenta, roles, estado y sesiones abiertas",
      request: { params: UserIdParamSchema },
      responses: { 200: json(AdminUserDetailSchema, "El usuario"), ...denied, 404: errorResponse("No existe") },
    }),
    async (c) => {
      const user = assertCan(c, "administration");
      const row = await getUserForAdmin(c.get("app"), user, c.req.valid("param").id);
      c.header("Cache-Control", "private, no-store");
      return c.json({ ...toView(row), sesiones: row.sesiones }, 200);
    },
  );
  router.openapi(
    createRoute({
      method: "post",
      path: "/admin/usuarios/{id}/roles",
      tags: [TAG],
      security: SIGNED_IN,
      operationId: "setAdminUserRole",
      summary: "Concede o retira un rol de la administración (editor, moderador, admin); queda en la auditoría",
      request: { params: UserIdParamSchema, body: { required: true, content: { "application/json": { schema: RoleChangeSchema } } } },
      responses: {
        200: json(AdminUserSchema, "El usuario con sus roles"),
        ...denied,
        404: errorResponse("No existe"),
        409: errorResponse("Un administrador no puede quitarse su propio rol"),
        422: errorResponse("Rol no válido"),
      },
    }),
    async (c) => {
      const user = assertCan(c, "administration");
      const body = c.req.valid("json");
      const row = await setBackofficeRole(c.get("app"), user, { userId: c.req.valid("param").id, role: body.role, granted: body.granted });
      return c.json(toView(row), 200);
    },
  );
  router.openapi(
    createRoute({
      method: "post",
      path: "/admin/usuarios/{id}/bloqueo",
      tags: [TAG],
      security: SIGNED_IN,
      operationId: "setAdminUserBlocked",
      summary: "Bloquea (cierra sus sesiones e impide entrar) o desbloquea una cuenta; queda en la auditoría",
      request: { params: UserIdParamSchema, body: { required: true, content: { "application/json": { schema: BlockChangeSchema } } } },
      responses: {
        200: json(AdminUserSchema, "El usuario"),
        ...denied,
        404: errorResponse("No existe"),
        409: errorResponse("Nadie puede bloquearse a sí mismo"),
        422: errorResponse("Datos no válidos"),
      },
    }),
    async (c) => {
      const user = assertCan(c, "administration");
      const row = await setUserBlocked(c.get("app"), user, { userId: c.req.valid("param").id, blocked: c.req.valid("json").blocked });
      return c.json(toView(row), 200);
    },
  );
}
