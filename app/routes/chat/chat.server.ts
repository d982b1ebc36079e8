import { data, redirect } from "react-router";
import { reportSchema } from "#common/chat/schemas";
import { parseId } from "#common/ids";
import { pathTo } from "#common/route-names";
import { fieldErrorsOf } from "#common/validation";
import { requireUser } from "#server/accounts";
import {
  acceptRequest,
  blockUser,
  declineRequest,
  findChatPerson,
  findConversationWith,
  getChatSettings,
  getConversation,
  lastSeqOf,
  listConversations,
  listMessages,
  reportConversation,
  setMuted,
  unblockUser,
  updateChatSettings,
} from "#server/chat";
import type { PageLoadContext } from "#server/context";
import { AppError } from "#server/platform/errors";

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
  // Read first: every event after this sequence is replayed to the page, so nothing falls between.
  const lastSeq = await lastSeqOf(ctx.db, user.id);
  const conversationId = idParam === undefined ? null : (positiveId(idParam) ?? notFound());
  let newWith = null;
  const to = url.searchParams.get("to");
  if (to !== null && conversationId === null) {
    const otherId = positiveId(to) ?? notFound();
    if (otherId === user.id) throw redirect(pathTo("chat"));
    const existing = await findConversationWith(ctx, user, otherId);
    if (existing) throw redirect(pathTo("chat", { id: existing.id }));
    newWith = (await findChatPerson(ctx, otherId)) ?? notFound();
  }
  const folder: "inbox" | "requests" = url.searchParams.get("carpeta") === "solicitudes" ? "requests" : "inbox";
  const [list, conversation, history, settings] = await Promise.all([
    listConversations(ctx, user, { folder }),
    conversationId ? getConversation(ctx, user, conversationId).catch(rethrowNotFound) : null,
    conversationId ? listMessages(ctx, user, conversationId, { limit: 30 }).catch(rethrowNotFound) : null,
    getChatSettings(ctx, user),
  ]);
  return { me: user.id, lastSeq, folder, list, conversation, history, newWith, settings, brandName: ctx.config.brandName };
}

function rethrowNotFound(error: unknown): never {
  if (error instanceof AppError && error.status === 404) notFound();
  throw error;
}

export type ChatActionResult =
  | { ok: true; intent: string }
  | { ok: false; intent: string; message: string; errors: Record<string, string[]> };

/** The page's mutations other than sending (which goes through the socket, or the API as fallback). */
export async function chatAction(context: PageLoadContext, request: Request, idParam: string | undefined) {
  const user = requireUser(context, request);
  const ctx = context.app;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const conversationId = positiveId(idParam);
  const otherId = positiveId(String(form.get("user_id") ?? ""));
  try {
    switch (intent) {
      case "accept":
        if (conversationId) await acceptRequest(ctx, user, conversationId);
        break;
      case "decline":
        if (conversationId) await declineRequest(ctx, user, conversationId);
        throw redirect(pathTo("chat", {}, { carpeta: "solicitudes" }));
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
        await updateChatSettings(ctx, user, { read_receipts: flag("read_receipts"), unread_emails: flag("unread_emails") });
        break;
      }
      case "report": {
        const parsed = reportSchema.safeParse({
          conversation_id: conversationId,
          message_id: form.get("message_id") || undefined,
          reason: form.get("reason") || undefined,
          details: form.get("details") || undefined,
        });
        if (!parsed.success) {
          return data<ChatActionResult>(
            { ok: false, intent, message: "Revisa los campos marcados.", errors: fieldErrorsOf(parsed.error) },
            { status: 422 },
          );
        }
        await reportConversation(ctx, user, parsed.data);
        break;
      }
      default:
        return data<ChatActionResult>({ ok: false, intent, message: "Acción desconocida.", errors: {} }, { status: 400 });
    }
  } catch (error) {
    if (error instanceof AppError) {
      return data<ChatActionResult>(
        { ok: false, intent, message: error.message, errors: error.fieldErrors ?? {} },
        { status: error.status },
      );
    }
    throw error;
  }
  return { ok: true, intent } satisfies ChatActionResult;
}
