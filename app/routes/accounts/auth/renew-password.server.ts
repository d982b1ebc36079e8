import { data } from "react-router";
import { newPasswordSchema } from "#common/accounts";
import { pathTo } from "#common/route-names";
import { emailLinkProblem, resetPasswordWithLink } from "#server/accounts";
import type { PageLoadContext } from "#server/context";
import { formMutation, parseFields } from "#server/platform/page-form";
import { pageRedirect } from "#server/platform/page-redirect";

const PRIVATE = { "Cache-Control": "private, no-store" };

/** Signed-in users go to login (product-spec §6); without a token, to the form that sends one. */
function guard(context: PageLoadContext, request: Request, token: string) {
  if (context.user) throw pageRedirect(pathTo("login"), 302, request);
  if (!token) throw pageRedirect(pathTo("change-password"), 302, request);
}

/** Opening the link (GET or its .data) only reads whether it still works; the token is not spent. */
export async function loadRenewPassword(context: PageLoadContext, request: Request) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  guard(context, request, token);
  return data({ token, failure: await emailLinkProblem(context.app, "reset", token) }, { headers: PRIVATE });
}

/**
 * The form (a POST): the link's token and the new password together. The token is spent only
 * when the password is accepted, so a refused password can be corrected with the same link.
 */
export async function renewPasswordAction(context: PageLoadContext, request: Request) {
  const form = await request.formData();
  const token = String(form.get("token") ?? "");
  guard(context, request, token);
  return formMutation(
    form,
    async () => {
      const { password } = parseFields(newPasswordSchema, {
        password: String(form.get("password") ?? ""),
        password_confirmation: String(form.get("password_confirmation") ?? ""),
      });
      await resetPasswordWithLink(context.app, token, password);
      return data({ ok: true as const }, { headers: PRIVATE });
    },
    // An unusable link (404/410) is the page's failure dialog, not the error page.
    { inline: [404, 410], headers: PRIVATE },
  );
}
