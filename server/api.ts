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

/** Every tag an operation uses, declared with what it groups (a test checks none is missing). */
const TAGS: Array<{ name: string; description: string }> = [
  { name: "Referencia", description: "Datos de referencia: países, provincias o estados, cargos y sectores." },
  { name: "Cuentas: acceso", description: "Registro, inicio y cierre de sesión, verificación del correo y contraseñas." },
  { name: "Cuentas: mi cuenta", description: "La cuenta del usuario: datos, sesiones abiertas, privacidad y baja." },
  { name: "Cuentas: perfil", description: "Los perfiles de cada tipo de cuenta (profesional, visitador, marketing, empleo)." },
  { name: "Cuentas: empresa", description: "La empresa a la que pertenece el usuario y sus miembros." },
  { name: "Cuentas: utilidades", description: "Utilidades públicas de las cuentas." },
  { name: "Empleo", description: "Ofertas de empleo públicas y páginas de empresa." },
  { name: "Empleo: panel de empresa", description: "Publicación de ofertas y gestión de candidatos por las empresas." },
  { name: "Empleo: candidatos", description: "Candidaturas, ofertas guardadas, alertas y currículos de los candidatos." },
  { name: "Noticias", description: "Noticias publicadas y boletín semanal." },
  { name: "Tribunas", description: "Tribunas de opinión publicadas." },
  { name: "Opiniones", description: "El formulario «Danos tu opinión»." },
  { name: "Administración", description: "Tareas del back office (redacción, moderación y administración)." },
  { name: "Chat", description: "Conversaciones, mensajes, adjuntos y denuncias del chat." },
  { name: "Moderación", description: "Moderación de las denuncias del chat." },
  { name: "Utilidades", description: "Vista previa de los enlaces que se comparten." },
  { name: "Visita", description: "Catálogo de medicamentos, carteras de los visitadores, promociones y visitas verificadas." },
  {
    name: "Textos legales",
    description: "Aviso legal, privacidad, cookies y condiciones de uso, con sus versiones, y la aceptación de las vigentes.",
  },
  { name: "Notificaciones", description: "Las notificaciones del usuario, sus preferencias por tipo y canal, y las notificaciones push." },
];

const OPENAPI_CONFIG = {
  openapi: "3.1.0",
  tags: TAGS,
  info: {
    title: "Farmanexo API",
    version: "1.0.0",
    // Questions reach the team through the site's «Danos tu opinión» form (POST /feedback).
    contact: { name: "Farmanexo" },
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
