import { createRoute, z } from "@hono/zod-openapi";
import {
  alertInputSchema,
  answerField,
  applicationInputSchema,
  offerSearchSchema,
  QUESTIONS_VERSION_FIELD,
  readAnswers,
  SCREENING_LIMITS,
} from "#common/jobs";
import { requireUser } from "#server/accounts";
import { AppError } from "#server/platform/errors";
import { createRouter, errorResponse, IdParam, idFrom, json, MessageSchema, multipartBody, SIGNED_IN } from "#server/platform/openapi";
import { createAlert, deleteAlert, listAlerts, unsubscribeAlert } from "./alerts.service";
import { alertJson, applicationJson, offerDetailJson, savedOfferJson, searchResultJson, viewerStateJson } from "./api-json";
import { AlertViewSchema, ApplicationViewSchema, OfferWithViewerSchema, SavedOfferSchema, SearchResultSchema } from "./api-schemas";
import { applyToOffer, listMyApplications } from "./applications.service";
import { getOffer, getViewerState } from "./offers.service";
import { createCandidateRoutes, optionalCvId } from "./routes-candidate";
import { createCompanyRoutes } from "./routes-company";
import { createFigureRoutes } from "./routes-figures";
import { createPanelRoutes } from "./routes-panel";
import { createProfileRoutes } from "./routes-profiles";
import { listSavedOffers, saveOffer, unsaveOffer } from "./saved.service";
import { searchOffers } from "./search";

const TAG = "Empleo";
const notFoundOffer = "Oferta no encontrada.";

/**
 * respuesta_0 … respuesta_9: the answers to the offer's screening questions, in order (the service
 * checks them), and the questions' version they answer.
 */
const answerFields = Object.fromEntries([
  [
    QUESTIONS_VERSION_FIELD,
    z.string().optional().openapi({
      description: "preguntas_version de la oferta que respondes: si la empresa cambió las preguntas, la inscripción se rechaza (409)",
    }),
  ],
  ...Array.from({ length: SCREENING_LIMITS.maxQuestions }, (_, index) => [
    answerField(index),
    z
      .string()
      .optional()
      .openapi({
        description: `Respuesta a la pregunta ${index + 1} de la oferta: «si» o «no», o texto (máx. ${SCREENING_LIMITS.respuestaMax})`,
      }),
  ]),
]);

