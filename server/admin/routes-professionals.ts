import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { readProVerificationProof } from "#server/accounts";
import type { AppEnv } from "#server/env";
import { fileHeaders } from "#server/platform/downloads";
import { errorResponse, IdParam, idFrom, SIGNED_IN } from "#server/platform/openapi";

const binary = { schema: z.any().openapi({ type: "string", format: "binary" }) };
const NOT_FOUND = "El justificante no existe o ya se ha borrado.";

/**
 * The proof of a pending professional verification (issue 30): moderators only, never cached, and
 * gone once the request is decided. Images the server re-encoded show inline; a PDF downloads.
 */
export function mountProfessionalRoutes(router: OpenAPIHono<AppEnv>) {
  router.openapi(
    createRoute({
      method: "get",
      security: SIGNED_IN,
      path: "/admin/profesionales/{id}/justificante",
      tags: ["Administración"],
      summary: "Justificante de una solicitud de verificación de profesional pendiente (solo moderación)",
      request: { params: IdParam },
      responses: {
        200: { description: "El justificante", content: { "application/pdf": binary, "image/webp": binary } },
        401: errorResponse("Sin sesión"),
        403: errorResponse("Solo moderación"),
        404: errorResponse(NOT_FOUND),
      },
    }),
    async (c) => {
      const file = await readProVerificationProof(c.get("app"), c.get("user"), idFrom(c.req.valid("param").id, NOT_FOUND));
      return c.body(
        new Uint8Array(file.bytes),
        200,
        fileHeaders({ mime: file.mime, name: file.filename, inline: true, cache: "private, no-store" }),
      );
    },
  );
}
