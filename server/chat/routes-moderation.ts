import { createRoute, z } from "@hono/zod-openapi";
import { resolveReportSchema } from "#common/chat/schemas";
import { requireUser } from "#server/accounts";
import { createRouter, errorResponse, IdParam, idFrom, json, jsonBody, SIGNED_IN } from "#server/platform/openapi";
import { ChatReportSchema } from "./api-schemas";
import { listReports, resolveReport } from "./moderation.service";
import { noStore, unauthorized } from "./routes-shared";

/** /api/admin/chat: the moderation queue of reports. */
export function createChatModerationRoutes() {
  const router = createRouter();

  router.openapi(
    createRoute({
      method: "get",
      security: SIGNED_IN,
      path: "/admin/chat/reports",
      tags: ["Moderación"],
      operationId: "listChatReports",
      summary: "Cola de moderación del chat (rol moderador)",
      request: { query: z.object({ status: z.enum(["pendiente", "resueltos"]).default("pendiente") }) },
      responses: { 200: json(z.array(ChatReportSchema), "Denuncias"), 401: unauthorized, 403: errorResponse("Solo moderadores") },
    }),
    async (c) => c.json(await listReports(c.get("app"), requireUser(c), c.req.valid("query")), 200, noStore),
  );

  router.openapi(
    createRoute({
      method: "post",
      security: SIGNED_IN,
      path: "/admin/chat/reports/{id}/resolve",
      tags: ["Moderación"],
      operationId: "resolveChatReport",
      summary: "Resolver una denuncia: descartarla, eliminar el mensaje, suspender la cuenta en el chat o bloquearla",
      request: { params: IdParam, body: jsonBody(resolveReportSchema) },
      responses: {
        204: { description: "Resuelta" },
        401: unauthorized,
        403: errorResponse("Solo moderadores"),
        404: errorResponse("Denuncia no encontrada"),
        409: errorResponse("Ya resuelta"),
        422: errorResponse("Acción no válida"),
      },
    }),
    async (c) => {
      const id = idFrom(c.req.valid("param").id, "Denuncia no encontrada.");
      await resolveReport(c.get("app"), requireUser(c), id, c.req.valid("json").action);
      return c.body(null, 204);
    },
  );
  return router;
}
