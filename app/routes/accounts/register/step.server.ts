import { registerSchema } from "#common/accounts";
import { pathTo } from "#common/route-names";
import { register } from "#server/accounts";
import type { PageLoadContext } from "#server/context";
import { formAction } from "#server/platform/page-form";
import { pageRedirect } from "#server/platform/page-redirect";

/**
 * The registration form (a POST): the same service, checks and rate limit as POST /api/register.
 * The page shows the form only to visitors; a browser that signed in meanwhile goes to login, which
 * sends it on. A registration never signs in (product-spec §4): the success page asks to confirm.
 */
export async function registerAction(context: PageLoadContext, request: Request) {
  if (context.user) throw pageRedirect(pathTo("login"), 303, request);
  return formAction(request, registerSchema, async (input) => {
    await register(context.app, input, context.clientIp);
    return pageRedirect(pathTo("crear-cuenta-success", {}, { email: input.email, register_type: input.register_type }), 303, request);
  });
}
