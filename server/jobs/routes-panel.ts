import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { sendMessageSchema } from "#common/chat/schemas";
import { applicantNoteSchema, applicationStatusSchema, offerInputSchema, REQUIREMENTS_FILTERS } from "#common/jobs";
import { assertCan } from "#server/accounts";
import type { AppEnv } from "#server/env";
import { createRouter, errorResponse, IdParam, idFrom, json, SIGNED_IN } from "#server/platform/openapi";
import { applicantJson, panelOfferJson } from "./api-json";
import { ApplicantMessageResultSchema, ApplicantsPageSchema, ApplicantViewSchema, PanelOfferSchema } from "./api-schemas";
import {
  APPLICANTS_PAGE_SIZE,
  changeApplicationStatus,
  getApplicationCv,
  listApplicantsPage,
  messageApplicant,
  saveApplicantNote,
} from "./applicants.service";
import { cvFileHeaders, cvFileResponse } from "./cv-file";
import { closeOffer, createOffer, duplicateOffer, getCompanyOffer, listCompanyOffers, publishOffer, updateOffer } from "./panel.service";
import { manageOffers } from "./policy";

const TAG = "Empleo: panel de empresa";
const offerMsg = "Oferta no encontrada.";
const applicationMsg = "Candidatura no encontrada.";
const guarded = {
  401: errorResponse("Sin sesión"),
  403: errorResponse("Solo administradores de empleo"),
};

