import { data } from "react-router";
import { promotionTakedownSchema } from "#common/visita/promotions";
import { assertCan } from "#server/accounts";
import type { PageLoadContext } from "#server/context";
import { formMutation, parseFields } from "#server/platform/page-form";
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

/** "Retirar" with a reason: audited, the author is told. */
export async function promotionModerationAction(context: PageLoadContext, request: Request) {
  const user = assertCan(context, request, "moderation");
  const form = await request.formData();
  const id = Number(form.get("id"));
  if (!Number.isSafeInteger(id) || id <= 0) throw data("La petición no es válida.", { status: 400 });
  return formMutation(
    form,
    async () => {
      const { motivo } = parseFields(promotionTakedownSchema, { motivo: String(form.get("motivo") ?? "") }, "Indica el motivo.");
      await takeDownPromotion(context.app, user, id, motivo);
      return { ok: true as const, id };
    },
    // A promotion another moderator took down meanwhile (404/410) says so on its row.
    { key: id, inline: [404, 410] },
  );
}
