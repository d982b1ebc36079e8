import { formMutation, idParam, requireUser, unknownIntent } from "#app/lib/page.server";
import { companyOverview, decideJoinRequest, listJoinRequests } from "#server/accounts";
import type { PageLoadContext } from "#server/context";

export async function loadCompany(context: PageLoadContext, request: Request) {
  const user = requireUser(context, request);
  return companyOverview(context.app, user.id);
}

/**
 * intent=aprobar|rechazar (id): an administrator decides a request to join the company (the rule of
 * POST /api/user/empresa/solicitudes/{id}/…). The employment panel posts here too (a fetcher), so
 * the answer names the person rather than relying on the page around it.
 */
export async function companyAction(context: PageLoadContext, request: Request) {
  const user = requireUser(context, request);
  return formMutation(
    request,
    async (form) => {
      const intent = form.get("intent");
      if (intent !== "aprobar" && intent !== "rechazar") return unknownIntent();
      const id = idParam(String(form.get("id") ?? ""));
      const pending = (await listJoinRequests(context.app, user.id)).find((item) => item.id === id);
      await decideJoinRequest(context.app, user.id, id, intent === "aprobar");
      const message = intent === "aprobar" ? `${pending?.nombre ?? "La persona"} ya forma parte de tu empresa.` : "Solicitud rechazada.";
      return { ok: true as const, intent, message };
    },
    { inline: [403, 404] },
  );
}
