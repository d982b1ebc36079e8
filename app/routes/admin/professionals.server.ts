import { formMutation, idParam, parseFields, unknownIntent } from "#app/lib/page.server";
import { proVerificationDecisionSchema } from "#common/accounts/professional-verification";
import { assertCan, decideProVerification, listProVerificationQueue } from "#server/accounts";
import type { PageLoadContext } from "#server/context";
import { formObject } from "#server/platform/page-form";

/** The moderators' queue of professional verification requests (issue 30). */
export async function loadProfessionalQueue(context: PageLoadContext, request: Request) {
  const user = assertCan(context, request, "moderation");
  return { items: await listProVerificationQueue(context.app, user) };
}

/** intent=decidir (id, decision=aprobar|rechazar, motivo, comentario): the service checks, audits and tells the user. */
export async function professionalQueueAction(context: PageLoadContext, request: Request) {
  const user = assertCan(context, request, "moderation");
  return formMutation(request, async (form) => {
    if (form.get("intent") !== "decidir") return unknownIntent();
    const decision = parseFields(proVerificationDecisionSchema, formObject(form));
    await decideProVerification(context.app, user, idParam(String(form.get("id") ?? "")), decision);
    return {
      ok: true as const,
      intent: "decidir",
      message: decision.decision === "aprobar" ? "Solicitud aprobada: el usuario ya es profesional verificado." : "Solicitud rechazada.",
    };
  });
}
