import { createRoute, z } from "@hono/zod-openapi";

import { createRouter, errorResponse, IdParam, idFrom, json, SIGNED_IN } from "#server/platform/openapi";
import { JoinRequestSchema } from "./api-schemas";
import { decideJoinRequest, listJoinRequests } from "./company-members.service";
import { requireUser } from "./guards";

const TAG = ["Cuentas: empresa"];
/** Requests to join the signed-in administrator's company (decision 0017). */
export function createCompanyRoutes() {
  const router = createRouter();

  router.openapi(
    createRoute({
      method: "get",
      security: SIGNED_IN,
      path: "/user/empresa/solicitudes",
      tags: TAG,
      summary: "Solicitudes pendientes para unirse a mi empresa (vacío si no la administro)",
      responses: { 200: json(z.array(JoinRequestSchema), "Solicitudes pendientes"), 401: errorResponse("Sin sesión") },
    }),
    async (c) => {
      const { id } = requireUser(c);
      c.header("Cache-Control", "private, no-store");
      return c.json(await listJoinRequests(c.get("app"), id), 200);
    },
  );

  for (const [action, approve] of [
    ["aprobar", true],
    ["rechazar", false],
  ] as const) {
    router.openapi(
      createRoute({
        method: "post",
        security: SIGNED_IN,
        path: `/user/empresa/solicitudes/{id}/${action}`,
        tags: TAG,
        summary: approve ? "Aprobar una solicitud: la persona entra como miembro" : "Rechazar una solicitud",
        request: { params: IdParam },
        responses: {
          200: json(z.array(JoinRequestSchema), "Solicitudes pendientes que quedan"),
          401: errorResponse("Sin sesión"),
          403: errorResponse("No administras ninguna empresa"),
          404: errorResponse("Solicitud no encontrada"),
        },
      }),
      async (c) => {
        const { id } = requireUser(c);
        const ctx = c.get("app");
        await decideJoinRequest(ctx, id, idFrom(c.req.valid("param").id, "Solicitud no encontrada."), approve);
        return c.json(await listJoinRequests(ctx, id), 200);
      },
    );
  }

  return router;
}
