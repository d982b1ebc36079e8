import type { PageLoadContext } from "#server/context";
import { submitFeedback } from "#server/feedback";
import { formMutation, formObject } from "#server/platform/page-form";

/**
 * "Danos tu opinión" (decision 0060): the service, checks and rate limit of POST /api/feedback,
 * which validates the raw form (honeypot included) with the dialog's schema.
 */
export async function feedbackAction(context: PageLoadContext, request: Request) {
  return formMutation(request, async (form) => {
    await submitFeedback(context.app, context.user, { ...formObject(form), id_user_feedback: null }, { ip: context.clientIp });
    return { ok: true as const };
  });
}
