import { CHAT_RESUME_BATCH } from "#common/chat/vocabulary";
import { isId } from "#common/ids";
import type { AppContext } from "#server/context";
import { AppError, toErrorResponse } from "#server/platform/errors";
import type { RealtimeEvent, RealtimeReply } from "#server/platform/realtime/hub";
import { CHAT_EVENT, createChatEventResolver, lastSeqOf, listEventsSince } from "./events";
import { deleteMessage, markDelivered, markRead, sendMessage } from "./messages.service";
import { checkSendPermission, participationOf } from "./policy";

const positiveInt = (value: unknown) => (isId(value) ? value : null);

/**
 * The chat's side of the WebSocket (protocol in docs/chat-websocket.md): notified event ids are
 * expanded into full events, and clients resume, send, mark and type over the socket.
 */
export function registerChatRealtime(ctx: AppContext) {
  ctx.realtime.resolve(CHAT_EVENT, createChatEventResolver(ctx));
  ctx.realtime.onMessage((userId, message, reply) => {
    if (!message.type.startsWith("chat.")) return;
    handle(ctx, { id: userId }, message, reply).catch((error) => {
      const { body, status } = toErrorResponse(error);
      if (status >= 500) ctx.logger.error({ err: error, type: message.type }, "chat: socket message failed");
      reply({
        type: "chat.error",
        request: message.type,
        client_id: message.client_id ?? null,
        code: body.code,
        message: body.message,
        errors: body.errors,
      });
    });
  });
}

async function handle(ctx: AppContext, actor: { id: number }, message: RealtimeEvent, reply: RealtimeReply) {
  switch (message.type) {
    case "chat.resume": {
      // Without a since, the client only learns where the stream stands (a page that has no chat data).
      if (typeof message.since !== "number" || !(message.since >= 0)) {
        reply({ type: "chat.resumed", last_seq: await lastSeqOf(ctx.db, actor.id), more: false });
        return;
      }
      const { events, last_seq, more } = await listEventsSince(ctx, actor, Math.floor(message.since), CHAT_RESUME_BATCH);
      for (const event of events) reply(event);
      reply({ type: "chat.resumed", last_seq, more });
      return;
    }
    case "chat.send": {
      const conversationId = positiveInt(message.conversation_id);
      if (!conversationId) throw new AppError("NOT_FOUND", "Conversación no encontrada.");
      const result = await sendMessage(ctx, actor, conversationId, { client_id: message.client_id, body: message.body });
      reply({ type: "chat.ack", client_id: result.message.client_id, message: result.message, duplicate: result.duplicate });
      return;
    }
    case "chat.read":
    case "chat.delivered": {
      const conversationId = positiveInt(message.conversation_id);
      const messageId = positiveInt(message.message_id);
      if (!conversationId || !messageId) throw new AppError("VALIDATION", "Faltan conversation_id o message_id.");
      await (message.type === "chat.read" ? markRead : markDelivered)(ctx, actor, conversationId, messageId);
      return;
    }
    case "chat.delete": {
      const messageId = positiveInt(message.message_id);
      if (!messageId) throw new AppError("VALIDATION", "Falta message_id.");
      await deleteMessage(ctx, actor, messageId);
      return;
    }
    case "chat.typing": {
      const conversationId = positiveInt(message.conversation_id);
      if (!conversationId) return;
      const { otherUserId, conversation } = await participationOf(ctx.db, actor, conversationId);
      // Typing is ephemeral: not stored, not numbered, lost if nobody is connected.
      const { blockedByOther } = await checkSendPermission(ctx.db, actor, otherUserId).catch(() => ({ blockedByOther: true }));
      if (conversation.status === "active" && !blockedByOther) {
        await ctx.realtime.publish(otherUserId, { type: "chat.typing", conversation_id: conversationId, user_id: actor.id });
      }
      return;
    }
    default:
      throw new AppError("BAD_REQUEST", "Tipo de mensaje desconocido.");
  }
}
