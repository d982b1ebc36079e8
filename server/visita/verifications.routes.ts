import { createRoute, z } from "@hono/zod-openapi";
import { profileSettingsSchema, verificationCreateSchema, verificationDecisionSchema } from "#common/visita/verifications";
import { requireUser } from "#server/accounts";
import { AppError } from "#server/platform/errors";
import { createRouter, errorResponse, IdParam, idFrom, json, jsonBody, SIGNED_IN } from "#server/platform/openapi";
import { getLaboratoryDashboard, getRepresentativeDashboard } from "./dashboard.service";
import { getProfileSettings, getPublicProfile, idOfHandle, PROFILE_NOT_FOUND, setProfilePublic } from "./profile.service";
import { setCatalogueCache, TAG, viewerOf } from "./route-helpers";
import {
  LaboratoryDashboardSchema,
  ProfileSettingsSchema,
  PublicProfileSchema,
  PublicVerificationSchema,
  RepresentativeDashboardSchema,
  VerificationSchema,
} from "./verification-api-schemas";
import { answerVerification, getPublicVerification } from "./verification-links.service";
import {
  cancelVerification,
  listMyVerifications,
  requestVerification,
  resendVerification,
  VERIFICATION_NOT_FOUND,
} from "./verifications.service";

const guarded = {
  401: errorResponse("Sin sesión"),
  403: errorResponse("Solo visitadores farmacéuticos y marketing"),
};
const TokenParam = z.object({
  hash: z
    .string()
    .max(200)
    .openapi({ param: { name: "hash", in: "path" } }),
});
const HandleParam = z.object({
  user: z
    .string()
    .max(200)
    .openapi({ param: { name: "user", in: "path" }, example: "27-javier-romero" }),
});
const PRIVATE = "private, no-store";

