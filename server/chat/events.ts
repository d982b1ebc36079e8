import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { ChatEventKind } from "#common/chat/vocabulary";
import type { AppContext } from "#server/context";
import type { Db } from "#server/db/client";
import { chatEvents, chatMessages, chatParticipants, chatUserState } from "#server/db/schema";
import type { RealtimeDelivery, RealtimeEvent } from "#server/platform/realtime/hub";
import { type ChatMessageView, toMessageView } from "./views";

/** The realtime event type that carries (user, seq) ids through NOTIFY; see docs/chat-websocket.md. */
export const CHAT_EVENT = "chat.event";

export type NewChatEvent = {
  userId: number;
  kind: ChatEventKind;
  conversationId: number;
  messageId?: number | null;
  data?: Record<string, unknown>;
};

/** What a socket (or GET /api/chat/events) receives for one event. */
export type ChatWireEvent = {
  type: typeof CHAT_EVENT;
  seq: number;
  kind: ChatEventKind;
  conversation_id: number;
  message_id: number | null;
  message?: ChatMessageView;
  [key: string]: unknown;
};

type Rows<T> = { rows: T[] };

/**
 * Numbers and stores events for their users inside the caller's transaction, and notifies every
 * instance when (and only if) it commits. Each user's counter row is locked (in ascending user id
 * order, so two transactions never deadlock) until commit: sequence order is commit order.
 * `unreadTotalFor` users get their current unread total in the event, read under that lock.
 */
export async function appendEvents(
  ctx: Pick<AppContext, "realtime">,
  tx: Db,
  events: NewChatEvent[],
  options: { unreadTotalFor?: number[] } = {},
): Promise<void> {
  await ctx.realtime.publishIn(tx, await storeEvents(tx, events, options));
}

/**
 * Like appendEvents, but returns the notices instead of notifying inside the transaction: a hot
 * path (read and delivered marks, like sends) commits first and then calls announceCommitted,
 * because PostgreSQL serialises the commits of transactions that NOTIFY (decision 0043).
 */
export async function storeEvents(
  tx: Db,
  events: NewChatEvent[],
  options: { unreadTotalFor?: number[] } = {},
): Promise<RealtimeDelivery[]> {
  if (!events.length) return [];
  const counts = new Map<number, number>();
  for (const event of events) counts.set(event.userId, (counts.get(event.userId) ?? 0) + 1);
  const userIds = [...counts.keys()].sort((a, b) => a - b);
  const values = sql.join(
    userIds.map((id) => sql`(${id}::int, ${counts.get(id)}::bigint)`),
    sql`, `,
  );
  const allocated = (await tx.execute(sql`
    INSERT INTO chat_user_state (user_id, last_seq) VALUES ${values}
    ON CONFLICT (user_id) DO UPDATE SET last_seq = chat_user_state.last_seq + excluded.last_seq
    RETURNING user_id, last_seq`)) as unknown as Rows<{ user_id: number; last_seq: string | number }>;
  const nextSeq = new Map<number, number>();
  for (const row of allocated.rows) nextSeq.set(Number(row.user_id), Number(row.last_seq) - (counts.get(Number(row.user_id)) ?? 0) + 1);

  const totals = new Map<number, number>();
  if (options.unreadTotalFor?.length) {
    for (const userId of options.unreadTotalFor) totals.set(userId, await unreadTotal(tx, userId));
  }

  const rows = events.map((event) => {
    const seq = nextSeq.get(event.userId) as number;
    nextSeq.set(event.userId, seq + 1);
    const data = totals.has(event.userId) ? { ...event.data, unread_total: totals.get(event.userId) } : (event.data ?? null);
    return { userId: event.userId, seq, kind: event.kind, conversationId: event.conversationId, messageId: event.messageId ?? null, data };
  });
  await tx.insert(chatEvents).values(rows);
  return rows.map((row) => ({ userId: row.userId, event: { type: CHAT_EVENT, seq: row.seq } }));
}

