import { changePasswordSchema } from "#common/accounts";
import { changePassword, requirePageUser } from "#server/accounts";
import type { PageLoadContext } from "#server/context";
import { formMutation, formObject, parseFields, unknownIntent } from "#server/platform/page-form";

/**
 * Mi cuenta's forms (decision 0060), each the same service and limits as its /api operation:
 * "password" is PUT /api/user/password (the current password, rate-limited; other logins end).
 */
export async function cuentaAction(context: PageLoadContext, request: Request) {
  const user = requirePageUser(context, request);
  return formMutation(request, async (form) => {
    const intent = form.get("intent");
    if (intent !== "password") unknownIntent();
    await changePassword(context.app, user, parseFields(changePasswordSchema, formObject(form)));
    return { ok: true as const, intent };
  });
}
