import { createAccountsRoutes } from "#server/accounts/routes";
import { createAdminRoutes } from "#server/admin/routes";
import { createFeedbackRoutes } from "#server/feedback/routes";
import { createJobsRoutes } from "#server/jobs/routes";
import { createLegalRoutes } from "#server/legal/routes";
import { createNewsRoutes } from "#server/news/routes";
import { createReferenceRoutes } from "#server/reference/routes";
import { createVisitaRoutes } from "#server/visita/routes";
import { createChatRoutes } from "./chat";
import { createNotificationsRoutes } from "./notifications";
import { createRouter, SECURITY_SCHEMES } from "./platform/openapi";

const OPENAPI_CONFIG = {
  openapi: "3.1.0",
  info: {
    title: "Farmanexo API",
    version: "1.0.0",
    description:
      "API de Farmanexo. Los clientes de navegador usan la cookie de sesión y el token CSRF (GET /sanctum/csrf-cookie, cabecera X-XSRF-TOKEN); los demás, un token Bearer obtenido en POST /api/login. Las operaciones con seguridad responden 401 sin sesión, antes de validar el cuerpo. El JSON de peticiones y respuestas usa snake_case; solo los campos de empresa de POST /api/user/{marketing,empleo,empleo/empresa} y userId de POST /api/redirigir-academia conservan los nombres que fija la especificación.",
  },
  servers: [{ url: "/api" }],
};

/** The OpenAPI document without starting a server (npm run lint:api checks it). */
export function openApiDocument() {
  return createApiRouter().getOpenAPI31Document(OPENAPI_CONFIG);
}

/**
 * Every /api route, one router per area. The OpenAPI document is served at /api/openapi.json.
 */
export function createApiRouter() {
  const api = createRouter();
  api.route("/", createReferenceRoutes());
  api.route("/", createAccountsRoutes());
  api.route("/", createJobsRoutes());
  api.route("/", createNewsRoutes());
  api.route("/", createFeedbackRoutes());
  api.route("/", createAdminRoutes());
  api.route("/", createChatRoutes());
  api.route("/", createVisitaRoutes());
  api.route("/", createLegalRoutes());
  api.route("/", createNotificationsRoutes());

  for (const [name, scheme] of Object.entries(SECURITY_SCHEMES)) api.openAPIRegistry.registerComponent("securitySchemes", name, scheme);
  api.doc31("/openapi.json", OPENAPI_CONFIG);
  return api;
}
