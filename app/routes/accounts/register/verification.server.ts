import { data } from "react-router";
import { emailLinkProblem, verifyEmailFromPage } from "#server/accounts";
import type { PageLoadContext } from "#server/context";
import { formMutation } from "#server/platform/page-form";
import { pageRedirect } from "#server/platform/page-redirect";

const PRIVATE = { "Cache-Control": "private, no-store" };

/** Opening the link (GET or its .data) only reads whether it still works; the token is not spent. */
export async function loadVerification(context: PageLoadContext, values: { token: string; registerType: string; redirectUrl: string }) {
  // Without a token the page has nothing to confirm: the generic failure (product-spec §8).
  const failure = values.token ? await emailLinkProblem(context.app, "verify", values.token) : "";
  return data({ ...values, failure }, { headers: PRIVATE });
}

/**
 * The page's button (a POST): spends the token, confirms the address, signs this browser in and
 * goes on to the next step. An unusable link answers its reason for the failure dialog.
 */
export async function verificationAction(context: PageLoadContext, request: Request) {
  const form = await request.formData();
  const redirectUrl = String(form.get("redirect_url") ?? "");
  return formMutation(
    form,
    async () => {
      const result = await verifyEmailFromPage(context.app, {
        token: String(form.get("token") ?? ""),
        redirectUrl: redirectUrl || null,
        previous: context.user,
        meta: { userAgent: request.headers.get("user-agent"), ip: context.clientIp || null },
      });
      const response = pageRedirect(result.redirect, 303, request);
      for (const line of result.setCookies) response.headers.append("Set-Cookie", line);
      return response;
    },
    // An unusable link (404/410) answers its reason for the failure dialog.
    { inline: [404, 410], headers: PRIVATE },
  );
}