/** /api/visita: verified visits, the representative's public profile and the dashboards (issue 14). */
export function createVerificationRoutes() {
  const router = createRouter();

  router.openapi(
    createRoute({
      method: "get",
      security: SIGNED_IN,
      path: "/visita/verificaciones",
      tags: [TAG],
      summary: "Mis solicitudes de verificación, de la más reciente a la más antigua",
      request: {
        query: z.object({
          producto_id: z.coerce.number({ error: "Producto no válido." }).int({ error: "Producto no válido." }).positive().optional(),
        }),
      },
      responses: { 200: json(z.array(VerificationSchema), "Solicitudes"), ...guarded, 422: errorResponse("Producto no válido") },
    }),
    async (c) => {
      c.header("Cache-Control", PRIVATE);
      return c.json(await listMyVerifications(c.get("app"), requireUser(c), { productId: c.req.valid("query").producto_id }), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      security: SIGNED_IN,
      path: "/visita/verificaciones",
      tags: [TAG],
      summary: "Pedir a un profesional sanitario que confirme que le presento un producto de mi cartera (le llega un enlace por correo)",
      request: { body: jsonBody(verificationCreateSchema) },
      responses: {
        201: json(VerificationSchema, "Solicitud enviada"),
        ...guarded,
        404: errorResponse("El producto no está en mi cartera"),
        409: errorResponse("Ya hay una solicitud pendiente o el profesional ya lo confirmó en los últimos 12 meses"),
        422: errorResponse("Datos no válidos (o mi propio correo)"),
        429: errorResponse("Demasiadas solicitudes hoy"),
      },
    }),
    async (c) => c.json(await requestVerification(c.get("app"), requireUser(c), c.req.valid("json")), 201),
  );

  for (const [action, summary] of [
    ["reenviar", "Reenviar una solicitud pendiente con un enlace nuevo (el anterior deja de servir)"],
    ["cancelar", "Cancelar una solicitud pendiente"],
  ] as const) {
    router.openapi(
      createRoute({
        method: "post",
        security: SIGNED_IN,
        path: `/visita/verificaciones/{id}/${action}`,
        tags: [TAG],
        summary,
        request: { params: IdParam },
        responses: {
          200: json(VerificationSchema, "La solicitud"),
          ...guarded,
          404: errorResponse("No es mía o no existe"),
          409: errorResponse("Ya no está pendiente"),
          ...(action === "reenviar" ? { 429: errorResponse("Demasiados envíos hoy") } : {}),
        },
      }),
      async (c) => {
        const ctx = c.get("app");
        const id = idFrom(c.req.valid("param").id, VERIFICATION_NOT_FOUND);
        const actor = requireUser(c);
        const result = action === "reenviar" ? await resendVerification(ctx, actor, id) : await cancelVerification(ctx, actor, id);
        return c.json(result, 200);
      },
    );
  }

  router.openapi(
    createRoute({
      method: "get",
      path: "/visita/verificacion-publica/{hash}",
      tags: [TAG],
      summary: "Lo que muestra el enlace del correo: quién pide la verificación y de qué producto (no cambia nada)",
      request: { params: TokenParam },
      responses: {
        200: json(PublicVerificationSchema, "La solicitud"),
        404: errorResponse("Enlace no válido"),
        429: errorResponse("Demasiadas peticiones"),
      },
    }),
    async (c) => {
      c.header("Cache-Control", PRIVATE);
      return c.json(await getPublicVerification(c.get("app"), c.req.valid("param").hash, c.get("clientIp")), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/visita/verificacion-publica/{hash}",
      tags: [TAG],
      summary: "El profesional confirma o rechaza la visita (sin cuenta; el enlace sirve una sola vez)",
      request: { params: TokenParam, body: jsonBody(verificationDecisionSchema) },
      responses: {
        200: json(PublicVerificationSchema, "Respuesta guardada"),
        403: errorResponse("El propio visitador no puede verificarse"),
        404: errorResponse("Enlace no válido"),
        410: errorResponse("Ya respondida, cancelada o caducada"),
        422: errorResponse("Decisión no válida"),
        429: errorResponse("Demasiadas peticiones"),
      },
    }),
    async (c) => {
      const result = await answerVerification(c.get("app"), c.req.valid("param").hash, c.req.valid("json").decision, {
        clientIp: c.get("clientIp"),
        user: c.get("user"),
      });
      return c.json(result, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      security: SIGNED_IN,
      path: "/visita/perfil",
      tags: [TAG],
      summary: "Mi perfil público: si es público, su dirección y lo que le falta",
      responses: { 200: json(ProfileSettingsSchema, "Ajustes"), ...guarded },
    }),
    async (c) => {
      c.header("Cache-Control", PRIVATE);
      return c.json(await getProfileSettings(c.get("app"), requireUser(c)), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "put",
      security: SIGNED_IN,
      path: "/visita/perfil",
      tags: [TAG],
      summary: "Hacer público (o privado) mi perfil de visitador",
      request: { body: jsonBody(profileSettingsSchema) },
      responses: { 200: json(ProfileSettingsSchema, "Guardado"), ...guarded, 422: errorResponse("Datos no válidos") },
    }),
    async (c) => c.json(await setProfilePublic(c.get("app"), requireUser(c), c.req.valid("json").publico), 200),
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/visita/visitadores/{user}",
      tags: [TAG],
      summary: "Perfil público de un visitador ({user}: su id, opcionalmente seguido de -nombre); 404 si no lo ha hecho público",
      request: { params: HandleParam },
      responses: { 200: json(PublicProfileSchema, "Perfil"), 404: errorResponse("No existe o no es público") },
    }),
    async (c) => {
      const id = idOfHandle(c.req.valid("param").user);
      if (id === null) throw new AppError("NOT_FOUND", PROFILE_NOT_FOUND);
      // The portfolio depends on the professional gate, so a professional's answer is never shared.
      const viewer = await viewerOf(c);
      const profile = await getPublicProfile(c.get("app"), viewer, id);
      setCatalogueCache(c, viewer);
      return c.json(profile, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      security: SIGNED_IN,
      path: "/visita/panel",
      tags: [TAG],
      summary: "Mi panel de visitador: cartera con verificaciones y solicitudes, y el estado de mi perfil",
      responses: { 200: json(RepresentativeDashboardSchema, "Panel"), ...guarded },
    }),
    async (c) => {
      c.header("Cache-Control", PRIVATE);
      return c.json(await getRepresentativeDashboard(c.get("app"), requireUser(c)), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      security: SIGNED_IN,
      path: "/visita/panel/laboratorio",
      tags: [TAG],
      summary: "Panel del laboratorio (solo marketing): sus productos, los visitadores que los llevan por provincia y sus verificaciones",
      responses: { 200: json(LaboratoryDashboardSchema, "Panel"), 401: errorResponse("Sin sesión"), 403: errorResponse("Solo marketing") },
    }),
    async (c) => {
      c.header("Cache-Control", PRIVATE);
      return c.json(await getLaboratoryDashboard(c.get("app"), requireUser(c)), 200);
    },
  );

  return router;
}
