import { formMutation, idParam, requireUser, unknownIntent } from "#app/lib/page.server";
import { ACCOUNT_MESSAGES } from "#common/accounts/messages";
import { listSessions, revokeSession } from "#server/accounts";
import type { PageLoadContext } from "#server/context";

export async function loadSessions(context: PageLoadContext, request: Request) {
  const user = requireUser(context, request);
  return { sessions: await listSessions(context.app, user) };
}

/** intent=cerrar (id): ends one of the user's other sessions (DELETE /api/user/sessions/{id}'s rule). */
export async function sessionsAction(context: PageLoadContext, request: Request) {
  const user = requireUser(context, request);
  return formMutation(
    request,
    async (form) => {
      if (form.get("intent") !== "cerrar") return unknownIntent();
      await revokeSession(context.app, user.id, idParam(String(form.get("id") ?? "")));
      return { ok: true as const, intent: "cerrar", message: ACCOUNT_MESSAGES.loggedOut };
    },
    { inline: [404] },
  ); // already closed elsewhere: «Sesión no encontrada.» in the page
}
