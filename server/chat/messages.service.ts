import { and, desc, eq, lt, or, type SQL, sql } from "drizzle-orm";
import { type SendMessageInput, sendMessageSchema } from "#common/chat/schemas";
import { CHAT_DELETE_WINDOW_MINUTES, type ChatAttachment } from "#common/chat/vocabulary";
import { fieldErrorsOf } from "#common/validation";
import type { AppContext } from "#server/context";
import type { Db } from "#server/db/client";
import { chatConversations, chatMessages, chatParticipants } from "#server/db/schema";
import { AppError, validationError } from "#server/platform/errors";
import { enforceRateLimit, RATE_LIMITS, rateLimitUpsert, rateLimitVerdict, throttledError } from "#server/platform/rate-limit";
import type { RealtimeDelivery } from "#server/platform/realtime/hub";
import { announceCommitted, appendEvents, CHAT_EVENT, type NewChatEvent, storeEvents } from "./events";
import {
  type ChatActor,
  checkSendPermission,
  lockForSend,
  messageNotFound,
  type Participation,
  participationOf,
  type SendPermission,
  withinDeleteWindow,
} from "./policy";
import { type ChatMessageView, toMessageView } from "./views";

export type SendResult = { message: ChatMessageView; duplicate: boolean };

export function parseSendInput(input: unknown): SendMessageInput {
  const parsed = sendMessageSchema.safeParse(input);
  if (!parsed.success) throw validationError(fieldErrorsOf(parsed.error));
  return parsed.data;
}

/** The stored message of a client_id, when the client is resending one that already arrived. */
export async function findByClientId(db: Db, senderId: number, clientId: string) {
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.senderId, senderId), eq(chatMessages.clientId, clientId)));
  return row;
}

/**
 * Sends a message. Resending the same client_id returns the stored message (duplicate: true) and
 * changes nothing, so clients retry freely after a dropped connection.
 *
 * In an accepted conversation (nearly every message) this is BEGIN, three statements (the
 * conversation lock with the permission and resend checks; the rate limit, the message, both
 * participant rows and the two event numbers; the events), COMMIT, and then the NOTIFY, outside the
 * transaction (decision 0043, docs/chat-websocket.md "The send path"). Requests, declines and blocks
 * take the general path.
 */
export async function sendMessage(ctx: AppContext, actor: ChatActor, conversationId: number, input: unknown): Promise<SendResult> {
  const data = parseSendInput(input);
  const { result, announce } = await ctx.db.transaction(async (tx): Promise<{ result: SendResult; announce?: RealtimeDelivery[] }> => {
    const { existingId, permission, ...participation } = await lockForSend(tx, actor, conversationId, data.client_id);
    if (existingId !== null || !permission)
      return { result: await storedDuplicate(tx, actor, participation.conversation.id, data.client_id) };
    if (participation.conversation.status === "active" && !permission.blockedByOther) {
      return sendInActiveConversation(tx, participation, actor, data);
    }
    await enforceRateLimit(tx, "chatSend", String(actor.id));
    return { result: await insertMessage(ctx, tx, participation, actor, data, permission) };
  });
  await announceCommitted(ctx, announce);
  return result;
}

async function storedDuplicate(db: Db, actor: ChatActor, conversationId: number, clientId: string): Promise<SendResult> {
  const existing = await findByClientId(db, actor.id, clientId);
  if (!existing) throw new AppError("CONFLICT", "El mensaje ya se está enviando.");
  return duplicateOf(existing, conversationId);
}

type Rows<T> = { rows: T[] };

/**
 * The common send, under the conversation lock: nothing to accept, nobody blocked. One statement
 * counts the rate limit, stores the message, updates both participant rows and takes both users'
 * next event numbers (their counter rows stay locked, in ascending user id, until commit). A second
 * one stores the two events, the recipient's carrying its unread total read after those locks (so
 * it counts every change committed before). The caller announces them once committed.
 */
