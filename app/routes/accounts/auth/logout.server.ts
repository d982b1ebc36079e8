import { pathTo } from "#common/route-names";
import { signOutFromPage } from "#server/accounts";
import type { PageLoadContext } from "#server/context";
import { pageRedirect } from "#server/platform/page-redirect";

/** The login page says «Sesión cerrada correctamente» when it is opened with this. */
export const SIGNED_OUT_NOTICE = "sesion-cerrada";

/** GET /app/auth/logout only asks; a visitor without a session has nothing to close. */
export function loadLogout(context: PageLoadContext, request: Request) {
  if (!context.user) throw pageRedirect(pathTo("login"), 302, request);
  return null;
}

/**
 * The sign-out form (product-spec §4: POST /api/logout's effect): ends the login and forgets it in
 * the browser (cookies), then the login page with its notice. A write, so never on GET: a link or an
 * image elsewhere cannot sign anyone out.
 */
export async function logoutAction(context: PageLoadContext, request: Request) {
  const setCookies = await signOutFromPage(context.app, context.user);
  context.user = null;
  const response = pageRedirect(pathTo("login", {}, { aviso: SIGNED_OUT_NOTICE }), 303, request);
  for (const line of setCookies) response.headers.append("Set-Cookie", line);
  response.headers.set("Cache-Control", "private, no-store");
  return response;
}