/** The employment panel's API (role administrador_empleo; own company only). */
export function createPanelRoutes() {
  const router = createRouter();
  const admin = (c: Context<AppEnv>) => assertCan(c, manageOffers);

  router.openapi(
    createRoute({
      method: "get",
      security: SIGNED_IN,
      path: "/empleo/panel/ofertas",
      tags: [TAG],
      summary: "Las ofertas de mi empresa, con el recuento de candidaturas por estado",
      responses: { 200: json(z.array(PanelOfferSchema), "Ofertas"), ...guarded },
    }),
    async (c) => {
      const user = admin(c);
      c.header("Cache-Control", "private, no-store");
      return c.json((await listCompanyOffers(c.get("app"), user)).map(panelOfferJson), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      security: SIGNED_IN,
      path: "/empleo/panel/ofertas",
      tags: [TAG],
      summary: "Crear una oferta (queda como borrador)",
      request: { body: { required: true, content: { "application/json": { schema: offerInputSchema } } } },
      responses: { 201: json(PanelOfferSchema, "Borrador creado"), ...guarded, 422: errorResponse("Datos no válidos") },
    }),
    async (c) => {
      const user = admin(c);
      return c.json(panelOfferJson(await createOffer(c.get("app"), user, c.req.valid("json"))), 201);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      security: SIGNED_IN,
      path: "/empleo/panel/ofertas/{id}",
      tags: [TAG],
      summary: "Una oferta de mi empresa",
      request: { params: IdParam },
      responses: { 200: json(PanelOfferSchema, "La oferta"), ...guarded, 404: errorResponse("Oferta no encontrada") },
    }),
    async (c) => {
      const user = admin(c);
      c.header("Cache-Control", "private, no-store");
      return c.json(panelOfferJson(await getCompanyOffer(c.get("app"), user, idFrom(c.req.valid("param").id, offerMsg))), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "put",
      security: SIGNED_IN,
      path: "/empleo/panel/ofertas/{id}",
      tags: [TAG],
      summary: "Editar una oferta de mi empresa",
      request: { params: IdParam, body: { required: true, content: { "application/json": { schema: offerInputSchema } } } },
      responses: {
        200: json(PanelOfferSchema, "Oferta guardada"),
        ...guarded,
        404: errorResponse("Oferta no encontrada"),
        409: errorResponse("Oferta cerrada"),
        422: errorResponse("Datos no válidos"),
      },
    }),
    async (c) => {
      const user = admin(c);
      const id = idFrom(c.req.valid("param").id, offerMsg);
      return c.json(panelOfferJson(await updateOffer(c.get("app"), user, id, c.req.valid("json"))), 200);
    },
  );

  const actions = [
    { path: "publicar", summary: "Publicar una oferta (borrador o caducada con nueva fecha)", run: publishOffer, status: 200 as const },
    { path: "cerrar", summary: "Cerrar una oferta: deja de admitir candidaturas", run: closeOffer, status: 200 as const },
    { path: "duplicar", summary: "Duplicar una oferta como nuevo borrador", run: duplicateOffer, status: 201 as const },
  ];
  for (const action of actions) {
    router.openapi(
      createRoute({
        method: "post",
        security: SIGNED_IN,
        path: `/empleo/panel/ofertas/{id}/${action.path}`,
        tags: [TAG],
        summary: action.summary,
        request: { params: IdParam },
        responses: {
          [action.status]: json(PanelOfferSchema, "La oferta resultante"),
          ...guarded,
          404: errorResponse("Oferta no encontrada"),
          409: errorResponse("No permitido en su estado actual"),
          422: errorResponse("Fecha de caducidad pasada"),
        },
      }),
      async (c) => {
        const user = admin(c);
        const id = idFrom(c.req.param("id") ?? "", offerMsg);
        // biome-ignore lint/suspicious/noExplicitAny: the status differs per action, which the typed route cannot express in a loop.
        return c.json(panelOfferJson(await action.run(c.get("app"), user, id)), action.status) as any;
      },
    );
  }

  router.openapi(
    createRoute({
      method: "get",
      security: SIGNED_IN,
      path: "/empleo/panel/ofertas/{id}/candidaturas",
      tags: [TAG],
      summary: `Candidaturas recibidas por una oferta de mi empresa, con sus respuestas a las preguntas de filtrado, de ${APPLICANTS_PAGE_SIZE} en ${APPLICANTS_PAGE_SIZE}`,
      description:
        "Las más antiguas primero. `next_cursor` de la respuesta, pasado como `cursor`, da la página siguiente; es null en la última. Un cursor que no es de esta oferta empieza por la primera página. Leerlas por aquí no las marca como vistas.",
      request: {
        params: IdParam,
        query: z.object({
          requisitos: z
            .enum(REQUIREMENTS_FILTERS, { error: "El filtro de requisitos no es válido." })
            .optional()
            .openapi({ description: "cumple: solo quienes pasan las preguntas eliminatorias; no_cumple: solo quienes no" }),
          cursor: z
            .string()
            .regex(/^[1-9][0-9]{0,11}$/, { error: "El cursor no es válido." })
            .optional()
            .openapi({ description: "El `next_cursor` de la página anterior" }),
        }),
      },
      responses: {
        200: json(ApplicantsPageSchema, "Una página de candidaturas"),
        ...guarded,
        404: errorResponse("Oferta no encontrada"),
        422: errorResponse("Filtro o cursor no válido"),
      },
    }),
    async (c) => {
      const user = admin(c);
      c.header("Cache-Control", "private, no-store");
      const id = idFrom(c.req.valid("param").id, offerMsg);
      const { requisitos, cursor } = c.req.valid("query");
      const page = await listApplicantsPage(c.get("app"), user, id, {
        requisitos,
        after: cursor ? Number(cursor) : undefined,
        markSeen: false,
      });
      return c.json({ items: page.items.map(applicantJson), total: page.total, next_cursor: page.nextCursor }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "put",
      security: SIGNED_IN,
      path: "/empleo/panel/candidaturas/{id}/estado",
      tags: [TAG],
      summary:
        "Cambiar el estado de una candidatura (recibida → en_proceso → finalista; contratada o descartada en cualquier momento, con un mensaje opcional al candidato; cubiertas las vacantes, la oferta se cierra y el resto queda descartado)",
      request: { params: IdParam, body: { required: true, content: { "application/json": { schema: applicationStatusSchema } } } },
      responses: {
        200: json(ApplicantViewSchema, "Candidatura actualizada"),
        ...guarded,
        404: errorResponse("Candidatura no encontrada"),
        409: errorResponse("Cambio de estado no permitido"),
        422: errorResponse("Estado no válido"),
      },
    }),
    async (c) => {
      const user = admin(c);
      const id = idFrom(c.req.valid("param").id, applicationMsg);
      const { status, mensaje } = c.req.valid("json");
      return c.json(applicantJson(await changeApplicationStatus(c.get("app"), user, id, status, mensaje)), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "put",
      security: SIGNED_IN,
      path: "/empleo/panel/candidaturas/{id}/nota",
      tags: [TAG],
      summary: "Guardar la nota privada y la valoración (1 a 5) de una candidatura; el candidato no las ve",
      request: { params: IdParam, body: { required: true, content: { "application/json": { schema: applicantNoteSchema } } } },
      responses: {
        200: json(ApplicantViewSchema, "Candidatura con su nota"),
        ...guarded,
        404: errorResponse("Candidatura no encontrada"),
        422: errorResponse("Nota o valoración no válida"),
      },
    }),
    async (c) => {
      const user = admin(c);
      const id = idFrom(c.req.valid("param").id, applicationMsg);
      return c.json(applicantJson(await saveApplicantNote(c.get("app"), user, id, c.req.valid("json"))), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      security: SIGNED_IN,
      path: "/empleo/panel/candidaturas/{id}/mensaje",
      tags: [TAG],
      summary:
        "Escribir por el chat a quien se inscribió: abre la conversación sin paso de solicitud (o escribe en la existente). Idempotente por client_id",
      request: { params: IdParam, body: { required: true, content: { "application/json": { schema: sendMessageSchema } } } },
      responses: {
        201: json(ApplicantMessageResultSchema, "Mensaje enviado"),
        ...guarded,
        404: errorResponse("Candidatura no encontrada"),
        409: errorResponse("Candidatura retirada, o client_id ya usado en otra conversación"),
        422: errorResponse("Mensaje no válido"),
        429: errorResponse("Demasiados mensajes"),
      },
    }),
    async (c) => {
      const user = admin(c);
      const id = idFrom(c.req.valid("param").id, applicationMsg);
      const sent = await messageApplicant(c.get("app"), user, id, c.req.valid("json"));
      return c.json({ conversation_id: sent.conversationId, message_id: sent.messageId, duplicate: sent.duplicate }, 201);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      security: SIGNED_IN,
      path: "/empleo/panel/candidaturas/{id}/cv",
      tags: [TAG],
      summary: "Descargar el CV de una candidatura",
      request: { params: IdParam },
      responses: {
        200: cvFileResponse,
        ...guarded,
        404: errorResponse("Candidatura no encontrada"),
      },
    }),
    async (c) => {
      const user = admin(c);
      const file = await getApplicationCv(c.get("app"), user, idFrom(c.req.valid("param").id, applicationMsg));
      return c.body(new Uint8Array(file.bytes), 200, cvFileHeaders(file));
    },
  );

  return router;
}
