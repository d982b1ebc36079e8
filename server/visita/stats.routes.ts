import { createRoute, z } from "@hono/zod-openapi";
import { beaconSchema, STATS_RANGES } from "#common/visita/stats";
import { requireUser } from "#server/accounts";
import { validationError } from "#server/platform/errors";
import { figuresBeaconHandler } from "#server/platform/figures-beacon";
import { createRouter, errorResponse, jsonBody, noContent, SIGNED_IN } from "#server/platform/openapi";
import { TAG } from "./route-helpers";
import { getStatsDashboard } from "./stats.service";
import { CSV_TABLES, csvFileName, dashboardCsv } from "./stats-csv";
import { visitaFiguresBeacon } from "./stats-events";

/** /api/visita/estadisticas: the pages' counting beacon and the dashboards' CSV files (issue 32). */
export function createStatsRoutes() {
  const router = createRouter();

  router.openapi(
    createRoute({
      method: "post",
      path: "/visita/estadisticas/eventos",
      tags: [TAG],
      summary: "Contar una visita o un clic en una página pública (recuento agregado, sin identificar a nadie)",
      description:
        "La página lo envía con JavaScript después de mostrarse. Solo suma uno al recuento del día, del objeto y, si quien visita ha iniciado sesión y aceptado las cookies analíticas, de la provincia de su cuenta. No se cuentan los robots, las visitas a lo propio, los identificadores que no existen o no casan entre sí, ni lo que pase del límite por visitante. Responde 204 tanto si cuenta como si no (también si el recuento no está disponible).",
      request: { body: jsonBody(beaconSchema) },
      responses: { 204: noContent("Recibido"), 422: errorResponse("Evento no válido") },
    }),
    // Answered before the API stack by app.ts (the same handler); this entry documents it.
    figuresBeaconHandler(visitaFiguresBeacon, async (c) => c.get("user") ?? null),
  );

  router.openapi(
    createRoute({
      method: "get",
      security: SIGNED_IN,
      path: "/visita/estadisticas/csv",
      tags: [TAG],
      summary: "Descargar una tabla de mis estadísticas (o las de mis laboratorios) en CSV para Excel",
      description: "UTF-8 con BOM y punto y coma como separador. `alcance=visitador` da las propias a un usuario de marketing.",
      request: {
        query: z.object({
          tabla: z.enum(CSV_TABLES, { error: "Tabla no válida." }),
          alcance: z.enum(["laboratorio", "visitador"], { error: "Alcance no válido." }).optional(),
          rango: z.enum(STATS_RANGES, { error: "Periodo no válido." }).optional(),
          desde: z.string().max(10).optional(),
          hasta: z.string().max(10).optional(),
        }),
      },
      responses: {
        200: { description: "La tabla en CSV", content: { "text/csv": { schema: z.string() } } },
        401: errorResponse("Sin sesión"),
        403: errorResponse("Solo visitadores farmacéuticos y marketing"),
        422: errorResponse("Parámetros no válidos"),
      },
    }),
    async (c) => {
      const query = c.req.valid("query");
      const dashboard = await getStatsDashboard(c.get("app"), requireUser(c), query);
      // The page shows the last 30 days instead; a download of the wrong period would mislead.
      if (Object.keys(dashboard.rango.errors).length) throw validationError(dashboard.rango.errors, "Revisa las fechas del periodo.");
      c.header("Cache-Control", "private, no-store");
      c.header("Content-Type", "text/csv; charset=utf-8");
      c.header("Content-Disposition", `attachment; filename="${csvFileName(dashboard, query.tabla)}"`);
      return c.body(dashboardCsv(dashboard, query.tabla), 200);
    },
  );

  return router;
}
