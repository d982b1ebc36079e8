import { data } from "react-router";
import { FEEDBACK_STATUSES, type FeedbackStatus } from "#common/news/vocabulary";
import { assertCan } from "#server/accounts";
import type { PageLoadContext } from "#server/context";
import { listFeedback, setFeedbackStatus } from "#server/feedback";
import { AppError } from "#server/platform/errors";

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
  const form = await request.formData();
  try {
    await setFeedbackStatus(context.app, user, Number(form.get("id")), String(form.get("status") ?? ""));
    return { ok: true as const };
  } catch (error) {
    if (error instanceof AppError) return data({ ok: false as const, message: error.message }, { status: error.status });
    throw error;
  }
}
