/**
 * Every route name of product-spec §2 (plus the brief's additions) and its path pattern under
 * /app. React Router uses these names as route ids; pathTo() builds a link from a name.
 */
export const ROUTE_PATTERNS = {
  home: "/",
  test: "/test",
  "register-verification": "/register/verification",
  login: "/auth/login",
  logout: "/auth/logout",
  "change-password": "/auth/change-password",
  "renew-password": "/auth/renew-password",
  "crear-cuenta": "/auth/crear-cuenta",
  "crear-cuenta-web": "/auth/crear-cuenta/web",
  "crear-cuenta-academia": "/auth/crear-cuenta/academia",
  "crear-cuenta-visita": "/auth/crear-cuenta/visita",
  "crear-cuenta-mkt": "/auth/crear-cuenta/mkt",
  "crear-cuenta-empleo-empresa": "/auth/crear-cuenta/empleo-empresa",
  "crear-cuenta-empleo-condiciones": "/auth/crear-cuenta/empleo-condiciones",
  "crear-cuenta-empleo": "/auth/crear-cuenta/empleo",
  "crear-cuenta-candidato": "/auth/crear-cuenta/candidato",
  "crear-cuenta-success": "/auth/crear-cuenta/success",
  "crear-cuenta-web-success": "/auth/crear-cuenta/web/success",
  "crear-cuenta-academia-success": "/auth/crear-cuenta/web/success",
  "crear-cuenta-visita-success": "/auth/crear-cuenta/visita/success",
  "crear-cuenta-mkt-success": "/auth/crear-cuenta/mkt/success",
  "crear-cuenta-empleo-success": "/auth/crear-cuenta/empleo/success",
  "crear-cuenta-candidato-success": "/auth/crear-cuenta/candidato/success",
  "old-perfil-user": "/perfil-user",
  "old-canal-farmacias": "/canal-farmacias",
  "old-perfil-user-empleo": "/perfil-user-empleo",
  "old-panel-empleo": "/panel-empleo",
  "old-pf3": "/pf3",
  cuenta: "/cuenta",
  "cuenta-sesiones": "/cuenta/sesiones",
  "cuenta-privacidad": "/cuenta/privacidad",
  "cuenta-profesional": "/cuenta/profesional",
  legal: "/legal/:documento",
  "legal-version": "/legal/:documento/version/:version",
  "legal-aceptar": "/legal/aceptar",
  "admin-legal": "/admin/legal",
  "admin-legal-editar": "/admin/legal/:documento",
  "cuenta-boletin": "/cuenta/boletin",
  opinion: "/opinion",
  "newsletter-baja": "/noticias/boletin/baja/:token",
  "cuenta-empresa": "/cuenta/empresa",
  empleo: "/empleo/p/:pais?",
  "empleo-cargo": "/empleo/p/:pais/cargo/:cargo",
  "empleo-oferta": "/empleo/oferta/:slugEmpresa/:idSlugOferta",
  "empleo-empresa": "/empleo/empresa/:slug",
  "empleo-candidaturas": "/empleo/candidaturas",
  "empleo-guardadas": "/empleo/guardadas",
  "empleo-alertas": "/empleo/alertas",
  "empleo-perfil": "/empleo/perfil",
  "empleo-alerta-baja": "/empleo/alertas/baja/:token",
  "empleo-panel": "/empleo/panel",
  "empleo-panel-nueva": "/empleo/panel/ofertas/nueva",
  "empleo-panel-editar": "/empleo/panel/ofertas/:id/editar",
  "empleo-panel-candidatos": "/empleo/panel/ofertas/:id/candidatos",
  "empleo-panel-talento": "/empleo/panel/talento",
  chat: "/chat/:id?",
  "chat-baja": "/chat/baja/:token",
  notificaciones: "/notificaciones",
  "notificaciones-preferencias": "/notificaciones/preferencias",
  "noticias-index": "/noticias",
  "noticias-area": "/noticias/area/:area?/:id",
  "noticias-categoria": "/noticias/category/:category?/:id",
  "noticias-autor": "/noticias/autor/:id",
  "noticia-contenido": "/noticias/:id",
  tribunas: "/tribunas",
  tribuna: "/tribunas/:id",
  visita: "/visita",
  visitadorPage: "/visita/visitador",
  // Visita catalogue and portfolio (product-spec §2 "Sales-representative area"): the specification
  // names only visita and visitadorPage; the others are named after their path.
  result: "/visita/result",
  producto: "/visita/producto/:product/:id",
  "search-product": "/visita/search-product",
  "results-db": "/visita/results-db",
  "asociar-producto": "/visita/asociar-producto/:id",
  "asociar-producto-success": "/visita/asociar-producto-success",
  "producto-cartera": "/visita/visitador/public/producto-cartera/:product/:id",
  /** The laboratory directory from the register (issue 29): holders and marketers, and each one's medicines. */
  laboratorios: "/visita/laboratorios",
  laboratorio: "/visita/laboratorio/:slug",
  /** The figures of a laboratory's products or of the representative's own (issue 32). */
  estadisticas: "/visita/visitador/estadisticas",
  "nuevo-producto": "/visita/nuevo-producto",
  "sugerir-cambios": "/visita/visitador/sugerir-cambios/:idProd",
  "preview-editar-producto": "/visita/preview-editar-producto",
  "crear-revision-success": "/visita/crear-revision-success",
  // Visita promotions (issue 14, promo).
  "laboratorio-promocion": "/visita/laboratorio-promocion/:slug/:idPromo",
  "crear-promocion": "/visita/visitador/crear-promocion/:idProd",
  "edit-promo": "/visita/visitador/edit-promo/:idPromo",
  "user-public": "/user/:user",
  // Visita part 2 (issue 14): verified visits and the public profile (also at /app/user/{user}).
  "verificacion-prof": "/visita/visitador/verificacion-prof/:idProd/:idVerif/:isRev",
  "success-verif": "/visita/visitador/success-verif",
  verify: "/visita/visitador/public/verify/:hash",
  "visita-user": "/visita/user/:user",
  // Back office (product brief, "Back office"): the admin/* pages, one line per page.
  admin: "/admin",
  "admin-noticias": "/admin/noticias",
  "admin-noticia-nueva": "/admin/noticias/nueva",
  "admin-noticia": "/admin/noticias/:id",
  "admin-tribunas": "/admin/tribunas",
  "admin-tribuna-nueva": "/admin/tribunas/nueva",
  "admin-tribuna": "/admin/tribunas/:id",
  "admin-areas": "/admin/areas",
  "admin-autores": "/admin/autores",
  "admin-denuncias": "/admin/denuncias",
  "admin-opiniones": "/admin/opiniones",
  "admin-auditoria": "/admin/auditoria",
  "admin-operaciones": "/admin/operaciones",
  "admin-usuarios": "/admin/usuarios",
  "admin-usuario": "/admin/usuarios/:id",
  "admin-profesionales": "/admin/profesionales",
  "admin-revisiones": "/admin/revisiones",
  "admin-revision": "/admin/revisiones/:id",
  "admin-promociones": "/admin/promociones",
  "admin-laboratorios": "/admin/laboratorios",
} as const;

