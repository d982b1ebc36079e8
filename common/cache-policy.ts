/**
 * The cache policy of every page, by route id (app/routes.ts): one line per route, and a unit test
 * fails when a route has none.
 *
 * - `publicPage(...tags)`: every anonymous visitor gets the same HTML, so the server keeps it
 *   (server/platform/page-cache) and CDNs and browsers may too. The tags name what the page shows;
 *   a service that changes such data calls `ctx.pageCache.invalidate(tag)`, on every instance.
 * - `PRIVATE`: per visitor (forms, personal data, redirects that depend on who asks): never stored.
 *
 * Signed-in visitors always get `private, no-store`, whatever the route says.
 */
export type PagePolicy = { cache: "public"; tags: readonly string[] } | { cache: "private" };

/** What the data behind a public page is about; invalidating a tag drops every page that has it. */
export type CacheTag = "jobs" | "legal" | "news" | "visita";

const publicPage = (...tags: CacheTag[]): PagePolicy => ({ cache: "public", tags });
const PRIVATE: PagePolicy = { cache: "private" };

export const PAGE_POLICIES: Record<string, PagePolicy> = {
  home: publicPage("jobs"),
  "not-found": PRIVATE,
  test: PRIVATE,
  // Accounts: forms and personal pages.
  "register-verification": PRIVATE,
  login: PRIVATE,
  logout: PRIVATE,
  "change-password": PRIVATE,
  "renew-password": PRIVATE,
  "crear-cuenta": PRIVATE,
  "crear-cuenta-success": PRIVATE,
  "crear-cuenta-web-success": PRIVATE,
  "crear-cuenta-visita-success": PRIVATE,
  "crear-cuenta-mkt-success": PRIVATE,
  "crear-cuenta-empleo-success": PRIVATE,
  "crear-cuenta-candidato-success": PRIVATE,
  "crear-cuenta-empleo-empresa": PRIVATE,
  "crear-cuenta-empleo-condiciones": PRIVATE,
  "crear-cuenta-web": PRIVATE,
  "crear-cuenta-academia": PRIVATE,
  "crear-cuenta-visita": PRIVATE,
  "crear-cuenta-mkt": PRIVATE,
  "crear-cuenta-empleo": PRIVATE,
  "crear-cuenta-candidato": PRIVATE,
  "old-perfil-user": PRIVATE,
  "old-canal-farmacias": PRIVATE,
  "old-perfil-user-empleo": PRIVATE,
  "old-panel-empleo": PRIVATE,
  "old-pf3": PRIVATE,
  cuenta: PRIVATE,
  "cuenta-sesiones": PRIVATE,
  "cuenta-privacidad": PRIVATE,
  "cuenta-empresa": PRIVATE,
  "cuenta-profesional": PRIVATE,
  notificaciones: PRIVATE,
  "notificaciones-preferencias": PRIVATE,
  // The legal texts are the same for every visitor; publishing a version invalidates "legal" on
  // every instance, so no one reads a stale text. The accept page is per user.
  legal: publicPage("legal"),
  "legal-version": publicPage("legal"),
  "legal-aceptar": PRIVATE,
  "admin-legal": PRIVATE,
  "admin-legal-editar": PRIVATE,
  "admin-profesionales": PRIVATE,
  visitadorPage: PRIVATE,
  estadisticas: PRIVATE,
  // Visita: what the catalogue shows depends on the professional gate's cookie; a request carrying it
  // (or a session) is never answered from or stored in any cache (server/platform/session-cookie.ts),
  // so every anonymous visitor without it gets the same page, prescription-only detail withheld
  // (decision 0048). Catalogue, portfolio, revision, promotion and profile changes invalidate "visita".
  visita: publicPage("visita"),
  result: publicPage("visita"),
  producto: publicPage("visita"),
  "producto-cartera": publicPage("visita"),
  // The laboratory directory (decision 0124): gated like search, so cached on the same terms.
  laboratorios: publicPage("visita"),
  laboratorio: publicPage("visita"),
  "search-product": PRIVATE,
  "results-db": PRIVATE,
  "asociar-producto": PRIVATE,
  "asociar-producto-success": PRIVATE,
  "nuevo-producto": PRIVATE,
  "sugerir-cambios": PRIVATE,
  "preview-editar-producto": PRIVATE,
  "crear-revision-success": PRIVATE,
  // Visita promotions: gated like the product page (decision 0026), so cached on the same terms.
  "laboratorio-promocion": publicPage("visita"),
  "crear-promocion": PRIVATE,
  "edit-promo": PRIVATE,
  // Visita part 2: the representative's forms and the e-mailed link are per visitor; the public
  // profile shows only what every anonymous visitor sees (no prescription-only detail).
  "verificacion-prof": PRIVATE,
  "success-verif": PRIVATE,
  verify: PRIVATE,
  "visita-user": publicPage("visita"),
  "user-public": publicPage("visita"),
  // Jobs: the public listing and offer pages; the candidate area and the employment panel.
  empleo: publicPage("jobs"),
  "empleo-cargo": publicPage("jobs"),
  "empleo-oferta": publicPage("jobs"),
  "empleo-empresa": publicPage("jobs"),
  "empleo-candidaturas": PRIVATE,
  "empleo-guardadas": PRIVATE,
  "empleo-alertas": PRIVATE,
  "empleo-perfil": PRIVATE,
  "empleo-alerta-baja": PRIVATE,
  "empleo-panel": PRIVATE,
  "empleo-panel-nueva": PRIVATE,
  "empleo-panel-editar": PRIVATE,
  "empleo-panel-candidatos": PRIVATE,
  "empleo-panel-talento": PRIVATE,
  // Back office.
  "admin-layout": PRIVATE,
  admin: PRIVATE,
  "admin-auditoria": PRIVATE,
  "admin-operaciones": PRIVATE,
  "admin-noticias": PRIVATE,
  "admin-noticia-nueva": PRIVATE,
  "admin-noticia": PRIVATE,
  "admin-opiniones": PRIVATE,
  "admin-tribunas": PRIVATE,
  "admin-tribuna-nueva": PRIVATE,
  "admin-tribuna": PRIVATE,
  "admin-areas": PRIVATE,
  "admin-autores": PRIVATE,
  "admin-usuarios": PRIVATE,
  "admin-usuario": PRIVATE,
  "admin-revisiones": PRIVATE,
  "admin-revision": PRIVATE,
  "admin-promociones": PRIVATE,
  "admin-laboratorios": PRIVATE,
  "admin-denuncias": PRIVATE,
  // News and tribunas: every change an editor or the scheduler makes invalidates "news".
  "noticias-index": publicPage("news"),
  "noticias-area": publicPage("news"),
  "noticias-categoria": publicPage("news"),
  "noticia-contenido": publicPage("news"),
  "noticias-autor": publicPage("news"),
  tribunas: publicPage("news"),
  tribuna: publicPage("news"),
  "newsletter-baja": PRIVATE,
  "chat-baja": PRIVATE,
  "cuenta-boletin": PRIVATE,
  opinion: PRIVATE,
  // Chat: personal.
  chat: PRIVATE,
};

/** The policy of a route id; an unknown id is private (never cached by mistake). */
export function pagePolicyOf(routeId: string | undefined): PagePolicy {
  return (routeId && PAGE_POLICIES[routeId]) || PRIVATE;
}

/**
 * Response headers. Public pages: browsers revalidate every time (an ETag makes that a 304),
 * shared caches keep them a minute and may serve a stale copy while they refetch.
 */
/**
 * A public page that shows something with an end time (a promotion) must not outlive it in the page
 * cache: its loader sends this header (cacheUntil), which the server reads and removes before
 * answering. Nothing invalidates a page when a date passes; the date itself does.
 */
export const CACHE_UNTIL_HEADER = "X-Page-Cache-Until";

/** The loader header that keeps the page cached no later than the earliest of `ends` (ISO dates). */
export function cacheUntil(ends: ReadonlyArray<string | null | undefined>): Record<string, string> {
  const times = ends.map((end) => (end ? Date.parse(end) : Number.NaN)).filter(Number.isFinite);
  return times.length ? { [CACHE_UNTIL_HEADER]: String(Math.min(...times)) } : {};
}

export const CACHE_CONTROL = {
  public: "public, max-age=0, s-maxage=60, stale-while-revalidate=300",
  private: "private, no-store",
} as const;
