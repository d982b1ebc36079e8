import { index, type RouteConfig, route } from "@react-router/dev/routes";

// The route table. Each id is the route name of product-spec §2 (see common/route-names.ts,
// which pathTo() uses to build links to these routes).
export default [
  index("routes/home/home.tsx", { id: "home" }),
  route("test", "routes/system/test.tsx", { id: "test" }),
  // Accounts (product-spec §2): authentication, registration, legacy redirects, user area.
  route("register/verification", "routes/accounts/register/verification.tsx", { id: "register-verification" }),
  route("auth/login", "routes/accounts/auth/login.tsx", { id: "login" }),
  route("auth/logout", "routes/accounts/auth/logout.tsx", { id: "logout" }),
  route("auth/change-password", "routes/accounts/auth/change-password.tsx", { id: "change-password" }),
  route("auth/renew-password", "routes/accounts/auth/renew-password.tsx", { id: "renew-password" }),
  route("auth/crear-cuenta", "routes/accounts/register/crear-cuenta.tsx", { id: "crear-cuenta" }),
  route("auth/crear-cuenta/success", "routes/accounts/register/success.tsx", { id: "crear-cuenta-success" }),
  route("auth/crear-cuenta/web/success", "routes/accounts/register/success.tsx", { id: "crear-cuenta-web-success" }),
  route("auth/crear-cuenta/visita/success", "routes/accounts/register/success.tsx", { id: "crear-cuenta-visita-success" }),
  route("auth/crear-cuenta/mkt/success", "routes/accounts/register/success.tsx", { id: "crear-cuenta-mkt-success" }),
  route("auth/crear-cuenta/empleo/success", "routes/accounts/register/success.tsx", { id: "crear-cuenta-empleo-success" }),
  route("auth/crear-cuenta/candidato/success", "routes/accounts/register/success.tsx", { id: "crear-cuenta-candidato-success" }),
  route("auth/crear-cuenta/empleo-empresa", "routes/accounts/register/empleo-empresa.tsx", { id: "crear-cuenta-empleo-empresa" }),
  route("auth/crear-cuenta/empleo-condiciones", "routes/accounts/register/empleo-condiciones.tsx", {
    id: "crear-cuenta-empleo-condiciones",
  }),
  route("auth/crear-cuenta/web", "routes/accounts/register/step.tsx", { id: "crear-cuenta-web" }),
  route("auth/crear-cuenta/academia", "routes/accounts/register/step.tsx", { id: "crear-cuenta-academia" }),
  route("auth/crear-cuenta/visita", "routes/accounts/register/step.tsx", { id: "crear-cuenta-visita" }),
  route("auth/crear-cuenta/mkt", "routes/accounts/register/step.tsx", { id: "crear-cuenta-mkt" }),
  route("auth/crear-cuenta/empleo", "routes/accounts/register/step.tsx", { id: "crear-cuenta-empleo" }),
  route("auth/crear-cuenta/candidato", "routes/accounts/register/step.tsx", { id: "crear-cuenta-candidato" }),
  route("perfil-user", "routes/system/legacy/redirect.tsx", { id: "old-perfil-user" }),
  route("canal-farmacias", "routes/system/legacy/redirect.tsx", { id: "old-canal-farmacias" }),
  route("perfil-user-empleo", "routes/system/legacy/redirect.tsx", { id: "old-perfil-user-empleo" }),
  route("panel-empleo", "routes/system/legacy/redirect.tsx", { id: "old-panel-empleo" }),
  route("pf3", "routes/system/legacy/redirect.tsx", { id: "old-pf3" }),
  route("cuenta", "routes/accounts/cuenta/cuenta.tsx", { id: "cuenta" }),
  route("cuenta/sesiones", "routes/accounts/cuenta/sesiones.tsx", { id: "cuenta-sesiones" }),
  route("cuenta/privacidad", "routes/accounts/cuenta/privacidad.tsx", { id: "cuenta-privacidad" }),
  route("visita/visitador", "routes/visita/visitador.tsx", { id: "visitadorPage" }),
  // Jobs (product-spec §2 "Jobs"): public listing and offer pages, candidate area, employment panel.
  route("empleo/p/:pais?", "routes/jobs/listing.tsx", { id: "empleo" }),
  route("empleo/p/:pais/cargo/:cargo", "routes/jobs/listing.tsx", { id: "empleo-cargo" }),
  route("empleo/oferta/:slugEmpresa/:idSlugOferta", "routes/jobs/offer.tsx", { id: "empleo-oferta" }),
  route("empleo/candidaturas", "routes/jobs/candidaturas.tsx", { id: "empleo-candidaturas" }),
  route("empleo/guardadas", "routes/jobs/guardadas.tsx", { id: "empleo-guardadas" }),
  route("empleo/alertas", "routes/jobs/alertas.tsx", { id: "empleo-alertas" }),
  route("empleo/alertas/baja/:token", "routes/jobs/alerta-baja.tsx", { id: "empleo-alerta-baja" }),
  route("empleo/panel", "routes/jobs/panel/panel.tsx", { id: "empleo-panel" }),
  route("empleo/panel/ofertas/nueva", "routes/jobs/panel/offer-edit.tsx", { id: "empleo-panel-nueva" }),
  route("empleo/panel/ofertas/:id/editar", "routes/jobs/panel/offer-edit.tsx", { id: "empleo-panel-editar" }),
  route("empleo/panel/ofertas/:id/candidatos", "routes/jobs/panel/candidatos.tsx", { id: "empleo-panel-candidatos" }),
  // News and tribunas (product-spec §2 "News"): "{id}" of noticia-contenido and tribuna is "{id}-{slug}".
  route("noticias", "routes/news/index.tsx", { id: "noticias-index" }),
  route("noticias/area/:area?/:id", "routes/news/list.tsx", { id: "noticias-area" }),
  route("noticias/category/:category?/:id", "routes/news/list.tsx", { id: "noticias-categoria" }),
  route("noticias/:id", "routes/news/noticia.tsx", { id: "noticia-contenido" }),
  route("tribunas", "routes/news/tribunas.tsx", { id: "tribunas" }),
  route("tribunas/:id", "routes/news/tribuna.tsx", { id: "tribuna" }),
  // Back office (product brief, "Back office"): every page sits under the admin layout, which
  // checks the back-office roles and draws the navigation (app/features/admin/nav.ts).
  route("admin", "routes/admin/layout.tsx", { id: "admin-layout" }, [
    index("routes/admin/home.tsx", { id: "admin" }),
    route("opiniones", "routes/admin/opiniones.tsx", { id: "admin-opiniones" }),
    route("auditoria", "routes/admin/auditoria.tsx", { id: "admin-auditoria" }),
  ]),
  // Chat (product-spec §2 "Chat"): the conversation list, and one conversation beside it.
  route("chat/:id?", "routes/chat/chat.tsx", { id: "chat" }),
  route("*", "routes/system/not-found.tsx", { id: "not-found" }),
] satisfies RouteConfig;
