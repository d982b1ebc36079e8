import { createRoute } from "@hono/zod-openapi";
import { assertCan } from "#server/accounts";
import { listAuditLog } from "#server/platform/audit";
import { createRouter, errorResponse, json, SIGNED_IN } from "#server/platform/openapi";
import { AuditPageSchema, AuditQuerySchema } from "./api-schemas";
import { mountProfessionalRoutes } from "./routes-professionals";
import { mountUserRoutes } from "./routes-users";

const TAG = "Administración";

/** /api/admin: the back office's calls. Every route checks its task's role first. */
export function createAdminRoutes() {
  const router = createRouter();

  router.openapi(
    createRoute({
      method: "get",
      security: SIGNED_IN,
      path: "/admin/auditoria",
      tags: [TAG],
      summary: "Registro de auditoría de la administración, lo más reciente primero (solo administradores)",
      request: { query: AuditQuerySchema },
      responses: {
        200: json(AuditPageSchema, "Una página del registro"),
        401: errorResponse("Sin sesión"),
        403: errorResponse("Solo administradores"),
      },
    }),
    async (c) => {
      assertCan(c, "administration");
      const query = c.req.valid("query");
      const page = await listAuditLog(c.get("app").db, { q: query.q, subjectType: query.tipo, before: query.antes, limit: query.limit });
      c.header("Cache-Control", "private, no-store");
      return c.json(
        {
          items: page.items.map((row) => ({
            id: row.id,
            actor_id: row.actorId,
            actor_email: row.actorEmail,
            action: row.action,
            subject_type: row.subjectType,
            subject_id: row.subjectId,
            before: row.before,
            after: row.after,
            at: row.at.toISOString(),
          })),
          next_before: page.nextBefore,
        },
        200,
      );
    },
  );

  mountUserRoutes(router);
  mountProfessionalRoutes(router);
  return router;
}
