import { createRoute, z } from "@hono/zod-openapi";
import { pageviewSchema, profesionalSanitarioSchema } from "#common/accounts";
import { createRouter, errorResponse, json, jsonBody, noContent } from "#server/platform/openapi";
import { enforceRateLimit, hitRateLimit } from "#server/platform/rate-limit";
import { professionalSetCookie } from "#server/platform/session-cookie";
import { EmpresaSearchResultSchema } from "./api-schemas";
import { checkEmail } from "./check-email";
import { searchEmpresas } from "./companies.service";
import { recordPageView } from "./page-views.service";
import { setProfesionalSanitario } from "./professional.service";

const TAG = ["Cuentas: utilidades"];

export function createPublicAccountRoutes() {
  const router = createRouter();

  router.openapi(
    createRoute({
      method: "get",
      path: "/sistema/check-email/{email}",
      tags: TAG,
      summary: "Comprueba la forma y el dominio de un correo; nunca dice si está registrado",
      request: {
        params: z.object({
          email: z
            .string()
            .max(320)
            .openapi({ param: { name: "email", in: "path" } }),
        }),
      },
      responses: {
        200: json(z.object({ email: z.string(), valid: z.boolean(), message: z.string().optional() }), "Resultado"),
        429: errorResponse("Demasiadas comprobaciones"),
      },
    }),
    async (c) => {
      await enforceRateLimit(c.get("app").db, "checkEmail", c.get("clientIp"));
      c.header("Cache-Control", "no-store");
      return c.json(checkEmail(c.req.valid("param").email), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/empresas/search",
      tags: TAG,
      summary: "Busca empresas por nombre (sin distinguir acentos; 2 letras mínimo, 20 resultados)",
      request: {
        query: z.object({
          query: z
            .string()
            .max(120)
            .optional()
            .openapi({ param: { name: "query", in: "query" }, example: "cinfa" }),
        }),
      },
      responses: { 200: json(z.object({ data: z.object({ data: z.array(EmpresaSearchResultSchema) }) }), "Resultados en data.data") },
    }),
    async (c) => {
      const data = await searchEmpresas(c.get("app").db, c.req.valid("query").query ?? "");
      return c.json({ data: { data } }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "put",
      path: "/is-profesional-sanitario",
      tags: TAG,
      summary: "Declara si eres profesional sanitario (se guarda con sesión; sin ella se devuelve tal cual)",
      request: { body: jsonBody(profesionalSanitarioSchema) },
      responses: { 200: json(z.object({ profesional_sanitario: z.union([z.literal(0), z.literal(1)]) }), "Valor guardado") },
    }),
    async (c) => {
      const value = await setProfesionalSanitario(c.get("app"), c.get("user")?.id, c.req.valid("json").is_profesional_sanitario);
      // Also remembered for this browser session, so server-rendered pages honour it without an account.
      c.header("Set-Cookie", professionalSetCookie(value === 1, c.get("app").config.appUrl.startsWith("https://")), { append: true });
      return c.json({ profesional_sanitario: value }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/analytics/pageview",
      tags: TAG,
      summary: "Registra una página vista (solo con consentimiento; sin IP ni usuario)",
      request: { body: jsonBody(pageviewSchema) },
      responses: { 204: noContent("Registrada"), 422: errorResponse("Datos no válidos") },
    }),
    async (c) => {
      // Fire-and-forget from the browser: past the limit the view is dropped, not refused, so a
      // script cannot flood the table and a real visitor never sees an error for it.
      const { allowed } = await hitRateLimit(c.get("app").db, "pageview", c.get("clientIp"));
      if (allowed) await recordPageView(c.get("app"), c.req.valid("json"));
      return c.body(null, 204);
    },
  );

  return router;
}