/**
 * Announces events already committed. The events are stored whatever happens here: a lost notice
 * only delays the live push until the user's next event or reconnection (both resume by sequence).
 */
export async function announceCommitted(ctx: Pick<AppContext, "realtime" | "logger">, deliveries: RealtimeDelivery[] | undefined) {
  if (!deliveries?.length) return;
  await ctx.realtime.publishAll(deliveries).catch((error) => ctx.logger.warn({ err: error }, "chat: announcing events failed"));
}

/** Unread messages of a user, for the header badge (authUser.notifications): muted conversations do not count. */
export async function unreadTotal(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | number>`coalesce(sum(${chatParticipants.unreadCount}), 0)` })
    .from(chatParticipants)
    .where(and(eq(chatParticipants.userId, userId), sql`${chatParticipants.mutedAt} is null`, gt(chatParticipants.unreadCount, 0)));
  return Number(row?.total ?? 0);
}

const eventColumns = {
  userId: chatEvents.userId,
  seq: chatEvents.seq,
  kind: chatEvents.kind,
  conversationId: chatEvents.conversationId,
  messageId: chatEvents.messageId,
  data: chatEvents.data,
  message: chatMessages,
};
type EventRow = {
  userId: number;
  seq: number;
  kind: ChatEventKind;
  conversationId: number;
  messageId: number | null;
  data: Record<string, unknown> | null;
  message: typeof chatMessages.$inferSelect | null;
};

function toWire(row: EventRow): ChatWireEvent {
  const event: ChatWireEvent = {
    ...(row.data ?? {}),
    type: CHAT_EVENT,
    seq: row.seq,
    kind: row.kind,
    conversation_id: row.conversationId,
    message_id: row.messageId,
  };
  if (row.kind === "message" && row.message) event.message = toMessageView(row.message);
  return event;
}

/** Events after `since` for one user, oldest first: what a reconnecting client missed. */
export async function listEventsSince(
  ctx: Pick<AppContext, "db">,
  actor: { id: number },
  since: number,
  limit: number,
): Promise<{ events: ChatWireEvent[]; last_seq: number; more: boolean }> {
  const rows = (await ctx.db
    .select(eventColumns)
    .from(chatEvents)
    .leftJoin(chatMessages, eq(chatMessages.id, chatEvents.messageId))
    .where(and(eq(chatEvents.userId, actor.id), gt(chatEvents.seq, since)))
    .orderBy(asc(chatEvents.seq))
    .limit(limit + 1)) as EventRow[];
  const more = rows.length > limit;
  const events = rows.slice(0, limit).map(toWire);
  const last = events.at(-1)?.seq ?? (await lastSeqOf(ctx.db, actor.id));
  return { events, last_seq: Math.max(last, since), more };
}

export async function lastSeqOf(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ lastSeq: chatUserState.lastSeq }).from(chatUserState).where(eq(chatUserState.userId, userId));
  return row?.lastSeq ?? 0;
}

/** Expands notified (user, seq) pairs into full events in one query per batch. */
export function createChatEventResolver(ctx: Pick<AppContext, "db">) {
  return async (items: RealtimeDelivery[]): Promise<Array<RealtimeEvent | null>> => {
    const keys = items.map((item) => sql`(${item.userId}::int, ${Number(item.event.seq)}::bigint)`);
    const rows = (await ctx.db
      .select(eventColumns)
      .from(chatEvents)
      .leftJoin(chatMessages, eq(chatMessages.id, chatEvents.messageId))
      .where(sql`(${chatEvents.userId}, ${chatEvents.seq}) in (${sql.join(keys, sql`, `)})`)) as EventRow[];
    const byKey = new Map(rows.map((row) => [`${row.userId}:${row.seq}`, row]));
    return items.map((item) => {
      const row = byKey.get(`${item.userId}:${Number(item.event.seq)}`);
      return row ? toWire(row) : null;
    });
  };
}