async function sendInActiveConversation(
  tx: Db,
  { conversation, otherUserId }: Participation,
  actor: ChatActor,
  data: SendMessageInput,
): Promise<{ result: SendResult; announce?: RealtimeDelivery[] }> {
  const users = [actor.id, otherUserId].sort((a, b) => a - b);
  const stored = (await tx.execute(sql`
    WITH hit AS (${rateLimitUpsert("chatSend", String(actor.id))}),
    message AS (
      INSERT INTO chat_messages (conversation_id, sender_id, client_id, body)
      SELECT ${conversation.id}, ${actor.id}, ${data.client_id}, ${data.body} FROM hit WHERE hit.count <= ${RATE_LIMITS.chatSend.limit}
      ON CONFLICT DO NOTHING
      RETURNING id, created_at
    ),
    participants AS (
      UPDATE chat_participants p SET
        last_message_id = message.id,
        last_message_at = message.created_at,
        last_read_message_id = CASE WHEN p.user_id = ${actor.id} THEN greatest(p.last_read_message_id, message.id) ELSE p.last_read_message_id END,
        delivered_message_id = CASE WHEN p.user_id = ${actor.id} THEN greatest(p.delivered_message_id, message.id) ELSE p.delivered_message_id END,
        unread_count = CASE WHEN p.user_id = ${actor.id} THEN p.unread_count ELSE p.unread_count + 1 END,
        first_unread_at = CASE WHEN p.user_id = ${actor.id} THEN p.first_unread_at ELSE coalesce(p.first_unread_at, message.created_at) END
      FROM message WHERE p.conversation_id = ${conversation.id}
      RETURNING p.user_id
    ),
    seqs AS (
      INSERT INTO chat_user_state (user_id, last_seq)
      SELECT u.id, 1 FROM message, unnest(ARRAY[${users[0]}::int, ${users[1]}::int]) WITH ORDINALITY AS u(id, n) ORDER BY u.n
      ON CONFLICT (user_id) DO UPDATE SET last_seq = chat_user_state.last_seq + 1
      RETURNING user_id, last_seq
    )
    SELECT hit.count, hit.reset_at, message.id, message.created_at,
      (SELECT last_seq FROM seqs WHERE user_id = ${actor.id}) AS my_seq,
      (SELECT last_seq FROM seqs WHERE user_id = ${otherUserId}) AS their_seq,
      (SELECT count(*) FROM participants) AS participants
    FROM hit LEFT JOIN message ON true`)) as unknown as Rows<{
    count: number;
    reset_at: string | Date;
    id: string | number | null;
    created_at: string | Date | null;
    my_seq: string | number | null;
    their_seq: string | number | null;
  }>;
  const row = stored.rows[0];
  const verdict = rateLimitVerdict("chatSend", Number(row?.count ?? 1), row?.reset_at);
  if (!verdict.allowed) throw throttledError(verdict.retryAfter);
  // Another request stored this client_id between our check and our insert: it is a resend.
  if (!row || row.id === null) return { result: await storedDuplicate(tx, actor, conversation.id, data.client_id) };
  const message: typeof chatMessages.$inferSelect = {
    id: Number(row.id),
    conversationId: conversation.id,
    senderId: actor.id,
    clientId: data.client_id,
    body: data.body,
    attachment: null,
    withheld: false,
    createdAt: new Date(row.created_at as string | Date),
    deletedAt: null,
  };
  const mySeq = Number(row.my_seq);
  const theirSeq = Number(row.their_seq);
  const unreadTotal = sql`(select coalesce(sum(${chatParticipants.unreadCount}), 0) from ${chatParticipants}
    where ${chatParticipants.userId} = ${otherUserId} and ${chatParticipants.mutedAt} is null and ${chatParticipants.unreadCount} > 0)`;
  await tx.execute(sql`
    INSERT INTO chat_events (user_id, seq, kind, conversation_id, message_id, data) VALUES
      (${actor.id}, ${mySeq}, 'message', ${conversation.id}, ${message.id}, NULL),
      (${otherUserId}, ${theirSeq}, 'message', ${conversation.id}, ${message.id}, jsonb_build_object('unread_total', ${unreadTotal}))`);
  return {
    result: { message: toMessageView(message), duplicate: false },
    announce: [
      { userId: actor.id, event: { type: CHAT_EVENT, seq: mySeq } },
      { userId: otherUserId, event: { type: CHAT_EVENT, seq: theirSeq } },
    ],
  };
}

