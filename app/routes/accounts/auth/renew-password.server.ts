import { data } from "react-router";
import { newPasswordSchema } from "#common/accounts";
import { pathTo } from "#common/route-names";
import { fieldErrorsOf } from "#common/validation";
import { emailLinkProblem, resetPasswordWithLink } from "#server/accounts";
import type { PageLoadContext } from "#server/context";
import { AppError } from "#server/platform/errors";
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

export type RenewPasswordActionData =
  | { ok: true }
  | { ok: false; errors: Record<string, string[]>; failure?: undefined }
  | { ok: false; failure: string; errors?: undefined };

/**
 * The form (a POST): the link's token and the new password together. The token is spent only
 * when the password is accepted, so a refused password can be corrected with the same link.
 */
export async function renewPasswordAction(context: PageLoadContext, request: Request) {
  const form = await request.formData();
  const token = String(form.get("token") ?? "");
  guard(context, request, token);
  const parsed = newPasswordSchema.safeParse({
    password: String(form.get("password") ?? ""),
    password_confirmation: String(form.get("password_confirmation") ?? ""),
  });
  const reply = (body: RenewPasswordActionData, status = 200) => data<RenewPasswordActionData>(body, { status, headers: PRIVATE });
  if (!parsed.success) return reply({ ok: false, errors: fieldErrorsOf(parsed.error) }, 422);
  try {
    await resetPasswordWithLink(context.app, token, parsed.data.password);
  } catch (error) {
    if (error instanceof AppError && error.fieldErrors) return reply({ ok: false, errors: error.fieldErrors }, error.status);
    if (error instanceof AppError && (error.status === 404 || error.status === 410))
      return reply({ ok: false, failure: error.message }, error.status);
    throw error;
  }
  return reply({ ok: true });
}
