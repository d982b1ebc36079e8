import { data } from "react-router";
import { fieldErrorsOf } from "#common/validation";
import { promotionTakedownSchema } from "#common/visita/promotions";
import { assertCan } from "#server/accounts";
import type { PageLoadContext } from "#server/context";
import { AppError } from "#server/platform/errors";
import { listPromotionsForModeration, takeDownPromotion } from "#server/visita";

const STATES = ["activa", "caducada", "retirada"] as const;

/** admin-promociones: published promotions for moderators, live ones by default. */
export async function loadPromotionModeration(context: PageLoadContext, request: Request) {
  const user = assertCan(context, request, "moderation");
  const estadoParam = new URL(request.url).searchParams.get("estado") ?? "activa";
  const estado = (STATES as readonly string[]).includes(estadoParam) ? (estadoParam as (typeof STATES)[number]) : "activa";
  const promotions = await listPromotionsForModeration(context.app, { ...user, timeZone: context.timeZone }, { estado });
  return { promotions, estado };
}

export type TakedownResult = { ok: true; id: number } | { ok: false; id: number; message: string; errors: Record<string, string[]> };

/** "Retirar" with a reason: audited, the author is told. */
export async function promotionModerationAction(context: PageLoadContext, request: Request) {
  const user = assertCan(context, request, "moderation");
  const form = await request.formData();
  const id = Number(form.get("id"));
  if (!Number.isSafeInteger(id) || id <= 0) throw data("La petición no es válida.", { status: 400 });
  const parsed = promotionTakedownSchema.safeParse({ motivo: String(form.get("motivo") ?? "") });
  if (!parsed.success)
    return data<TakedownResult>({ ok: false, id, message: "Indica el motivo.", errors: fieldErrorsOf(parsed.error) }, { status: 422 });
  try {
    await takeDownPromotion(context.app, user, id, parsed.data.motivo);
  } catch (error) {
    if (error instanceof AppError && error.status < 500 && error.status !== 403)
      return data<TakedownResult>({ ok: false, id, message: error.message, errors: {} }, { status: error.status });
    throw error;
  }
  return data<TakedownResult>({ ok: true, id });
}
