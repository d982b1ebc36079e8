import { ACCOUNT_MESSAGES, renewPasswordSendSchema } from "#common/accounts";
import { pathTo } from "#common/route-names";
import { sendPasswordReset } from "#server/accounts";
import type { PageLoadContext } from "#server/context";
import { formAction } from "#server/platform/page-form";
import { pageRedirect } from "#server/platform/page-redirect";

/** Signed-in users go to login (product-spec §6). */
function guard(context: PageLoadContext, request: Request) {
  if (context.user) throw pageRedirect(pathTo("login"), 302, request);
}

export function loadChangePassword(context: PageLoadContext, request: Request) {
  guard(context, request);
  return null;
}

/**
 * The form (a POST): the same service and limits as POST /api/renew-password/send. The answer is
 * the same whether the address has an account or not (product-spec §8).
 */
export async function changePasswordAction(context: PageLoadContext, request: Request) {
  guard(context, request);
  return formAction(request, renewPasswordSendSchema, async ({ email }) => {
    await sendPasswordReset(context.app, email, context.clientIp);
    return { ok: true as const, title: ACCOUNT_MESSAGES.resetTitle };
  });
}