export type RouteName = keyof typeof ROUTE_PATTERNS;

type ParamNames<P extends string> = P extends `${string}:${infer Param}/${infer Rest}`
  ? ParamName<Param> | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Param}`
    ? ParamName<Param>
    : never;
type ParamName<P extends string> = P extends `${infer Name}?` ? Name : P;
type Params<N extends RouteName> = { [K in ParamNames<(typeof ROUTE_PATTERNS)[N]>]?: string | number };

export const BASENAME = "/app";

/**
 * An app path ("/app/empleo/…", as services and the API return URLs) made relative to the basename
 * for <Link to> and navigate(); null when it is not an app path (another site, /api, /sanctum).
 */
export function appPathRelative(path: string): string | null {
  if (path === BASENAME) return "/";
  if (path.startsWith(`${BASENAME}/`) || path.startsWith(`${BASENAME}?`)) return path.slice(BASENAME.length) || "/";
  return null;
}

/** appPathRelative() for a URL a service built: always an app path. */
export const linkToAppPath = (path: string): string => appPathRelative(path) ?? path;

/**
 * The full path (with /app) of a named route. Optional params may be left out; required ones
 * that are missing throw, because a broken link is a bug worth finding early.
 */
export function pathTo<N extends RouteName>(
  name: N,
  params: Params<N> = {} as Params<N>,
  query?: Record<string, string | number | undefined | null> | URLSearchParams,
): string {
  const values = params as Record<string, string | number | undefined>;
  const path = ROUTE_PATTERNS[name]
    .split("/")
    .map((segment) => {
      if (!segment.startsWith(":")) return segment;
      const optional = segment.endsWith("?");
      const key = segment.slice(1, optional ? -1 : undefined);
      const value = values[key];
      if (value === undefined || value === "") {
        if (optional) return null;
        throw new Error(`pathTo(${name}): missing parameter "${key}"`);
      }
      return encodeURIComponent(String(value));
    })
    .filter((segment) => segment !== null)
    .join("/");
  const full = `${BASENAME}${path === "/" ? "" : path}`;
  return full + toQueryString(query);
}

function toQueryString(query?: Record<string, string | number | undefined | null> | URLSearchParams): string {
  if (!query) return "";
  const search =
    query instanceof URLSearchParams
      ? query
      : new URLSearchParams(
          Object.entries(query)
            .filter(([, value]) => value !== undefined && value !== null && value !== "")
            .map(([key, value]) => [key, String(value)]),
        );
  const text = search.toString();
  return text ? `?${text}` : "";
}

/**
 * The same path relative to the router's basename, for <Link to>, <NavLink> and navigate():
 * React Router prefixes the basename itself there (a full path would become /app/app/…).
 * Redirects from loaders and actions, e-mails and plain <a href> use pathTo().
 */
export function linkTo<N extends RouteName>(
  name: N,
  params?: Params<N>,
  query?: Record<string, string | number | undefined | null> | URLSearchParams,
): string {
  return pathTo(name, params, query).slice(BASENAME.length) || "/";
}
