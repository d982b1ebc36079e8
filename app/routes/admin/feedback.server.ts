import { FEEDBACK_STATUSES, type FeedbackStatus } from "#common/news/vocabulary";
import { assertCan } from "#server/accounts";
import type { PageLoadContext } from "#server/context";
import { listFeedback, setFeedbackStatus } from "#server/feedback";
import { EVERY_REFUSAL, formMutation } from "#server/platform/page-form";

export async function loadOpiniones(context: PageLoadContext, request: Request) {
  const user = assertCan(context, request, "administration");
  const url = new URL(request.url);
  const estado = url.searchParams.get("estado");
  const before = Number(url.searchParams.get("antes"));
  const page = await listFeedback(context.app, user, {
    status: (FEEDBACK_STATUSES as readonly string[]).includes(estado ?? "") ? (estado as FeedbackStatus) : undefined,
    q: url.searchParams.get("q") ?? undefined,
    before: Number.isSafeInteger(before) && before > 0 ? before : undefined,
  });
  return {
    items: page.items.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() })),
    nextBefore: page.nextBefore,
  };
}

export async function opinionesAction(context: PageLoadContext, request: Request) {
  const user = assertCan(context, request, "administration");
  return formMutation(
    request,
    async (form) => {
      await setFeedbackStatus(context.app, user, Number(form.get("id")), String(form.get("status") ?? ""));
      return { ok: true as const };
    },
    { inline: EVERY_REFUSAL },
  );
}
