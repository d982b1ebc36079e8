import { createRoute, z } from "@hono/zod-openapi";
import { requireUser } from "#server/accounts";
import { createRouter, errorResponse, json, SIGNED_IN } from "#server/platform/openapi";

import { linkPreviewQuerySchema, previewLink } from "./link-preview.service";

const LinkPreviewSchema = z
  .object({
    url: z.string().openapi({ description: "La dirección final, tras las redirecciones" }),
    title: z.string().nullable(),
    description: z.string().nullable(),
    image: z.string().nullable().openapi({ description: "Solo https" }),
    site_name: z.string().nullable(),
  })
  .openapi("VistaPreviaEnlace");

/** GET /api/link-preview: Open Graph, Twitter card and HTML metadata of a public page. */
export function createLinkPreviewRoutes() {
  const router = createRouter();
  router.openapi(
    createRoute({
      method: "get",
      security: SIGNED_IN,
      path: "/link-preview",
      tags: ["Utilidades"],
      operationId: "getLinkPreview",
      summary:
        "Vista previa de un enlace (título, descripción, imagen, sitio). Solo http/https en los puertos 80/443 y nunca direcciones privadas, de loopback, link-local, multicast o de metadatos; máximo 3 redirecciones, 5 s y 1 MB",
      request: { query: linkPreviewQuerySchema },
      responses: {
        200: json(LinkPreviewSchema, "Vista previa"),
        401: errorResponse("Sin sesión"),
        422: errorResponse("Dirección no válida, no permitida, o que no es una página web"),
        429: errorResponse("Demasiadas vistas previas"),
      },
    }),
    async (c) => {
      const preview = await previewLink(c.get("app"), requireUser(c), c.req.valid("query").url);
      return c.json(preview, 200, { "Cache-Control": "private, max-age=3600" });
    },
  );
  return router;
}
