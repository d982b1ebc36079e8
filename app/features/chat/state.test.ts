import { describe, expect, it } from "vitest";
import type { ChatEvent, ChatMessage } from "./chat-client";
import { applyToList, applyToMessages, type ConversationSummary, markOf, matchesName, mergeMessages, type ShownMessage } from "./state";

const message = (id: number, over: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  conversation_id: 1,
  sender_id: 2,
  client_id: `c-${id}`,
  body: `m${id}`,
  attachment: null,
  created_at: new Date(2026, 0, 1, 10, id).toISOString(),
  deleted: false,
  ...over,
});
const conversation = (id: number, over: Partial<ConversationSummary> = {}): ConversationSummary => ({
  id,
  status: "active",
  incoming_request: false,
  other: { id: 2, nombre: "Álvaro Núñez", avatar: null, avatar_text: "ÁN", role_label: "Visitador farmacéutico" },
  unread_count: 0,
  muted: false,
  blocked: false,
  last_message: null,
  last_message_at: null,
  last_read_message_id: 0,
  other_read_message_id: 0,
  other_delivered_message_id: 0,
  ...over,
});
const event = (over: Partial<ChatEvent>): ChatEvent => ({
  type: "chat.event",
  seq: 1,
  kind: "message",
  conversation_id: 1,
  message_id: null,
  ...over,
});

describe("chat page state", () => {
  it("keeps one copy of a message however often and in whatever order it arrives", () => {
    const pending: ShownMessage = { ...message(0, { client_id: "mine", sender_id: 1 }), pending: true };
    let shown = mergeMessages([], [message(2), pending]);
    shown = mergeMessages(shown, [message(1), message(2)]);
    shown = mergeMessages(shown, [message(3, { client_id: "mine", sender_id: 1 })]);
    shown = mergeMessages(shown, [pending]); // a late optimistic copy never replaces the stored one
    expect(shown.map((m) => [m.id, Boolean(m.pending)])).toEqual([
      [1, false],
      [2, false],
      [3, false],
    ]);
  });

  it("applies deletions and moves a conversation with a new message to the top, counting it unread", () => {
    expect(applyToMessages([message(1)], event({ kind: "message_deleted", message_id: 1 }))[0]).toMatchObject({ deleted: true, body: "" });
    const list = [conversation(5), conversation(1)];
    const next = applyToList(list, event({ message: message(9) }), 1);
    expect(next.map((c) => c.id)).toEqual([1, 5]);
    expect(next[0]).toMatchObject({ unread_count: 1, last_message: { id: 9 } });
    expect(applyToList(next, event({ message: message(9) }), 1)[0]?.unread_count).toBe(1);
    const read = applyToList(next, event({ kind: "read", user_id: 1, message_id: 9 }), 1);
    expect(read[0]).toMatchObject({ unread_count: 0, last_read_message_id: 9 });
  });

  it("shows sent, delivered and read marks, and none when receipts are off", () => {
    const mine = message(4, { sender_id: 1 });
    expect(markOf(mine, { other_read_message_id: 3, other_delivered_message_id: 3 })).toBe("sent");
    expect(markOf(mine, { other_read_message_id: 3, other_delivered_message_id: 4 })).toBe("delivered");
    expect(markOf(mine, { other_read_message_id: 4, other_delivered_message_id: 4 })).toBe("read");
    expect(markOf(mine, { other_read_message_id: null, other_delivered_message_id: 4 })).toBe("delivered");
    expect(markOf({ ...mine, pending: true }, { other_read_message_id: 9, other_delivered_message_id: 9 })).toBe("sending");
  });

  it("finds people by name without accents or case", () => {
    expect(matchesName("Álvaro Núñez", "alvaro nun")).toBe(true);
    expect(matchesName("Álvaro Núñez", "marta")).toBe(false);
  });
});
