import { createRoute, z } from "@hono/zod-openapi";
import { companyProfileSchema } from "#common/jobs";
import { assertCan } from "#server/accounts";
import { fileHeaders } from "#server/platform/downloads";
import { createRouter, errorResponse, IdParam, idFrom, json, multipartBody, SIGNED_IN } from "#server/platform/openapi";
import { offerSummaryJson } from "./api-json";
import { CompanyPageSchema, CompanyProfileSchema } from "./api-schemas";
import { getCompanyLogo, removeCompanyLogo, uploadCompanyLogo } from "./company-logo.service";
import { getCompanyPage, getCompanyProfile, updateCompanyProfile } from "./company-page.service";
import { manageOffers } from "./policy";

const TAG = "Empleo";
const PANEL_TAG = "Empleo: panel de empresa";
const LogoSchema = z
  .object({ logo: z.string().nullable().openapi({ example: "/api/empleo/empresas/12/logo?v=3f9a1c2e" }) })
  .openapi("EmpresaLogo");
const panelGuard = { 401: errorResponse("Sin sesión"), 403: errorResponse("Solo administradores de empleo") };

/** Public company pages and the panel operations that edit them. */
export function createCompanyRoutes() {
  const router = createRouter();

  router.openapi(
    createRoute({
      method: "get",
      path: "/empleo/empresas/{slug}",
      tags: [TAG],
      summary: "La página pública de una empresa: su descripción, su logotipo y sus ofertas abiertas",
      request: {
        params: z.object({ slug: z.string().max(160).openapi({ example: "laboratorios-ejemplo" }) }),
        query: z.object({ cursor: z.string().max(400).optional().openapi({ description: "El `next_cursor` de la página anterior" }) }),
      },
      responses: { 200: json(CompanyPageSchema, "La empresa y sus ofertas abiertas"), 404: errorResponse("Empresa no encontrada") },
    }),
    async (c) => {
      const page = await getCompanyPage(c.get("app"), c.req.valid("param").slug, c.req.valid("query").cursor);
      c.header("Cache-Control", c.get("user") ? "private, no-store" : "public, max-age=30");
      return c.json(
        { empresa: page.empresa, ofertas: page.ofertas.map(offerSummaryJson), total: page.total, next_cursor: page.nextCursor },
        200,
      );
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
      const user = assertCan(c, manageOffers);
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
      const user = assertCan(c, manageOffers);
      return c.json(await updateCompanyProfile(c.get("app"), user, c.req.valid("json")), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/empleo/empresas/{id}/logo",
      tags: [TAG],
      summary: "El logotipo subido por una empresa (WebP; la dirección cambia con cada logotipo nuevo)",
      request: { params: IdParam },
      responses: {
        200: { description: "La imagen", content: { "image/webp": { schema: z.any().openapi({ type: "string", format: "binary" }) } } },
        404: errorResponse("La empresa no tiene logotipo"),
      },
    }),
    async (c) => {
      const file = await getCompanyLogo(c.get("app"), idFrom(c.req.valid("param").id, "Esta empresa no tiene logotipo."));
      // The address carries the file's version (?v=), so a cached copy is never stale.
      return c.body(
        new Uint8Array(file.bytes),
        200,
        fileHeaders({ mime: file.mime, inline: true, cache: "public, max-age=31536000, immutable", crossOrigin: "same-site" }),
      );
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      security: SIGNED_IN,
      path: "/empleo/panel/empresa/logo",
      tags: [PANEL_TAG],
      summary: "Subir el logotipo de mi empresa (PNG, JPEG o WebP de hasta 2 MB; se guarda como WebP de 400 px como máximo)",
      request: { body: multipartBody(z.object({}), "logo", "Imagen PNG, JPEG o WebP") },
      responses: {
        200: json(LogoSchema, "El logotipo nuevo"),
        ...panelGuard,
        413: errorResponse("Imagen demasiado grande"),
        415: errorResponse("No es una imagen PNG, JPEG o WebP válida"),
        422: errorResponse("Falta la imagen"),
        429: errorResponse("Demasiadas subidas"),
      },
    }),
    async (c) => {
      const user = assertCan(c, manageOffers);
      const form = c.req.valid("form") as { logo?: unknown };
      return c.json(await uploadCompanyLogo(c.get("app"), user, form.logo instanceof Blob ? form.logo : null), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "delete",
      security: SIGNED_IN,
      path: "/empleo/panel/empresa/logo",
      tags: [PANEL_TAG],
      summary: "Quitar el logotipo de mi empresa (se muestran sus iniciales)",
      responses: { 200: json(LogoSchema, "Sin logotipo"), ...panelGuard },
    }),
    async (c) => {
      const user = assertCan(c, manageOffers);
      return c.json(await removeCompanyLogo(c.get("app"), user), 200);
    },
  );

  return router;
}
