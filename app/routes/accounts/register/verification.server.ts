import { data } from "react-router";
import { emailLinkProblem, verifyEmailFromPage } from "#server/accounts";
import type { PageLoadContext } from "#server/context";
import { AppError } from "#server/platform/errors";
import { pageRedirect } from "#server/platform/page-redirect";

const PRIVATE = { "Cache-Control": "private, no-store" };

/** Opening the link (GET or its .data) only reads whether it still works; the token is not spent. */
export async function loadVerification(context: PageLoadContext, values: { token: string; registerType: string; redirectUrl: string }) {
  // Without a token the page has nothing to confirm: the generic failure (product-spec §8).
  const failure = values.token ? await emailLinkProblem(context.app, "verify", values.token) : "";
  return data({ ...values, failure }, { headers: PRIVATE });
}

export type VerificationActionData = { failure: string };

/**
 * The page's button (a POST): spends the token, confirms the address, signs this browser in and
 * goes on to the next step. An unusable link answers its reason for the failure dialog.
 */
export async function verificationAction(context: PageLoadContext, request: Request) {
  const form = await request.formData();
  const redirectUrl = String(form.get("redirect_url") ?? "");
  let result: Awaited<ReturnType<typeof verifyEmailFromPage>>;
  try {
    result = await verifyEmailFromPage(context.app, {
      token: String(form.get("token") ?? ""),
      redirectUrl: redirectUrl || null,
      previous: context.user,
      meta: { userAgent: request.headers.get("user-agent"), ip: context.clientIp || null },
    });
  } catch (error) {
    if (error instanceof AppError && (error.status === 404 || error.status === 410)) {
      return data<VerificationActionData>({ failure: error.message }, { status: error.status, headers: PRIVATE });
    }
    throw error;
  }
  const response = pageRedirect(result.redirect, 303, request);
  for (const line of result.setCookies) response.headers.append("Set-Cookie", line);
  return response;
}