export function duplicateOf(existing: typeof chatMessages.$inferSelect, conversationId: number): SendResult {
  // A client_id belongs to one message: reusing it for another conversation is a client bug.
  if (existing.conversationId !== conversationId) {
    throw new AppError("CONFLICT", "Ese client_id ya se usó para otro mensaje.");
  }
  return { message: toMessageView(existing), duplicate: true };
}

/**
 * Stores a message inside the caller's transaction, which holds the conversation's row lock (so
 * message ids grow in commit order within a conversation), and emits the events of both sides.
 */
export async function insertMessage(
  ctx: AppContext,
  tx: Db,
  { conversation, otherUserId }: Participation,
  actor: ChatActor,
  data: SendMessageInput & { attachment?: ChatAttachment | null },
  permission?: SendPermission,
): Promise<SendResult> {
  const { blockedByOther } = permission ?? (await checkSendPermission(tx, actor, otherUserId));
  const declinedMine = conversation.status === "declined" && conversation.requestedBy === actor.id;
  const withheld = blockedByOther || declinedMine;
  const [row] = await tx
    .insert(chatMessages)
    .values({
      conversationId: conversation.id,
      senderId: actor.id,
      clientId: data.client_id,
      body: data.body,
      attachment: data.attachment ?? null,
      withheld,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) {
    const existing = await findByClientId(tx, actor.id, data.client_id);
    if (!existing) throw new AppError("CONFLICT", "El mensaje ya se está enviando.");
    return duplicateOf(existing, conversation.id);
  }
  const events: NewChatEvent[] = [];
  // Answering a request (or writing again after declining it) accepts the conversation.
  if (conversation.status !== "active" && !withheld && conversation.requestedBy !== actor.id) {
    await tx.update(chatConversations).set({ status: "active" }).where(eq(chatConversations.id, conversation.id));
    for (const userId of [actor.id, otherUserId]) {
      events.push({ userId, kind: "conversation", conversationId: conversation.id, data: { status: "active" } });
    }
  }
  await tx
    .update(chatParticipants)
    .set({
      lastMessageId: row.id,
      lastMessageAt: row.createdAt,
      lastReadMessageId: sql`greatest(${chatParticipants.lastReadMessageId}, ${row.id})`,
      deliveredMessageId: sql`greatest(${chatParticipants.deliveredMessageId}, ${row.id})`,
    })
    .where(and(eq(chatParticipants.conversationId, conversation.id), eq(chatParticipants.userId, actor.id)));
  events.push({ userId: actor.id, kind: "message", conversationId: conversation.id, messageId: row.id });
  if (!withheld) {
    await tx
      .update(chatParticipants)
      .set({
        lastMessageId: row.id,
        lastMessageAt: row.createdAt,
        unreadCount: sql`${chatParticipants.unreadCount} + 1`,
        firstUnreadAt: sql`coalesce(${chatParticipants.firstUnreadAt}, ${row.createdAt})`,
      })
      .where(and(eq(chatParticipants.conversationId, conversation.id), eq(chatParticipants.userId, otherUserId)));
    events.push({ userId: otherUserId, kind: "message", conversationId: conversation.id, messageId: row.id });
  }
  await appendEvents(ctx, tx, events, { unreadTotalFor: withheld ? [] : [otherUserId] });
  return { message: toMessageView(row), duplicate: false };
}

/** A page of history, newest first from `before` (a message id), returned oldest first. */
export async function listMessages(
  ctx: AppContext,
  actor: ChatActor,
  conversationId: number,
  options: { before?: number; limit: number },
): Promise<{ data: ChatMessageView[]; next_cursor: number | null }> {
  await participationOf(ctx.db, actor, conversationId);
  return selectHistory(ctx.db, actor, conversationId, options);
}

/**
 * The page of history itself. `authorised` is a condition that stands for the participation check
 * when the caller reads beside it instead of after it (the chat page: `takesPart`).
 */
export async function selectHistory(
  db: Db,
  actor: ChatActor,
  conversationId: number,
  options: { before?: number; limit: number },
  authorised?: SQL,
): Promise<{ data: ChatMessageView[]; next_cursor: number | null }> {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.conversationId, conversationId),
        or(eq(chatMessages.withheld, false), eq(chatMessages.senderId, actor.id)),
        options.before ? lt(chatMessages.id, options.before) : undefined,
        authorised,
      ),
    )
    .orderBy(desc(chatMessages.id))
    .limit(options.limit + 1);
  const page = rows.slice(0, options.limit);
  const more = rows.length > options.limit;
  return { data: page.reverse().map(toMessageView), next_cursor: more ? (page[0]?.id ?? null) : null };
}

