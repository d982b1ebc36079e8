import { z } from "zod";
import { ACCOUNT_MESSAGES, googleRegisterSchema, loginSchema } from "#common/accounts";
import { destinationForLoggedInOpeningLogin } from "#common/accounts/destinations";
import {
  destinationsOf,
  deviceCookieOf,
  refusedSignInCookies,
  resendVerification,
  signInFromPage,
  signInWithGoogleFromPage,
} from "#server/accounts";
import type { PageLoadContext } from "#server/context";
import { formMutation, formObject, parseFields, typedValues } from "#server/platform/page-form";
import { pageRedirect } from "#server/platform/page-redirect";

const PRIVATE = { "Cache-Control": "private, no-store" };
/** «Reenviar correo»: the account the refusal named (failure.details.user_id). */
const RESEND = z.object({ user_id: z.coerce.number().int() });

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
 * The intent "google" is "Continuar con Google" (GoogleSignIn posts Google's ID token here, from
 * this page and from the registration page): POST /api/register/google's service and checks.
 * The intent "resend" is «Reenviar correo», offered when the address is not confirmed yet:
 * POST /api/email/verify/resend/{id}'s service, its rate limits and its one answer for any id.
 */
export async function loginAction(context: PageLoadContext, request: Request) {
  const meta = { userAgent: request.headers.get("user-agent"), ip: context.clientIp || null };
  return formMutation(
    request,
    async (form) => {
      if (form.get("intent") === "resend") {
        const { user_id } = parseFields(RESEND, formObject(form));
        await resendVerification(context.app, user_id, context.clientIp);
        return { ok: true as const, intent: "resend" as const, message: ACCOUNT_MESSAGES.confirmationSent };
      }
      const { location, setCookies } =
        form.get("intent") === "google"
          ? await signInWithGoogleFromPage(context.app, {
              ...parseFields(googleRegisterSchema, formObject(form)),
              previous: context.user,
              meta,
            })
          : await passwordSignIn(context, request, form, meta);
      const response = pageRedirect(location, 303, request);
      for (const line of setCookies) response.headers.append("Set-Cookie", line);
      return response;
    },
    {
      inline: [401, 403, 404],
      headers: PRIVATE,
      // Google's ID token is not the user's text: never sent back.
      values: (form) => (form.get("intent") === "google" ? {} : typedValues(form)),
      failureCookies: async (status, code) => {
        const lines = await refusedSignInCookies(context.app, context.user, status, code);
        // The login ended: the page's loaders, run next in this request, see a signed-out visitor.
        if (lines.length > 0) context.user = null;
        return lines;
      },
    },
  );
}

function passwordSignIn(context: PageLoadContext, request: Request, form: FormData, meta: { userAgent: string | null; ip: string | null }) {
  const { email, password, redirect_url, redirect_academia } = parseFields(loginSchema, formObject(form));
  return signInFromPage(context.app, {
    email,
    password,
    redirectUrl: redirect_url || null,
    redirectAcademia: redirect_academia == null ? null : String(redirect_academia),
    previous: context.user,
    deviceCookie: deviceCookieOf(request),
    clientIp: context.clientIp,
    meta,
  });
}
