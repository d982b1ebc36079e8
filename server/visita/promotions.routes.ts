import { createRoute, z } from "@hono/zod-openapi";
import { promotionInputSchema, promotionTakedownSchema } from "#common/visita/promotions";
import { requireUser } from "#server/accounts";
import { fileHeaders } from "#server/platform/downloads";
import { createRouter, errorResponse, IdParam, idFrom, imageUpload, json, jsonBody, SIGNED_IN } from "#server/platform/openapi";
import { getPublicPromotion, listMyPromotions, listPromotionsByState, promotionImage } from "./promotion-reads";
import { PromotionSchema, PromotionsByStateSchema, PublicPromotionSchema } from "./promotion-schemas";
import {
  attachPromotionImage,
  createPromotion,
  endPromotionNow,
  PROMOTION_NOT_FOUND,
  publishPromotion,
  takeDownPromotion,
  updatePromotion,
} from "./promotions.service";
import { setCatalogueCache, TAG, viewerOf } from "./route-helpers";

const authorGuards = { 401: errorResponse("Sin sesión"), 403: errorResponse("Solo visitadores farmacéuticos y marketing") };

const createSchema = promotionInputSchema.and(
  z.object({
    producto_id: z
      .number({ error: "Indica el producto." })
      .int({ error: "Indica el producto." })
      .positive({ error: "Indica el producto." }),
    /** true publishes it at once; otherwise it is a draft. */
    publicar: z.boolean({ error: "publicar debe ser true o false." }).optional(),
  }),
);
const updateSchema = promotionInputSchema.and(z.object({ publicar: z.boolean({ error: "publicar debe ser true o false." }).optional() }));

/**
 * /api/visita/promociones: representatives' and marketing users' promotions (authorised in the
 * services), their public view (gated like the product) and moderators' take-down.
 */
