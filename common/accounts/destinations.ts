import { pathTo } from "#common/route-names";
import { BACKOFFICE_ROLES, hasRole, type RoleHolder } from "./permissions";

/**
 * Where users go after logging in, after verifying and after each profile step (product-spec §2,
 * §6, §7). Pure functions, re-exported by common/accounts and used by pages and API alike.
 */

export type Destinations = {
  /** APP_URL: same-origin redirect targets are always allowed. */
  appUrl: string;
  /** Extra origins redirect_url may point to (REDIRECT_ALLOWED_ORIGINS). */
  allowedOrigins?: string[];
  userArea: string;
  employmentArea: string;
  legacyPerfilUser: string;
  legacyPanelEmpleo: string;
};

export const VISITADOR_PAGE = pathTo("visitadorPage");
/** Editors, moderators and admins land in the back office (README, demo accounts). */
export const BACKOFFICE_PAGE = pathTo("admin");

/**
 * A redirect target we accept: an absolute path on this site ("/app/…", not "//host" nor "/\\host"),
 * or an http(s) URL whose origin is APP_URL's or an allowed one. Anything else (javascript:,
 * data:, other hosts) is refused.
 */
export function safeRedirect(url: string | null | undefined, appUrl: string, allowedOrigins: string[] = []): string | undefined {
  if (!url || url.length > 2048) return undefined;
  // Control characters and backslashes are how "/\evil.com" style tricks reach another host.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: we reject exactly these characters.
  if (/[\u0000-\u001f\u007f\\]/.test(url)) return undefined;
  if (url.startsWith("/")) {
    if (url.startsWith("//")) return undefined;
    try {
      const resolved = new URL(url, appUrl);
      if (resolved.origin !== new URL(appUrl).origin) return undefined;
    } catch {
      return undefined;
    }
    return url;
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return undefined;
  if (parsed.username || parsed.password) return undefined;
  const allowed = new Set([new URL(appUrl).origin, ...allowedOrigins]);
  return allowed.has(parsed.origin) ? parsed.toString() : undefined;
}

/** Where a user goes after logging in (spec §2): the validated redirect_url, else by role. */
export function destinationAfterLogin(user: RoleHolder, redirectUrl: string | null | undefined, destinations: Destinations): string {
  const safe = safeRedirect(redirectUrl, destinations.appUrl, destinations.allowedOrigins);
  if (safe) return safe;
  if (hasRole(user, ...BACKOFFICE_ROLES)) return BACKOFFICE_PAGE;
  if (hasRole(user, "visitador_farmaceutico", "marketing")) return VISITADOR_PAGE;
  if (hasRole(user, "administrador_empleo")) return destinations.employmentArea;
  return destinations.userArea;
}

/** Where a signed-in user opening the login page goes (spec §2): no redirect_url involved. */
export function destinationForLoggedInOpeningLogin(user: RoleHolder, destinations: Destinations): string {
  if (hasRole(user, ...BACKOFFICE_ROLES)) return BACKOFFICE_PAGE;
  if (hasRole(user, "visitador_farmaceutico", "marketing")) return VISITADOR_PAGE;
  if (hasRole(user, "administrador_empleo")) return destinations.legacyPanelEmpleo;
  return destinations.legacyPerfilUser;
}

/** The account-creation step for a register_type (after verification, spec §2). */
export function crearCuentaStep(registerType: string | null | undefined): string {
  switch (registerType) {
    case "web":
      return pathTo("crear-cuenta-web");
    case "academia":
      return pathTo("crear-cuenta-academia");
    case "candidato":
      return pathTo("crear-cuenta-candidato");
    case "visita":
      return pathTo("crear-cuenta-visita");
    case "mkt":
      return pathTo("crear-cuenta-mkt");
    case "empleo":
      return pathTo("crear-cuenta-empleo");
    default:
      return pathTo("crear-cuenta");
  }
}

/** Where each profile save sends the user (spec §2, §7). */
export const PROFILE_SUCCESS = {
  web: pathTo("crear-cuenta-web-success"),
  academia: pathTo("crear-cuenta-web-success"),
  candidato: pathTo("crear-cuenta-candidato-success"),
  visita: pathTo("crear-cuenta-visita-success"),
  mkt: pathTo("crear-cuenta-mkt-success"),
  empleo: pathTo("crear-cuenta-empleo-success"),
} as const;
