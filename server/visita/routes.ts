import { createRoute, z } from "@hono/zod-openapi";
import { productSearchSchema } from "#common/visita/schemas";
import { fileHeaders } from "#server/platform/downloads";
import { AppError } from "#server/platform/errors";
import { createRouter, errorResponse, IdParam, idFrom, json } from "#server/platform/openapi";
import { ProductSearchResultSchema, ProductViewSchema, RepresentativesResultSchema } from "./api-schemas";
import { createPortfolioRoutes } from "./portfolio.routes";
import { productBoxSvg } from "./product-image";
import { findProduct, listRepresentatives, productAccess } from "./products.service";
// Promotions (issue 14, promo).
import { createPromotionRoutes } from "./promotions.routes";
import { createRevisionRoutes } from "./revisions.routes";
import { setCatalogueCache, TAG, viewerOf } from "./route-helpers";
import { searchProducts } from "./search.service";
import { createStatsRoutes } from "./stats.routes";
import { createVerificationRoutes } from "./verifications.routes";

/** /api/visita: the catalogue (public), portfolios and revisions. */
export function createVisitaRoutes() {
  const router = createRouter();

  router.openapi(
    createRoute({
      method: "get",
      path: "/visita/productos",
      tags: [TAG],
      summary:
        "Busca medicamentos por nombre, principio activo, laboratorio, código nacional o EAN-13 (tolera errores de escritura), con filtros y sus recuentos",
      description:
        "Los medicamentos sujetos a prescripción solo muestran su detalle a profesionales sanitarios (PUT /api/is-profesional-sanitario): para el resto, `detalle` es null, se encuentran solo por su nombre o su laboratorio titular (no por códigos, principio activo ni código ATC) y no cuentan en las facetas ni en los filtros de forma, grupo ATC, genérico y comercializado.",
      request: { query: productSearchSchema },
      responses: {
        200: json(ProductSearchResultSchema, "Una página de resultados, el total y las facetas"),
        422: errorResponse("Parámetros no válidos"),
      },
    }),
    async (c) => {
      const viewer = await viewerOf(c);
      const result = await searchProducts(c.get("app"), viewer, c.req.valid("query"));
      setCatalogueCache(c, viewer);
      return c.json(result, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/visita/productos/{id}",
      tags: [TAG],
      summary: "Ficha de un medicamento (con restringido true y sin detalle si necesita receta y no eres profesional sanitario)",
      request: { params: IdParam },
      responses: { 200: json(ProductViewSchema, "El medicamento"), 404: errorResponse("No existe") },
    }),
    async (c) => {
      const viewer = await viewerOf(c);
      const product = await findProduct(c.get("app"), viewer, idFrom(c.req.valid("param").id));
      setCatalogueCache(c, viewer);
      return c.json(product, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/visita/productos/{id}/visitadores",
      tags: [TAG],
      summary: "Visitadores que llevan el medicamento en su cartera, opcionalmente en una provincia",
      request: {
        params: IdParam,
        query: z.object({
          estado: z.preprocess(
            (value) => (value === "" ? undefined : value),
            z.coerce
              .number({ error: "La provincia no es válida." })
              .int({ error: "La provincia no es válida." })
              .positive({ error: "La provincia no es válida." })
              .optional(),
          ),
        }),
      },
      responses: {
        200: json(RepresentativesResultSchema, "Visitadores y provincias"),
        403: errorResponse("Medicamento con receta: solo para profesionales sanitarios"),
        404: errorResponse("No existe"),
        422: errorResponse("Provincia no válida"),
      },
    }),
    async (c) => {
      const viewer = await viewerOf(c);
      const id = idFrom(c.req.valid("param").id);
      const result = await listRepresentatives(c.get("app"), viewer, id, { estadoId: c.req.valid("query").estado });
      setCatalogueCache(c, viewer);
      return c.json(result, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/visita/productos/{id}/imagen",
      tags: [TAG],
      summary: "Imagen del medicamento (la subida con la propuesta o, si no hay, la caja generada a partir de sus datos)",
      request: { params: IdParam },
      responses: {
        200: { description: "Imagen", content: { "image/*": { schema: z.any() } } },
        403: errorResponse("Medicamento con receta: solo para profesionales sanitarios"),
        404: errorResponse("No existe"),
      },
    }),
    async (c) => {
      const ctx = c.get("app");
      const viewer = await viewerOf(c);
      const id = idFrom(c.req.valid("param").id);
      const access = await productAccess(ctx, viewer, id);
      if (!access.allowed)
        throw new AppError("FORBIDDEN", "Este medicamento necesita receta: su imagen solo se muestra a profesionales sanitarios.");
      // The address carries ?v=<version>, so a changed product gets a new one.
      const cache = access.prescription === "sin_receta" ? "public, max-age=86400" : "private, max-age=86400";
      if (access.imageKey) {
        const { bytes, mime } = await ctx.storage.read(access.imageKey);
        return c.body(new Uint8Array(bytes), 200, fileHeaders({ mime, inline: true, cache, crossOrigin: "same-site" }));
      }
      const product = await findProduct(ctx, viewer, id);
      const svg = productBoxSvg({
        name: product.nombre,
        laboratory: product.laboratorio.nombre,
        atcCode: product.detalle?.atc?.codigo ?? null,
        prescriptionOnly: product.requiere_receta,
      });
      return c.body(svg, 200, {
        "Content-Type": "image/svg+xml; charset=utf-8",
        "Cache-Control": cache,
        "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
        "Cross-Origin-Resource-Policy": "same-site",
      });
    },
  );

  router.route("/", createPortfolioRoutes());
  router.route("/", createRevisionRoutes());
  // Promotions (issue 14, promo).
  router.route("/", createPromotionRoutes());
  // Issue 14: verified visits, public profiles, dashboards.
  router.route("/", createVerificationRoutes());
  router.route("/", createStatsRoutes());
  return router;
}
