import { createRoute, z } from "@hono/zod-openapi";
import { companyProfileSchema } from "#common/jobs";
import { requireRole } from "#server/accounts";
import { createRouter, errorResponse, json, SIGNED_IN } from "#server/platform/openapi";
import { offerSummaryJson } from "./api-json";
import { CompanyPageSchema, CompanyProfileSchema } from "./api-schemas";
import { getCompanyPage, getCompanyProfile, updateCompanyProfile } from "./company-page.service";

const TAG = "Empleo";
const PANEL_TAG = "Empleo: panel de empresa";

/** Public company pages and the panel operations that edit them. */
export function createCompanyRoutes() {
  const router = createRouter();

  router.openapi(
    createRoute({
      method: "get",
      path: "/empleo/empresas/{slug}",
      tags: [TAG],
      summary: "La página pública de una empresa: su descripción, su logotipo y sus ofertas abiertas",
      request: { params: z.object({ slug: z.string().max(160).openapi({ example: "laboratorios-ejemplo" }) }) },
      responses: { 200: json(CompanyPageSchema, "La empresa y sus ofertas abiertas"), 404: errorResponse("Empresa no encontrada") },
    }),
    async (c) => {
      const page = await getCompanyPage(c.get("app"), c.req.valid("param").slug);
      c.header("Cache-Control", c.get("user") ? "private, no-store" : "public, max-age=30");
      return c.json({ empresa: page.empresa, ofertas: page.ofertas.map(offerSummaryJson) }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      security: SIGNED_IN,
      path: "/empleo/panel/empresa",
      tags: [PANEL_TAG],
      summary: "Lo que muestra la página pública de mi empresa",
      responses: {
        200: json(CompanyProfileSchema, "La empresa"),
        401: errorResponse("Sin sesión"),
        403: errorResponse("Solo administradores de empleo"),
      },
    }),
    async (c) => {
      const user = requireRole(c, "administrador_empleo");
      c.header("Cache-Control", "private, no-store");
      return c.json(await getCompanyProfile(c.get("app"), user), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "put",
      security: SIGNED_IN,
      path: "/empleo/panel/empresa",
      tags: [PANEL_TAG],
      summary: "Cambiar la descripción de la página pública de mi empresa",
      request: { body: { required: true, content: { "application/json": { schema: companyProfileSchema } } } },
      responses: {
        200: json(CompanyProfileSchema, "La empresa, actualizada"),
        401: errorResponse("Sin sesión"),
        403: errorResponse("Solo administradores de empleo"),
        422: errorResponse("Datos no válidos"),
      },
    }),
    async (c) => {
      const user = requireRole(c, "administrador_empleo");
      return c.json(await updateCompanyProfile(c.get("app"), user, c.req.valid("json")), 200);
    },
  );

  return router;
}
