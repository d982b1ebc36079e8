import { createAccountsRoutes } from "#server/accounts/routes";
import { createAdminRoutes } from "#server/admin/routes";
import { createFeedbackRoutes } from "#server/feedback/routes";
import { createJobsRoutes } from "#server/jobs/routes";
import { createNewsRoutes } from "#server/news/routes";
import { createReferenceRoutes } from "#server/reference/routes";
import { createVisitaRoutes } from "#server/visita/routes";
import { createChatRoutes } from "./chat";
import { createRouter } from "./platform/openapi";

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

  api.doc31("/openapi.json", {
    openapi: "3.1.0",
    info: {
      title: "Farmanexo API",
      version: "1.0.0",
      description:
        "API de Farmanexo. Los clientes de navegador usan la cookie de sesión y el token CSRF (GET /sanctum/csrf-cookie, cabecera X-XSRF-TOKEN); los demás, un token Bearer obtenido en POST /api/login.",
    },
    servers: [{ url: "/api" }],
  });
  return api;
}