export function createPromotionRoutes() {
  const router = createRouter();
  const promotionId = (value: string) => idFrom(value, PROMOTION_NOT_FOUND);

  router.openapi(
    createRoute({
      method: "get",
      path: "/visita/promociones",
      tags: [TAG],
      summary: "Mis promociones (y, para marketing, las de los productos de mi laboratorio), con su estado a día de hoy",
      security: SIGNED_IN,
      responses: { 200: json(z.array(PromotionSchema), "Promociones"), ...authorGuards },
    }),
    async (c) => {
      c.header("Cache-Control", "private, no-store");
      return c.json(await listMyPromotions(c.get("app"), requireUser(c)), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/visita/promociones/por-estado",
      tags: [TAG],
      summary: "Mis promociones agrupadas por estado (borrador, activa, caducada, retirada)",
      security: SIGNED_IN,
      responses: { 200: json(PromotionsByStateSchema, "Promociones por estado"), ...authorGuards },
    }),
    async (c) => {
      c.header("Cache-Control", "private, no-store");
      return c.json(await listPromotionsByState(c.get("app"), requireUser(c)), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/visita/promociones",
      tags: [TAG],
      summary: "Crear una promoción de un producto de mi cartera (o, para marketing, de mi laboratorio)",
      description:
        "Las fechas son días del calendario en la zona horaria del usuario (cabecera X-Timezone). Con publicar=true queda activa.",
      security: SIGNED_IN,
      request: { body: jsonBody(createSchema) },
      responses: {
        201: json(PromotionSchema, "Promoción creada"),
        ...authorGuards,
        404: errorResponse("El producto no existe"),
        422: errorResponse("Datos no válidos"),
      },
    }),
    async (c) => {
      const { producto_id, publicar, ...input } = c.req.valid("json");
      return c.json(await createPromotion(c.get("app"), requireUser(c), producto_id, input, { publish: publicar }), 201);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/visita/promociones/{id}",
      tags: [TAG],
      summary: "Una promoción pública (restringido true y sin promoción si el medicamento necesita receta y no eres profesional sanitario)",
      request: { params: IdParam },
      responses: {
        200: json(PublicPromotionSchema, "La promoción"),
        404: errorResponse("No existe, es un borrador o se retiró"),
        410: errorResponse("Ha caducado"),
      },
    }),
    async (c) => {
      const viewer = await viewerOf(c);
      const view = await getPublicPromotion(c.get("app"), viewer, promotionId(c.req.valid("param").id));
      setCatalogueCache(c, viewer);
      return c.json(view, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "put",
      path: "/visita/promociones/{id}",
      tags: [TAG],
      summary: "Editar una promoción mía (o, para marketing, de mi laboratorio)",
      security: SIGNED_IN,
      request: { params: IdParam, body: jsonBody(updateSchema) },
      responses: {
        200: json(PromotionSchema, "Guardada"),
        ...authorGuards,
        404: errorResponse("No es tuya o no existe"),
        409: errorResponse("Retirada por moderación"),
        422: errorResponse("Datos no válidos"),
      },
    }),
    async (c) => {
      const { publicar, ...input } = c.req.valid("json");
      const id = promotionId(c.req.valid("param").id);
      return c.json(await updatePromotion(c.get("app"), requireUser(c), id, input, { publish: publicar }), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/visita/promociones/{id}/publicar",
      tags: [TAG],
      summary: "Publicar una promoción en borrador",
      security: SIGNED_IN,
      request: { params: IdParam },
      responses: {
        200: json(PromotionSchema, "Publicada"),
        ...authorGuards,
        404: errorResponse("No es tuya o no existe"),
        409: errorResponse("No está en borrador"),
        422: errorResponse("La fecha de fin ya ha pasado"),
      },
    }),
    async (c) => c.json(await publishPromotion(c.get("app"), requireUser(c), promotionId(c.req.valid("param").id)), 200),
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/visita/promociones/{id}/finalizar",
      tags: [TAG],
      summary: "Finalizar ya una promoción activa (pasa a caducada)",
      security: SIGNED_IN,
      request: { params: IdParam },
      responses: {
        200: json(PromotionSchema, "Finalizada"),
        ...authorGuards,
        404: errorResponse("No es tuya o no existe"),
        409: errorResponse("No está activa"),
      },
    }),
    async (c) => c.json(await endPromotionNow(c.get("app"), requireUser(c), promotionId(c.req.valid("param").id)), 200),
  );

  router.openapi(
    createRoute({
      method: "put",
      path: "/visita/promociones/{id}/imagen",
      tags: [TAG],
      summary: "Subir la imagen de una promoción (campo imagen; JPEG, PNG o WebP de hasta 5 MB)",
      security: SIGNED_IN,
      request: {
        params: IdParam,
        body: imageUpload.body(),
      },
      responses: {
        200: json(PromotionSchema, "Imagen guardada"),
        ...authorGuards,
        404: errorResponse("No es tuya o no existe"),
        409: errorResponse("Retirada por moderación"),
        ...imageUpload.errors,
      },
    }),
    async (c) => {
      const actor = requireUser(c);
      const id = promotionId(c.req.valid("param").id);
      const body = await c.req.parseBody();
      return c.json(await attachPromotionImage(c.get("app"), actor, id, body.imagen), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/visita/promociones/{id}/imagen",
      tags: [TAG],
      summary: "Imagen de una promoción (con la misma restricción que la promoción)",
      request: { params: IdParam },
      responses: {
        200: { description: "Imagen", content: { "image/*": { schema: z.any() } } },
        403: errorResponse("Medicamento con receta: solo para profesionales sanitarios"),
        404: errorResponse("No existe o no tiene imagen"),
        410: errorResponse("Ha caducado"),
      },
    }),
    async (c) => {
      const viewer = await viewerOf(c);
      const { file, prescriptionOnly } = await promotionImage(c.get("app"), viewer, promotionId(c.req.valid("param").id));
      const shared = !prescriptionOnly && !viewer.user;
      const cache = shared ? "public, max-age=3600" : "private, max-age=3600";
      return c.body(new Uint8Array(file.bytes), 200, fileHeaders({ mime: file.mime, inline: true, cache, crossOrigin: "same-site" }));
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/visita/promociones/{id}/retirada",
      tags: [TAG],
      summary: "Retirar una promoción (moderadores), con el motivo; queda en la auditoría y el autor lo ve",
      security: SIGNED_IN,
      request: { params: IdParam, body: jsonBody(promotionTakedownSchema) },
      responses: {
        200: json(PromotionSchema, "Retirada"),
        401: errorResponse("Sin sesión"),
        403: errorResponse("Solo moderadores"),
        404: errorResponse("No existe"),
        409: errorResponse("Ya estaba retirada"),
        422: errorResponse("Falta el motivo"),
      },
    }),
    async (c) => {
      const id = promotionId(c.req.valid("param").id);
      return c.json(await takeDownPromotion(c.get("app"), requireUser(c), id, c.req.valid("json").motivo), 200);
    },
  );

  return router;
}
