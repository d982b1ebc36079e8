import { ACCOUNT_MESSAGES, loginSchema } from "#common/accounts";
import { destinationForLoggedInOpeningLogin } from "#common/accounts/destinations";
import { destinationsOf, deviceCookieOf, refusedSignInCookies, signInFromPage } from "#server/accounts";
import type { PageLoadContext } from "#server/context";
import { formAction } from "#server/platform/page-form";
import { pageRedirect } from "#server/platform/page-redirect";

const PRIVATE = { "Cache-Control": "private, no-store" };

const NOTICES: Record<string, string> = {
  "sesion-cerrada": ACCOUNT_MESSAGES.loggedOut,
  "cuenta-eliminada": "Tu cuenta se ha eliminado.",
};

export function loadLogin(context: PageLoadContext, request: Request) {
  // A signed-in user opening login goes on to where they belong (product-spec §2).
  if (context.user) throw pageRedirect(destinationForLoggedInOpeningLogin(context.user, destinationsOf(context.app.config)), 302, request);
  const url = new URL(request.url);
  return {
    redirectUrl: url.searchParams.get("redirect_url"),
    redirectAcademia: url.searchParams.get("redirect_academia"),
    // After the sign-out form (logout.server.ts) or the account's erasure (privacy.server.ts).
    notice: NOTICES[url.searchParams.get("aviso") ?? ""] ?? null,
  };
}

/**
 * The sign-in form (a POST, decision 0095): the same service, limits and destinations as
 * POST /api/login. Refused credentials (401), an unconfirmed address or a blocked account (403) and
 * a throttle (429) are answered in the form; every refusal but a form to correct, an unconfirmed
 * address and a throttle also ends the browser's current login (product-spec §4).
 */
export async function loginAction(context: PageLoadContext, request: Request) {
  return formAction(
    request,
    loginSchema,
    async ({ email, password, redirect_url, redirect_academia }) => {
      const { location, setCookies } = await signInFromPage(context.app, {
        email,
        password,
        redirectUrl: redirect_url || null,
        redirectAcademia: redirect_academia == null ? null : String(redirect_academia),
        previous: context.user,
        deviceCookie: deviceCookieOf(request),
        clientIp: context.clientIp,
        meta: { userAgent: request.headers.get("user-agent"), ip: context.clientIp || null },
      });
      const response = pageRedirect(location, 303, request);
      for (const line of setCookies) response.headers.append("Set-Cookie", line);
      return response;
    },
    {
      inline: [401, 403, 404],
      headers: PRIVATE,
      failureCookies: async (status, code) => {
        const lines = await refusedSignInCookies(context.app, context.user, status, code);
        // The login ended: the page's loaders, run next in this request, see a signed-out visitor.
        if (lines.length > 0) context.user = null;
        return lines;
      },
    },
  );
}
