import { estadoOptions } from "#app/features/accounts/reference.server";
import { formMutation, idParam, parseFields, requireUser, unknownIntent } from "#app/lib/page.server";
import { proVerificationRequestSchema } from "#common/accounts/professional-verification";
import { DEFAULT_COUNTRY_ID } from "#common/constants";
import { verificationDecisionSchema } from "#common/visita/verifications";
import { getMyProVerification, requestProVerification } from "#server/accounts";
import type { PageLoadContext } from "#server/context";
import { formObject } from "#server/platform/page-form";
import { answerVisitRequest, listMyVisitRequests } from "#server/visita";

/** Mi cuenta › Profesional: the verification state, the request form and the visits to confirm. */
export async function loadProfessional(context: PageLoadContext, request: Request) {
  const user = requireUser(context, request);
  const [verification, visitRequests] = await Promise.all([
    getMyProVerification(context.app, user),
    listMyVisitRequests(context.app, user),
  ]);
  return { verification, visitRequests, provincias: estadoOptions(DEFAULT_COUNTRY_ID) };
}

/**
 * intent=solicitar (multipart: profesion, num_colegiado, estado_id, justificante) asks to be
 * verified; intent=visita (id, decision) answers a visit confirmation asked in the app.
 */
export async function professionalAction(context: PageLoadContext, request: Request) {
  const user = requireUser(context, request);
  return formMutation(request, async (form) => {
    const intent = form.get("intent");
    if (intent === "solicitar") {
      const fields = parseFields(proVerificationRequestSchema, formObject(form));
      await requestProVerification(context.app, user, fields, form.get("justificante"));
      return { ok: true as const, intent, message: "Solicitud enviada: te avisaremos por correo cuando la revisemos." };
    }
    if (intent === "visita") {
      const { decision } = parseFields(verificationDecisionSchema, formObject(form));
      await answerVisitRequest(context.app, user, idParam(String(form.get("id") ?? "")), decision);
      return { ok: true as const, intent, message: decision === "confirmar" ? "Visita confirmada. ¡Gracias!" : "Solicitud rechazada." };
    }
    return unknownIntent();
  });
}
