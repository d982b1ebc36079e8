import { createRoute, z } from "@hono/zod-openapi";
import { FEEDBACK_THANKS } from "#common/feedback/schema";
import { assertCan } from "#server/accounts";
import { AppError } from "#server/platform/errors";
import { createRouter, errorResponse, json, SIGNED_IN } from "#server/platform/openapi";
import {
  FeedbackBodySchema,
  FeedbackCreatedSchema,
  FeedbackPageSchema,
  FeedbackQuerySchema,
  FeedbackSchema,
  FeedbackStatusBodySchema,
} from "./api-schemas";
import { type FeedbackRow, listFeedback, setFeedbackStatus, submitFeedback } from "./feedback.service";

const toView = (row: FeedbackRow) => ({
  id: row.id,
  valoracion: row.valoracion,
  asunto: row.asunto,
  contenido: row.contenido,
  pagina: row.pagina,
  id_user_feedback: row.userId,
  nombre: row.nombre,
  email: row.email,
  status: row.status,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** POST /api/feedback (product-spec §7) and the back office's inbox under /api/admin/opiniones. */
export function createFeedbackRoutes() {
  const router = createRouter();

  router.openapi(
    createRoute({
      method: "post",
      path: "/feedback",
      tags: ["Opiniones"],
      operationId: "sendFeedback",
      summary: "Envía una opinión («Danos tu opinión»): valoración 1–5, asunto, texto, página, nombre y e-mail",
      request: { body: { required: true, content: { "application/json": { schema: FeedbackBodySchema } } } },
      responses: {
        201: json(FeedbackCreatedSchema, "Opinión recibida"),
        422: errorResponse("Datos no válidos (mensajes por campo)"),
        429: errorResponse("Demasiados envíos"),
      },
    }),
    async (c) => {
      // The raw body (honeypot included) is validated by the service with the form's schema.
      const body = await c.req.json().catch(() => {
        throw new AppError("BAD_REQUEST", "El cuerpo de la petición no es JSON válido.");
      });
      await submitFeedback(c.get("app"), c.get("user"), body, { ip: c.get("clientIp") });
      return c.json({ message: FEEDBACK_THANKS }, 201);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      security: SIGNED_IN,
      path: "/admin/opiniones",
      tags: ["Administración"],
      operationId: "listFeedback",
      summary: "Bandeja de opiniones, las más recientes primero (solo administradores)",
      request: { query: FeedbackQuerySchema },
      responses: {
        200: json(FeedbackPageSchema, "Una página de opiniones"),
        401: errorResponse("Sin sesión"),
        403: errorResponse("Solo administradores"),
      },
    }),
    async (c) => {
      const user = assertCan(c, "administration");
      const query = c.req.valid("query");
      const page = await listFeedback(c.get("app"), user, { status: query.estado, q: query.q, before: query.antes, limit: query.limit });
      c.header("Cache-Control", "private, no-store");
      return c.json({ items: page.items.map(toView), next_before: page.nextBefore }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "patch",
      security: SIGNED_IN,
      path: "/admin/opiniones/{id}",
      tags: ["Administración"],
      operationId: "setFeedbackStatus",
      summary: "Cambia el estado de una opinión (nuevo, leido, resuelto)",
      request: {
        params: z.object({
          id: z.coerce
            .number()
            .int()
            .positive()
            .openapi({ param: { name: "id", in: "path" } }),
        }),
        body: { required: true, content: { "application/json": { schema: FeedbackStatusBodySchema } } },
      },
      responses: {
        200: json(FeedbackSchema, "La opinión"),
        401: errorResponse("Sin sesión"),
        403: errorResponse("Solo administradores"),
        404: errorResponse("Opinión no encontrada"),
        422: errorResponse("Estado no válido"),
      },
    }),
    async (c) => {
      const user = assertCan(c, "administration");
      const row = await setFeedbackStatus(c.get("app"), user, c.req.valid("param").id, c.req.valid("json").status);
      return c.json(toView(row), 200);
    },
  );

  return router;
}
