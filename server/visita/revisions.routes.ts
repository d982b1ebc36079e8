import { createRoute, z } from "@hono/zod-openapi";
import { rejectSchema, revisionCreateSchema } from "#common/visita/proposal";
import { REVISION_KINDS } from "#common/visita/vocabulary";
import { requireUser } from "#server/accounts";
import { fileHeaders } from "#server/platform/downloads";
import { createRouter, errorResponse, IdParam, idFrom, imageUpload, json, jsonBody, SIGNED_IN } from "#server/platform/openapi";
import { ApprovalSchema, RevisionDetailSchema, RevisionQueueSchema, RevisionReviewSchema } from "./api-schemas";
import { approveRevision, getRevisionForReview, listRevisionQueue, rejectRevision } from "./moderation.service";
import { proposalBoxSvg } from "./preview";
import {
  attachRevisionImage,
  getRevision,
  listMyRevisions,
  REVISION_NOT_FOUND,
  revisionImage,
  saveRevision,
  submitRevision,
} from "./revisions.service";
import { TAG } from "./route-helpers";

const authorGuards = { 401: errorResponse("Sin sesión"), 403: errorResponse("Solo visitadores farmacéuticos y marketing") };
const moderatorGuards = { 401: errorResponse("Sin sesión"), 403: errorResponse("Solo moderadores") };

const queueQuery = z.object({
  estado: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.enum(["pendiente", "aprobada", "rechazada", "cerrada"], { error: "El estado no es válido." }).optional(),
  ),
  tipo: z.preprocess((v) => (v === "" ? undefined : v), z.enum(REVISION_KINDS, { error: "El tipo no es válido." }).optional()),
  q: z.string().trim().max(120, { error: "Máximo 120 caracteres." }).optional(),
  antes: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number({ error: "Cursor no válido." }).int({ error: "Cursor no válido." }).positive({ error: "Cursor no válido." }).optional(),
  ),
});

/**
 * /api/visita/revisiones: representatives propose new products or changes (their own only);
 * /api/visita/moderacion: moderators review them. Every rule lives in the services.
 */