/** /api/empleo: public search and offers, candidates' applications, saved offers and alerts, and the panel. */
export function createJobsRoutes() {
  const router = createRouter();

  router.openapi(
    createRoute({
      method: "get",
      path: "/empleo/ofertas",
      tags: [TAG],
      summary: "Busca ofertas abiertas de un país (y puesto): por relevancia con q, si no las más recientes primero",
      request: { query: offerSearchSchema },
      responses: {
        200: json(SearchResultSchema, "Una página de ofertas, el total y las facetas"),
        404: errorResponse("País o puesto desconocido"),
        422: errorResponse("Parámetros no válidos"),
      },
    }),
    async (c) => {
      const result = await searchOffers(c.get("app"), c.req.valid("query"));
      c.header("Cache-Control", "public, max-age=30");
      return c.json(searchResultJson(result), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/empleo/ofertas/{id}",
      tags: [TAG],
      summary: "Detalle de una oferta (las cerradas o caducadas, con is_open false) y, con sesión, lo que el usuario ha hecho con ella",
      request: { params: IdParam },
      responses: { 200: json(OfferWithViewerSchema, "La oferta"), 404: errorResponse("Oferta no encontrada") },
    }),
    async (c) => {
      const ctx = c.get("app");
      const user = c.get("user");
      const id = idFrom(c.req.valid("param").id, notFoundOffer);
      const offer = await getOffer(ctx, id, user);
      const viewer = user ? await getViewerState(ctx, id, user) : null;
      c.header("Cache-Control", user ? "private, no-store" : "public, max-age=30");
      return c.json({ ...offerDetailJson(offer), viewer: viewer && viewerStateJson(viewer) }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      security: SIGNED_IN,
      path: "/empleo/ofertas/{id}/candidaturas",
      tags: [TAG],
      summary: "Inscribirse en una oferta con un CV (PDF o DOCX) y una carta de presentación opcional",
      request: {
        params: IdParam,
        body: multipartBody(applicationInputSchema.extend({ cv_id: optionalCvId, ...answerFields }), "cv", "CV en PDF o DOCX (o cv_id)", {
          optional: true,
        }),
      },
      responses: {
        201: json(ApplicationViewSchema, "Candidatura creada"),
        401: errorResponse("Sin sesión"),
        403: errorResponse("Solo candidatos"),
        404: errorResponse("Oferta no encontrada"),
        409: errorResponse("Ya inscrito, u oferta cerrada"),
        413: errorResponse("Archivo demasiado grande"),
        415: errorResponse("El CV no es PDF ni DOCX"),
        422: errorResponse("Datos no válidos"),
        429: errorResponse("Demasiadas subidas"),
      },
    }),
    async (c) => {
      const user = requireUser(c);
      const id = idFrom(c.req.valid("param").id, notFoundOffer);
      const form = c.req.valid("form") as { carta?: string; cv?: unknown; cv_id?: number } & Record<string, unknown>;
      const cv = form.cv instanceof Blob ? form.cv : null;
      const respuestas = readAnswers((field) => form[field]);
      const preguntasVersion = typeof form[QUESTIONS_VERSION_FIELD] === "string" ? form[QUESTIONS_VERSION_FIELD] : null;
      const application = await applyToOffer(c.get("app"), user, id, {
        carta: form.carta,
        cv,
        cvId: form.cv_id,
        respuestas,
        preguntasVersion,
      });
      return c.json(applicationJson(application), 201);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      security: SIGNED_IN,
      path: "/empleo/candidaturas",
      tags: [TAG],
      summary: "Mis candidaturas y su estado",
      responses: { 200: json(z.array(ApplicationViewSchema), "Candidaturas"), 401: errorResponse("Sin sesión") },
    }),
    async (c) => {
      const user = requireUser(c);
      c.header("Cache-Control", "private, no-store");
      return c.json((await listMyApplications(c.get("app"), user)).map(applicationJson), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "put",
      security: SIGNED_IN,
      path: "/empleo/ofertas/{id}/guardada",
      tags: [TAG],
      summary: "Guardar una oferta",
      request: { params: IdParam },
      responses: {
        204: { description: "Guardada" },
        401: errorResponse("Sin sesión"),
        404: errorResponse("Oferta no encontrada"),
        409: errorResponse("Límite de ofertas guardadas alcanzado"),
      },
    }),
    async (c) => {
      const user = requireUser(c);
      await saveOffer(c.get("app"), user, idFrom(c.req.valid("param").id, notFoundOffer));
      return c.body(null, 204);
    },
  );

  router.openapi(
    createRoute({
      method: "delete",
      security: SIGNED_IN,
      path: "/empleo/ofertas/{id}/guardada",
      tags: [TAG],
      summary: "Quitar una oferta de las guardadas",
      request: { params: IdParam },
      responses: { 204: { description: "Quitada" }, 401: errorResponse("Sin sesión"), 404: errorResponse("Oferta no encontrada") },
    }),
    async (c) => {
      const user = requireUser(c);
      await unsaveOffer(c.get("app"), user, idFrom(c.req.valid("param").id, notFoundOffer));
      return c.body(null, 204);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      security: SIGNED_IN,
      path: "/empleo/guardadas",
      tags: [TAG],
      summary: "Mis ofertas guardadas",
      responses: { 200: json(z.array(SavedOfferSchema), "Ofertas guardadas"), 401: errorResponse("Sin sesión") },
    }),
    async (c) => {
      const user = requireUser(c);
      c.header("Cache-Control", "private, no-store");
      return c.json((await listSavedOffers(c.get("app"), user)).map(savedOfferJson), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      security: SIGNED_IN,
      path: "/empleo/alertas",
      tags: [TAG],
      summary: "Mis alertas de empleo",
      responses: { 200: json(z.array(AlertViewSchema), "Alertas"), 401: errorResponse("Sin sesión") },
    }),
    async (c) => {
      const user = requireUser(c);
      c.header("Cache-Control", "private, no-store");
      return c.json((await listAlerts(c.get("app"), user)).map(alertJson), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      security: SIGNED_IN,
      path: "/empleo/alertas",
      tags: [TAG],
      summary: "Crear una alerta: un e-mail al momento, diario o semanal con las ofertas nuevas de una búsqueda",
      request: { body: { required: true, content: { "application/json": { schema: alertInputSchema } } } },
      responses: {
        201: json(AlertViewSchema, "Alerta creada"),
        401: errorResponse("Sin sesión"),
        409: errorResponse("Demasiadas alertas"),
        422: errorResponse("Datos no válidos"),
      },
    }),
    async (c) => {
      const user = requireUser(c);
      return c.json(alertJson(await createAlert(c.get("app"), user, c.req.valid("json"))), 201);
    },
  );

  router.openapi(
    createRoute({
      method: "delete",
      security: SIGNED_IN,
      path: "/empleo/alertas/{id}",
      tags: [TAG],
      summary: "Eliminar una alerta",
      request: { params: IdParam },
      responses: { 204: { description: "Eliminada" }, 401: errorResponse("Sin sesión"), 404: errorResponse("Alerta no encontrada") },
    }),
    async (c) => {
      const user = requireUser(c);
      await deleteAlert(c.get("app"), user, idFrom(c.req.valid("param").id, "Alerta no encontrada."));
      return c.body(null, 204);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/empleo/alertas/baja/{token}",
      tags: [TAG],
      summary: "Darse de baja de una alerta con el enlace del e-mail (sin sesión)",
      request: { params: z.object({ token: z.string().openapi({ param: { name: "token", in: "path" } }) }) },
      responses: { 200: json(MessageSchema, "Baja hecha"), 404: errorResponse("Enlace no válido o ya usado") },
    }),
    async (c) => {
      const result = await unsubscribeAlert(c.get("app"), c.req.valid("param").token);
      if (!result) throw new AppError("NOT_FOUND", "El enlace no es válido o ya te diste de baja de esta alerta.");
      return c.json({ message: `Ya no recibirás la alerta «${result.descripcion}».` }, 200);
    },
  );

  router.route("/", createFigureRoutes({ public: TAG, panel: "Empleo: panel de empresa" }));
  router.route("/", createPanelRoutes());
  router.route("/", createCompanyRoutes());
  router.route("/", createCandidateRoutes());
  router.route("/", createProfileRoutes());
  return router;
}
