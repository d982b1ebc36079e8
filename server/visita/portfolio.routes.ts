import { createRoute, z } from "@hono/zod-openapi";
import { portfolioCreateSchema, portfolioEntrySchema } from "#common/visita/schemas";
import { requireUser } from "#server/accounts";
import { createRouter, errorResponse, IdParam, idFrom, json, jsonBody, SIGNED_IN } from "#server/platform/openapi";
import { PortfolioEntrySchema, PublicPortfolioEntrySchema } from "./api-schemas";
import {
  addToPortfolio,
  ENTRY_NOT_FOUND,
  getPublicPortfolioEntry,
  listMyPortfolio,
  removePortfolioEntry,
  updatePortfolioEntry,
} from "./portfolio.service";
import { setCatalogueCache, TAG, viewerOf } from "./route-helpers";

const guarded = {
  401: errorResponse("Sin sesión"),
  403: errorResponse("Solo visitadores farmacéuticos y marketing"),
};

/** /api/visita/cartera: a representative's portfolio (their own only) and the public view of an entry. */
export function createPortfolioRoutes() {
  const router = createRouter();

  router.openapi(
    createRoute({
      method: "get",
      security: SIGNED_IN,
      path: "/visita/cartera",
      tags: [TAG],
      summary: "Mi cartera de productos",
      responses: { 200: json(z.array(PortfolioEntrySchema), "Entradas de la cartera"), ...guarded },
    }),
    async (c) => {
      c.header("Cache-Control", "private, no-store");
      return c.json(await listMyPortfolio(c.get("app"), requireUser(c)), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      security: SIGNED_IN,
      path: "/visita/cartera",
      tags: [TAG],
      summary: "Añadir un producto del catálogo a mi cartera, con las provincias que cubro y una nota",
      request: { body: jsonBody(portfolioCreateSchema) },
      responses: {
        201: json(PortfolioEntrySchema, "Añadido"),
        ...guarded,
        404: errorResponse("Producto no encontrado"),
        409: errorResponse("Ya está en la cartera"),
        422: errorResponse("Datos no válidos"),
      },
    }),
    async (c) => c.json(await addToPortfolio(c.get("app"), requireUser(c), c.req.valid("json")), 201),
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/visita/cartera/{id}",
      tags: [TAG],
      summary: "Vista pública de una entrada de cartera: el producto, el visitador y sus provincias",
      request: { params: IdParam },
      responses: {
        200: json(PublicPortfolioEntrySchema, "Entrada"),
        403: errorResponse("Medicamento con receta: quién lo presenta solo se muestra a profesionales sanitarios"),
        404: errorResponse("No existe"),
      },
    }),
    async (c) => {
      const viewer = await viewerOf(c);
      const entry = await getPublicPortfolioEntry(c.get("app"), viewer, idFrom(c.req.valid("param").id, ENTRY_NOT_FOUND));
      setCatalogueCache(c, viewer);
      return c.json(entry, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "put",
      security: SIGNED_IN,
      path: "/visita/cartera/{id}",
      tags: [TAG],
      summary: "Cambiar las provincias o la nota de una entrada de mi cartera",
      request: { params: IdParam, body: jsonBody(portfolioEntrySchema) },
      responses: {
        200: json(PortfolioEntrySchema, "Guardado"),
        ...guarded,
        404: errorResponse("No es tuya o no existe"),
        422: errorResponse("Datos no válidos"),
      },
    }),
    async (c) => {
      const id = idFrom(c.req.valid("param").id, ENTRY_NOT_FOUND);
      return c.json(await updatePortfolioEntry(c.get("app"), requireUser(c), id, c.req.valid("json")), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "delete",
      security: SIGNED_IN,
      path: "/visita/cartera/{id}",
      tags: [TAG],
      summary: "Quitar un producto de mi cartera",
      request: { params: IdParam },
      responses: { 204: { description: "Quitado" }, ...guarded, 404: errorResponse("No es tuya o no existe") },
    }),
    async (c) => {
      await removePortfolioEntry(c.get("app"), requireUser(c), idFrom(c.req.valid("param").id, ENTRY_NOT_FOUND));
      return c.body(null, 204);
    },
  );

  return router;
}