/** Recounts a participant's unread messages (after a read mark or a deletion). */
async function recountUnread(tx: Db, conversationId: number, userId: number) {
  const unread = sql`from ${chatMessages} m where m.conversation_id = ${conversationId} and m.sender_id <> ${userId}
    and m.withheld = false and m.deleted_at is null and m.id > ${chatParticipants.lastReadMessageId}`;
  await tx
    .update(chatParticipants)
    .set({
      unreadCount: sql`(select count(*)::int ${unread})`,
      firstUnreadAt: sql`(select min(m.created_at) ${unread})`,
      // Nothing left unread ends the quiet period: the next unread message may bring an e-mail again.
      unreadEmailSentAt: sql`case when exists (select 1 ${unread}) then ${chatParticipants.unreadEmailSentAt} end`,
    })
    .where(and(eq(chatParticipants.conversationId, conversationId), eq(chatParticipants.userId, userId)));
}

/**
 * Marks the conversation read up to a message. The reader's other devices learn it (and the new
 * unread total); the other person sees it only when both have read receipts on.
 */
export async function markRead(ctx: AppContext, actor: ChatActor, conversationId: number, messageId: number): Promise<void> {
  const announce = await ctx.db.transaction(async (tx) => {
    const { otherUserId } = await participationOf(tx, actor, conversationId, { lock: true });
    const [updated] = await tx
      .update(chatParticipants)
      .set({
        lastReadMessageId: sql`least(${messageId}, (select coalesce(max(id), 0) from ${chatMessages} where conversation_id = ${conversationId}))`,
        deliveredMessageId: sql`greatest(${chatParticipants.deliveredMessageId}, least(${messageId}, (select coalesce(max(id), 0) from ${chatMessages} where conversation_id = ${conversationId})))`,
      })
      .where(
        and(
          eq(chatParticipants.conversationId, conversationId),
          eq(chatParticipants.userId, actor.id),
          lt(chatParticipants.lastReadMessageId, messageId),
        ),
      )
      .returning({ lastRead: chatParticipants.lastReadMessageId });
    if (!updated) return [];
    await recountUnread(tx, conversationId, actor.id);
    const receipts = await bothWantReceipts(tx, actor.id, otherUserId);
    const data = { user_id: actor.id };
    const events: NewChatEvent[] = [{ userId: actor.id, kind: "read", conversationId, messageId: updated.lastRead, data }];
    if (receipts) events.push({ userId: otherUserId, kind: "read", conversationId, messageId: updated.lastRead, data });
    return storeEvents(tx, events, { unreadTotalFor: [actor.id] });
  });
  await announceCommitted(ctx, announce);
}

