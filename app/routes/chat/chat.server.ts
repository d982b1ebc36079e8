import { data } from "react-router";
import { pageRedirect } from "#app/lib/page.server";
import { reportSchema } from "#common/chat/schemas";
import { parseId } from "#common/ids";
import { pathTo } from "#common/route-names";
import { requireUser } from "#server/accounts";
import {
  acceptRequest,
  blockUser,
  chatPage,
  declineRequest,
  findChatPerson,
  findConversationWith,
  reportConversation,
  setMuted,
  unblockUser,
  updateChatSettings,
} from "#server/chat";
import type { PageLoadContext } from "#server/context";
import { EVERY_REFUSAL, formMutation, parseFields, unknownIntent } from "#server/platform/page-form";

const notFound = (): never => {
  throw data(null, { status: 404 });
};

const positiveId = (value: string | null | undefined): number | null => parseId(value);

/**
 * /app/chat and /app/chat/:id. `?to=<userId>` ("Contactar" elsewhere) opens the conversation with
 * that person, or a new one that becomes a request with its first message.
 */
export async function loadChatPage(context: PageLoadContext, request: Request, idParam: string | undefined) {
  const user = requireUser(context, request);
  const ctx = context.app;
  const url = new URL(request.url);
  const conversationId = idParam === undefined ? null : (positiveId(idParam) ?? notFound());
  let newWith = null;
  const to = url.searchParams.get("to");
  if (to !== null && conversationId === null) {
    const otherId = positiveId(to) ?? notFound();
    if (otherId === user.id) throw pageRedirect(pathTo("chat"));
    const existing = await findConversationWith(ctx, user, otherId);
    if (existing) throw pageRedirect(pathTo("chat", { id: existing.id }));
    newWith = (await findChatPerson(ctx, otherId)) ?? notFound();
  }
  const folder: "inbox" | "requests" = url.searchParams.get("carpeta") === "solicitudes" ? "requests" : "inbox";
  const { lastSeq, list, conversation, history, settings } = await chatPage(ctx, user, { folder, conversationId });
  return { me: user.id, lastSeq, folder, list, conversation, history, newWith, settings, brandName: ctx.config.brandName };
}

/** The page's mutations other than sending (which goes through the socket, or the API as fallback). */
export async function chatAction(context: PageLoadContext, request: Request, idParam: string | undefined) {
  const user = requireUser(context, request);
  const ctx = context.app;
  return formMutation(
    request,
    async (form) => {
      const intent = String(form.get("intent") ?? "");
      const conversationId = positiveId(idParam);
      const otherId = positiveId(String(form.get("user_id") ?? ""));
      switch (intent) {
        case "accept":
          if (conversationId) await acceptRequest(ctx, user, conversationId);
          break;
        case "decline":
          if (conversationId) await declineRequest(ctx, user, conversationId);
          throw pageRedirect(pathTo("chat", {}, { carpeta: "solicitudes" }));
        case "mute":
        case "unmute":
          if (conversationId) await setMuted(ctx, user, conversationId, intent === "mute");
          break;
        case "block":
        case "unblock":
          if (otherId) await (intent === "block" ? blockUser : unblockUser)(ctx, user, otherId);
          break;
        case "receipts":
        case "settings": {
          const flag = (name: string) => (form.has(name) ? form.get(name) === "on" : undefined);
          await updateChatSettings(ctx, user, {
            read_receipts: flag("read_receipts"),
            unread_emails: flag("unread_emails"),
            verified_requests_only: flag("verified_requests_only"),
          });
          break;
        }
        case "report": {
          const report = parseFields(reportSchema, {
            conversation_id: conversationId,
            message_id: form.get("message_id") || undefined,
            reason: form.get("reason") || undefined,
            details: form.get("details") || undefined,
          });
          await reportConversation(ctx, user, report);
          break;
        }
        default:
          return unknownIntent();
      }
      return { ok: true as const, intent };
    },
    { inline: EVERY_REFUSAL },
  );
}
