import type { ChatEvent, ChatMessage } from "./chat-client";

// Pure updates of what the chat page shows, so events, acks and history pages can arrive in any
// order and any number of times and the result is the same.

export type ConversationSummary = {
  id: number;
  status: "request" | "active" | "declined";
  incoming_request: boolean;
  other: { id: number; nombre: string; avatar: string | null; avatar_text: string; role_label: string; profesional_verificado?: boolean };
  unread_count: number;
  muted: boolean;
  blocked: boolean;
  last_message: ChatMessage | null;
  last_message_at: string | null;
  last_read_message_id: number;
  other_read_message_id: number | null;
  other_delivered_message_id: number;
};

/** A message on screen: stored ones have an id; ones still being sent only a client_id. */
export type ShownMessage = ChatMessage & { pending?: boolean; failed?: string };

export function mergeMessages(current: ShownMessage[], incoming: ShownMessage[]): ShownMessage[] {
  const byClientId = new Map(current.map((m) => [m.client_id, m]));
  for (const message of incoming) {
    const existing = byClientId.get(message.client_id);
    // A stored message replaces its pending copy; a pending one never replaces a stored one.
    if (!existing || !message.pending || existing.pending)
      byClientId.set(message.client_id, message.pending ? { ...existing, ...message } : message);
  }
  return [...byClientId.values()].sort((a, b) => {
    if (a.pending !== b.pending) return a.pending ? 1 : -1;
    return a.pending ? a.created_at.localeCompare(b.created_at) : a.id - b.id;
  });
}

/** Applies one event to the open conversation's messages. */
export function applyToMessages(messages: ShownMessage[], event: ChatEvent): ShownMessage[] {
  if (event.kind === "message" && event.message) return mergeMessages(messages, [event.message]);
  if (event.kind === "message_deleted") {
    return messages.map((m) => (m.id === event.message_id ? { ...m, deleted: true, body: "", attachment: null } : m));
  }
  return messages;
}

/** Applies one event to a conversation summary (list row or open conversation's header). */
export function applyToConversation(conversation: ConversationSummary, event: ChatEvent, myId: number): ConversationSummary {
  if (conversation.id !== event.conversation_id) return conversation;
  switch (event.kind) {
    case "message": {
      const message = event.message;
      if (!message || (conversation.last_message && conversation.last_message.id >= message.id)) return conversation;
      const mine = message.sender_id === myId;
      return {
        ...conversation,
        last_message: message,
        last_message_at: message.created_at,
        unread_count: mine ? conversation.unread_count : conversation.unread_count + 1,
        last_read_message_id: mine ? Math.max(conversation.last_read_message_id, message.id) : conversation.last_read_message_id,
      };
    }
    case "message_deleted":
      return conversation.last_message?.id === event.message_id
        ? { ...conversation, last_message: { ...conversation.last_message, deleted: true, body: "" } }
        : conversation;
    case "read":
      if (event.user_id === myId) {
        return {
          ...conversation,
          last_read_message_id: Math.max(conversation.last_read_message_id, event.message_id ?? 0),
          unread_count: 0,
        };
      }
      return { ...conversation, other_read_message_id: Math.max(conversation.other_read_message_id ?? 0, event.message_id ?? 0) };
    case "delivered":
      return { ...conversation, other_delivered_message_id: Math.max(conversation.other_delivered_message_id, event.message_id ?? 0) };
    case "conversation":
      return {
        ...conversation,
        status: event.status ?? conversation.status,
        incoming_request: event.status === "active" ? false : conversation.incoming_request,
        muted: event.muted ?? conversation.muted,
      };
    default:
      return conversation;
  }
}

/** The list after an event: the touched conversation moves to the top when it got a message. */
export function applyToList(list: ConversationSummary[], event: ChatEvent, myId: number): ConversationSummary[] {
  const index = list.findIndex((c) => c.id === event.conversation_id);
  if (index === -1) return list;
  const updated = applyToConversation(list[index] as ConversationSummary, event, myId);
  if (updated === list[index]) return list;
  const rest = list.filter((_, i) => i !== index);
  if (event.kind === "message") return [updated, ...rest];
  const copy = [...list];
  copy[index] = updated;
  return copy;
}

export type Mark = "sending" | "failed" | "sent" | "delivered" | "read";

export function markOf(
  message: ShownMessage,
  conversation: Pick<ConversationSummary, "other_read_message_id" | "other_delivered_message_id">,
): Mark {
  if (message.failed) return "failed";
  if (message.pending) return "sending";
  if (conversation.other_read_message_id !== null && conversation.other_read_message_id >= message.id) return "read";
  if (conversation.other_delivered_message_id >= message.id) return "delivered";
  return "sent";
}

/** Accent- and case-insensitive name filter for the list. */
export function matchesName(name: string, query: string): boolean {
  const fold = (s: string) =>
    s
      .normalize("NFD")
      .replace(/\p{Diacritic}/gu, "")
      .toLowerCase();
  return fold(name).includes(fold(query.trim()));
}