async function bothWantReceipts(db: Db, a: number, b: number): Promise<boolean> {
  const result = (await db.execute(
    sql`select count(*)::int as off from chat_user_state where user_id in (${a}, ${b}) and read_receipts = false`,
  )) as unknown as { rows: Array<{ off: number }> };
  return Number(result.rows[0]?.off ?? 0) === 0;
}

/** The recipient's client got messages up to messageId: the sender sees "entregado". */
export async function markDelivered(ctx: AppContext, actor: ChatActor, conversationId: number, messageId: number): Promise<void> {
  const announce = await ctx.db.transaction(async (tx) => {
    const { otherUserId } = await participationOf(tx, actor, conversationId, { lock: true });
    const [updated] = await tx
      .update(chatParticipants)
      .set({
        deliveredMessageId: sql`least(${messageId}, (select coalesce(max(id), 0) from ${chatMessages} where conversation_id = ${conversationId}))`,
      })
      .where(
        and(
          eq(chatParticipants.conversationId, conversationId),
          eq(chatParticipants.userId, actor.id),
          lt(chatParticipants.deliveredMessageId, messageId),
        ),
      )
      .returning({ delivered: chatParticipants.deliveredMessageId });
    if (!updated) return [];
    return storeEvents(tx, [
      { userId: otherUserId, kind: "delivered", conversationId, messageId: updated.delivered, data: { user_id: actor.id } },
    ]);
  });
  await announceCommitted(ctx, announce);
}

/**
 * Deletes a message for everyone: its sender within 15 minutes, or a moderator (`moderation`)
 * at any time. The text is erased, a "Mensaje eliminado" placeholder stays.
 */
export async function deleteMessage(ctx: AppContext, actor: ChatActor, messageId: number): Promise<void> {
  await ctx.db.transaction((tx) => deleteMessageIn(ctx, tx, actor, messageId));
}

export async function deleteMessageIn(
  ctx: AppContext,
  tx: Db,
  actor: ChatActor,
  messageId: number,
  options: { moderation?: boolean } = {},
): Promise<void> {
  {
    const [found] = await tx.select().from(chatMessages).where(eq(chatMessages.id, messageId));
    if (!found || (!options.moderation && found.senderId !== actor.id)) throw messageNotFound();
    // Lock order everywhere: conversation, then participants, then event counters.
    const [conversation] = await tx.select().from(chatConversations).where(eq(chatConversations.id, found.conversationId)).for("update");
    const [message] = await tx.select().from(chatMessages).where(eq(chatMessages.id, messageId)).for("update");
    if (!conversation || !message) throw messageNotFound();
    if (message.deletedAt) return;
    if (!options.moderation && !withinDeleteWindow(message.createdAt, CHAT_DELETE_WINDOW_MINUTES)) {
      throw new AppError(
        "CONFLICT",
        `Solo puedes eliminar un mensaje durante los ${CHAT_DELETE_WINDOW_MINUTES} minutos siguientes a su envío.`,
      );
    }
    await tx.update(chatMessages).set({ deletedAt: new Date(), body: "", attachment: null }).where(eq(chatMessages.id, messageId));
    const recipientId = conversation.userLowId === message.senderId ? conversation.userHighId : conversation.userLowId;
    const events: NewChatEvent[] = [{ userId: message.senderId, kind: "message_deleted", conversationId: conversation.id, messageId }];
    if (!message.withheld) {
      await recountUnread(tx, conversation.id, recipientId);
      events.push({ userId: recipientId, kind: "message_deleted", conversationId: conversation.id, messageId });
    }
    await appendEvents(ctx, tx, events, { unreadTotalFor: message.withheld ? [] : [recipientId] });
  }
}