export function createRevisionRoutes() {
  const router = createRouter();
  const revisionId = (value: string) => idFrom(value, REVISION_NOT_FOUND);

  router.openapi(
    createRoute({
      method: "post",
      path: "/visita/revisiones",
      tags: [TAG],
      summary: "Proponer un producto que falta (sin producto_id) o cambios a uno del catálogo (con producto_id)",
      description: "Con enviar=false queda como borrador para previsualizarlo; por defecto se envía a los moderadores.",
      security: SIGNED_IN,
      request: { body: jsonBody(revisionCreateSchema) },
      responses: {
        201: json(RevisionDetailSchema, "Propuesta guardada"),
        ...authorGuards,
        404: errorResponse("El producto no existe"),
        409: errorResponse("Código nacional duplicado"),
        422: errorResponse("Datos no válidos"),
      },
    }),
    async (c) => c.json(await saveRevision(c.get("app"), requireUser(c), c.req.valid("json")), 201),
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/visita/revisiones",
      tags: [TAG],
      summary: "Mis propuestas, las más recientes primero",
      security: SIGNED_IN,
      responses: { 200: json(z.array(RevisionDetailSchema), "Propuestas"), ...authorGuards },
    }),
    async (c) => {
      c.header("Cache-Control", "private, no-store");
      return c.json(await listMyRevisions(c.get("app"), requireUser(c)), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/visita/revisiones/{id}",
      tags: [TAG],
      summary: "Una propuesta (la tuya, o cualquiera enviada si eres moderador)",
      security: SIGNED_IN,
      request: { params: IdParam },
      responses: { 200: json(RevisionDetailSchema, "Propuesta"), 401: errorResponse("Sin sesión"), 404: errorResponse("No existe") },
    }),
    async (c) => {
      c.header("Cache-Control", "private, no-store");
      return c.json(await getRevision(c.get("app"), requireUser(c), revisionId(c.req.valid("param").id)), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/visita/revisiones/{id}/enviar",
      tags: [TAG],
      summary: "Enviar a revisión un borrador propio",
      security: SIGNED_IN,
      request: { params: IdParam },
      responses: {
        200: json(RevisionDetailSchema, "Enviada"),
        ...authorGuards,
        404: errorResponse("No existe"),
        409: errorResponse("Ya enviada o código nacional duplicado"),
      },
    }),
    async (c) => c.json(await submitRevision(c.get("app"), requireUser(c), revisionId(c.req.valid("param").id)), 200),
  );

  router.openapi(
    createRoute({
      method: "put",
      path: "/visita/revisiones/{id}/imagen",
      tags: [TAG],
      summary: "Subir la imagen de una propuesta propia aún no revisada (campo imagen; JPEG, PNG o WebP de hasta 5 MB)",
      security: SIGNED_IN,
      request: {
        params: IdParam,
        body: imageUpload.body(),
      },
      responses: {
        200: json(RevisionDetailSchema, "Imagen guardada"),
        ...authorGuards,
        404: errorResponse("No existe"),
        409: errorResponse("Ya revisada"),
        ...imageUpload.errors,
      },
    }),
    async (c) => {
      const actor = requireUser(c);
      const id = revisionId(c.req.valid("param").id);
      const body = await c.req.parseBody();
      return c.json(await attachRevisionImage(c.get("app"), actor, id, body.imagen), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/visita/revisiones/{id}/imagen",
      tags: [TAG],
      summary:
        "La imagen de una propuesta (la subida, la actual del producto o la caja dibujada con sus datos), para su autor y los moderadores",
      security: SIGNED_IN,
      request: { params: IdParam },
      responses: {
        200: { description: "Imagen", content: { "image/*": { schema: z.any() } } },
        401: errorResponse("Sin sesión"),
        404: errorResponse("No existe"),
      },
    }),
    async (c) => {
      const ctx = c.get("app");
      const { revision, file } = await revisionImage(ctx, requireUser(c), revisionId(c.req.valid("param").id));
      if (file) return c.body(new Uint8Array(file.bytes), 200, fileHeaders({ mime: file.mime, inline: true, cache: "private, no-store" }));
      return c.body(await proposalBoxSvg(ctx, revision), 200, {
        "Content-Type": "image/svg+xml; charset=utf-8",
        "Cache-Control": "private, no-store",
        "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
      });
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/visita/moderacion/revisiones",
      tags: [TAG],
      summary: "Cola de propuestas para moderadores, con filtros (estado, tipo, texto) y paginación por cursor (antes)",
      security: SIGNED_IN,
      request: { query: queueQuery },
      responses: { 200: json(RevisionQueueSchema, "Una página de la cola"), ...moderatorGuards, 422: errorResponse("Filtros no válidos") },
    }),
    async (c) => {
      const query = c.req.valid("query");
      c.header("Cache-Control", "private, no-store");
      const page = await listRevisionQueue(c.get("app"), requireUser(c), {
        estado: query.estado,
        tipo: query.tipo,
        q: query.q,
        before: query.antes,
      });
      return c.json(page, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/visita/moderacion/revisiones/{id}",
      tags: [TAG],
      summary: "Una propuesta junto a los datos actuales del producto, campo a campo",
      security: SIGNED_IN,
      request: { params: IdParam },
      responses: { 200: json(RevisionReviewSchema, "Propuesta y comparación"), ...moderatorGuards, 404: errorResponse("No existe") },
    }),
    async (c) => {
      c.header("Cache-Control", "private, no-store");
      return c.json(await getRevisionForReview(c.get("app"), requireUser(c), revisionId(c.req.valid("param").id)), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/visita/moderacion/revisiones/{id}/aprobar",
      tags: [TAG],
      summary: "Aprobar: crea o cambia el producto (guardando la versión anterior) y avisa al autor",
      security: SIGNED_IN,
      request: { params: IdParam },
      responses: {
        200: json(ApprovalSchema, "Aplicada"),
        ...moderatorGuards,
        404: errorResponse("No existe"),
        409: errorResponse("Ya revisada, producto cambiado o código duplicado"),
      },
    }),
    async (c) => {
      const result = await approveRevision(c.get("app"), requireUser(c), revisionId(c.req.valid("param").id));
      return c.json({ producto_id: result.productId, version: result.version, url: result.url }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/visita/moderacion/revisiones/{id}/rechazar",
      tags: [TAG],
      summary: "Rechazar con un motivo que el autor recibe por e-mail y en la aplicación",
      security: SIGNED_IN,
      request: { params: IdParam, body: jsonBody(rejectSchema) },
      responses: {
        204: { description: "Rechazada" },
        ...moderatorGuards,
        404: errorResponse("No existe"),
        409: errorResponse("Ya revisada"),
        422: errorResponse("Falta el motivo"),
      },
    }),
    async (c) => {
      await rejectRevision(c.get("app"), requireUser(c), revisionId(c.req.valid("param").id), c.req.valid("json").motivo);
      return c.body(null, 204);
    },
  );

  return router;
}
