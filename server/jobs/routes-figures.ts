import { createRoute } from "@hono/zod-openapi";
import { alertFrequencyInputSchema } from "#common/jobs";
import { assertCan, requireUser } from "#server/accounts";
import { figuresBeaconHandler } from "#server/platform/figures-beacon";
import { createRouter, errorResponse, IdParam, idFrom, json, jsonBody, noContent, SIGNED_IN } from "#server/platform/openapi";
import { setAlertFrequency } from "./alerts.service";
import { alertJson } from "./api-json";
import { AlertViewSchema, OfferFiguresSchema } from "./api-schemas";
import { getOfferFigures, offerViewFiguresBeacon } from "./offer-figures.service";
import { manageOffers } from "./policy";

/** Alerts' frequency, the offer page's view beacon and the panel's per-offer figures (issue 28, decisions 0110, 0111). */
export function createFigureRoutes(tags: { public: string; panel: string }) {
  const router = createRouter();

  router.openapi(
    createRoute({
      method: "patch",
      security: SIGNED_IN,
      path: "/empleo/alertas/{id}",
      tags: [tags.public],
      summary: "Cambiar la frecuencia de una alerta: al momento, diaria o semanal",
      request: { params: IdParam, body: jsonBody(alertFrequencyInputSchema) },
      responses: {
        200: json(AlertViewSchema, "Alerta"),
        401: errorResponse("Sin sesión"),
        404: errorResponse("Alerta no encontrada"),
        422: errorResponse("Frecuencia no válida"),
      },
    }),
    async (c) => {
      const user = requireUser(c);
      const id = idFrom(c.req.valid("param").id, "Alerta no encontrada.");
      return c.json(alertJson(await setAlertFrequency(c.get("app"), user, id, c.req.valid("json"))), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/empleo/ofertas/{id}/vistas",
      tags: [tags.public],
      summary: "Contar una visita a la página de una oferta (recuento agregado por día, sin identificar a nadie)",
      description:
        "La página lo envía con JavaScript después de mostrarse. No se cuentan los robots ni las visitas de la propia empresa. Responde 202 tanto si cuenta como si no.",
      request: { params: IdParam },
      responses: { 202: noContent("Recibido"), 404: errorResponse("Identificador de oferta no válido") },
    }),
    // Answered before the API stack by app.ts (the same handler); this entry documents it.
    figuresBeaconHandler(offerViewFiguresBeacon, async (c) => c.get("user") ?? null),
  );

  router.openapi(
    createRoute({
      method: "get",
      security: SIGNED_IN,
      path: "/empleo/panel/ofertas/{id}/cifras",
      tags: [tags.panel],
      summary: "Visitas, candidaturas y conversión de una oferta de mi empresa, día a día, en los últimos 30 días",
      request: { params: IdParam },
      responses: {
        200: json(OfferFiguresSchema, "Cifras de la oferta"),
        401: errorResponse("Sin sesión"),
        403: errorResponse("Solo administradores de empleo"),
        404: errorResponse("Oferta no encontrada"),
      },
    }),
    async (c) => {
      const user = assertCan(c, manageOffers);
      c.header("Cache-Control", "private, no-store");
      const figures = await getOfferFigures(c.get("app"), user, idFrom(c.req.valid("param").id, "Oferta no encontrada."));
      return c.json(
        {
          oferta_id: figures.ofertaId,
          desde: figures.desde,
          hasta: figures.hasta,
          vistas: figures.vistas,
          candidaturas: figures.candidaturas,
          conversion: figures.conversion,
          dias: figures.dias,
        },
        200,
      );
    },
  );

  return router;
}
