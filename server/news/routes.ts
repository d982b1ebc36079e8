import { createRoute, z } from "@hono/zod-openapi";
import { AppError } from "#server/platform/errors";
import { createRouter, errorResponse, IdParam, idFrom, json } from "#server/platform/openapi";
import {
  NewsPageSchema,
  NewsQuerySchema,
  NoticiaDetailSchema,
  TribunaDetailSchema,
  TribunaQuerySchema,
  TribunaSummarySchema,
} from "./api-schemas";
import { getNoticia, listNews, searchNews } from "./reading.service";
import { mountNewsletterRoutes } from "./routes-newsletter";
import { loadTaxonomy } from "./taxonomy";
import { getTribuna, listTribunas } from "./tribunas.service";

/** Public reads are cached briefly; what a signed-in editor sees (previews) never is. */
const cachePolicy = (signedIn: boolean) => (signedIn ? "private, no-store" : "public, max-age=60");

/** /api/noticias and /api/tribunas: the public news and opinion columns. */
export function createNewsRoutes() {
  const router = createRouter();

  router.openapi(
    createRoute({
      method: "get",
      path: "/noticias",
      tags: ["Noticias"],
      operationId: "listNoticias",
      summary: "Noticias publicadas: las más recientes (de un área o categoría) o, con q, las que mejor coinciden",
      request: { query: NewsQuerySchema },
      responses: {
        200: json(NewsPageSchema, "Una página de noticias"),
        404: errorResponse("Área o categoría desconocida"),
        422: errorResponse("Parámetros no válidos"),
      },
    }),
    async (c) => {
      const ctx = c.get("app");
      const query = c.req.valid("query");
      c.header("Cache-Control", cachePolicy(false));
      if (query.q?.trim()) return c.json(await searchNews(ctx, { q: query.q, cursor: query.cursor, limit: query.limit }), 200);
      const taxonomy = await loadTaxonomy(ctx.db);
      const area = query.area ? taxonomy.areas.find((a) => a.slug === query.area) : undefined;
      const category = query.categoria ? taxonomy.categories.find((a) => a.slug === query.categoria) : undefined;
      if (query.area && !area) throw new AppError("NOT_FOUND", "Área no encontrada.");
      if (query.categoria && !category) throw new AppError("NOT_FOUND", "Categoría no encontrada.");
      return c.json(await listNews(ctx, { areaId: area?.id, categoryId: category?.id, cursor: query.cursor, limit: query.limit }), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/noticias/{id}",
      tags: ["Noticias"],
      operationId: "getNoticia",
      summary: "Una noticia publicada (los editores ven también borradores y programadas)",
      request: { params: IdParam },
      responses: { 200: json(NoticiaDetailSchema, "La noticia"), 404: errorResponse("Noticia no encontrada") },
    }),
    async (c) => {
      const user = c.get("user");
      const noticia = await getNoticia(c.get("app"), idFrom(c.req.valid("param").id, "Noticia no encontrada.", { slug: true }), user);
      c.header("Cache-Control", cachePolicy(Boolean(user)));
      return c.json(noticia, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/tribunas",
      tags: ["Tribunas"],
      operationId: "listTribunas",
      summary:
        "Tribunas de opinión publicadas, las más recientes primero: autor (nombre, cargo, empresa y foto), título, entradilla y fecha",
      request: { query: TribunaQuerySchema },
      responses: { 200: json(z.array(TribunaSummarySchema), "Tribunas"), 422: errorResponse("Parámetros no válidos") },
    }),
    async (c) => {
      const query = c.req.valid("query");
      c.header("Cache-Control", cachePolicy(false));
      return c.json(await listTribunas(c.get("app"), { autorId: query.autor, limit: query.limit }), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/tribunas/{id}",
      tags: ["Tribunas"],
      operationId: "getTribuna",
      summary: "Una tribuna publicada, con su texto",
      request: { params: IdParam },
      responses: { 200: json(TribunaDetailSchema, "La tribuna"), 404: errorResponse("Tribuna no encontrada") },
    }),
    async (c) => {
      const user = c.get("user");
      const tribuna = await getTribuna(c.get("app"), idFrom(c.req.valid("param").id, "Tribuna no encontrada.", { slug: true }), user);
      c.header("Cache-Control", cachePolicy(Boolean(user)));
      return c.json(tribuna, 200);
    },
  );

  mountNewsletterRoutes(router);
  return router;
}
