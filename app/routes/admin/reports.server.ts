import { assertCan } from "#server/accounts";
import { listChatReports, resolveChatReport } from "#server/chat";
import type { PageLoadContext } from "#server/context";
import { AppError } from "#server/platform/errors";
import { EVERY_REFUSAL, formMutation } from "#server/platform/page-form";

const ACTIONS = ["dismiss", "delete_message", "suspend_account", "block_account"] as const;
type Action = (typeof ACTIONS)[number];

/** The chat's moderation queue: pending reports, or the handled ones with ?estado=resueltos. */
export async function loadDenuncias(context: PageLoadContext, request: Request) {
  const user = assertCan(context, request, "moderation");
  const status = new URL(request.url).searchParams.get("estado") === "resueltos" ? "resueltos" : "pendiente";
  return { status, reports: await listChatReports(context.app, user, { status }), selfId: user.id };
}

export async function denunciasAction(context: PageLoadContext, request: Request) {
  const user = assertCan(context, request, "moderation");
  const form = await request.formData();
  const action = String(form.get("action") ?? "");
  const id = Number(form.get("id"));
  return formMutation(
    form,
    async () => {
      if (!(ACTIONS as readonly string[]).includes(action)) throw new AppError("VALIDATION", "Elige una acción.");
      if (!Number.isSafeInteger(id) || id <= 0) throw new AppError("NOT_FOUND", "Denuncia no encontrada.");
      await resolveChatReport(context.app, user, id, action as Action);
      return { ok: true as const, id, message: DONE[action as Action] };
    },
    // Every refusal (a report gone meanwhile included) is said on its card, as before.
    { key: id, inline: EVERY_REFUSAL },
  );
}

const DONE: Record<Action, string> = {
  dismiss: "Denuncia descartada.",
  delete_message: "Mensaje eliminado para los dos participantes.",
  suspend_account: "La cuenta ya no puede escribir en el chat.",
  block_account: "Cuenta bloqueada: sus sesiones se han cerrado.",
};
