import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "#server/env";
import { AppError } from "#server/platform/errors";
import { errorResponse, json, MessageSchema } from "#server/platform/openapi";
import { unsubscribeNewsletter } from "./newsletter.service";

/**
 * POST /api/newsletter/baja/{token}: the one-click unsubscribe of RFC 8058 that mail clients send
 * from the List-Unsubscribe header (no session, no cookies: the token is the proof).
 */
export function mountNewsletterRoutes(router: OpenAPIHono<AppEnv>) {
  router.openapi(
    createRoute({
      method: "post",
      path: "/newsletter/baja/{token}",
      tags: ["Noticias"],
      operationId: "unsubscribeNewsletter",
      summary: "Baja del boletín semanal con un clic desde el correo (sin sesión; RFC 8058)",
      request: {
        params: z.object({
          token: z
            .string()
            .max(100)
            .openapi({ param: { name: "token", in: "path" } }),
        }),
      },
      responses: { 200: json(MessageSchema, "Baja hecha"), 404: errorResponse("Enlace no válido o ya usado") },
    }),
    async (c) => {
      if (!(await unsubscribeNewsletter(c.get("app"), c.req.valid("param").token))) {
        throw new AppError("NOT_FOUND", "El enlace no es válido o ya te diste de baja del boletín.");
      }
      return c.json({ message: "Te has dado de baja del boletín semanal." }, 200);
    },
  );
}
