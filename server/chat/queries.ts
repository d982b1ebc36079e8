import { and, desc, eq, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { verifiedProfessionalSql } from "#server/accounts";
import type { Db } from "#server/db/client";
import { chatBlocks, chatConversations, chatMessages, chatParticipants, chatUserState, empresas, users } from "#server/db/schema";
import { type ChatConversationView, toMessageView, toPersonView } from "./views";

const other = alias(users, "other_user");
const otherEmpresa = alias(empresas, "other_empresa");
const otherSide = alias(chatParticipants, "other_side");
const myState = alias(chatUserState, "my_state");
const otherState = alias(chatUserState, "other_state");
const lastMessage = alias(chatMessages, "last_message");

/**
 * Conversations as one user sees them, in one round trip: the other person (name, photo, role),
 * the last message this user may see, unread count, mute, block, and the other side's read and
 * delivered marks (read marks only when both sides have read receipts on).
 */
export async function selectConversationViews(
  db: Db,
  actorId: number,
  where: SQL | undefined,
  options: { limit?: number } = {},
): Promise<ChatConversationView[]> {
  return (await selectViewRows(db, actorId, where, options.limit ?? 100)).map((row) => row.view);
}

/**
 * The chat page's list and the conversation open beside it, in one statement instead of two. The
 * open one is read first (so the limit never cuts it off), flagged with whether it belongs to the
 * list, and put back in its place there.
 */
export async function selectListAndOpen(
  db: Db,
  actorId: number,
  listWhere: SQL,
  openId: number,
  limit = 100,
): Promise<{ list: ChatConversationView[]; open: ChatConversationView | null }> {
  const rows = await selectViewRows(db, actorId, or(listWhere, eq(chatConversations.id, openId)), limit + 1, { openId, listWhere });
  const opened = rows[0]?.view.id === openId ? rows[0] : undefined;
  const listed = rows.filter((row) => row !== opened);
  if (opened?.listed) {
    const place = listed.findIndex((row) => comesBefore(opened, row));
    listed.splice(place === -1 ? listed.length : place, 0, opened);
  }
  return { list: listed.slice(0, limit).map((row) => row.view), open: opened?.view ?? null };
}

type ViewRow = { view: ChatConversationView; at: Date | null; listed: boolean };

/** The list's order: last message first (none last), then the newer conversation. */
function comesBefore(a: ViewRow, b: ViewRow): boolean {
  const at = (a.at?.getTime() ?? Number.NEGATIVE_INFINITY) - (b.at?.getTime() ?? Number.NEGATIVE_INFINITY);
  return at > 0 || ((at === 0 || Number.isNaN(at)) && a.view.id > b.view.id);
}

async function selectViewRows(
  db: Db,
  actorId: number,
  where: SQL | undefined,
  limit: number,
  open?: { openId: number; listWhere: SQL },
): Promise<ViewRow[]> {
  const rows = await db
    .select({
      conversation: chatConversations,
      mine: chatParticipants,
      other: {
        id: other.id,
        email: other.email,
        nombre: other.nombre,
        apellidos: other.apellidos,
        avatar: other.avatar,
        updatedAt: other.updatedAt,
        registerType: other.registerType,
        empresaNombre: otherEmpresa.nombre,
        verified: verifiedProfessionalSql(other.id),
      },
      otherRead: otherSide.lastReadMessageId,
      otherDelivered: otherSide.deliveredMessageId,
      myReceipts: myState.readReceipts,
      otherReceipts: otherState.readReceipts,
      blocked: sql<boolean>`${chatBlocks.blockerId} is not null`,
      lastMessage,
      listed: open ? sql<boolean>`coalesce(${open.listWhere}, false)` : sql<boolean>`true`,
    })
    .from(chatParticipants)
    .innerJoin(chatConversations, eq(chatConversations.id, chatParticipants.conversationId))
    .innerJoin(other, eq(other.id, chatParticipants.otherUserId))
    .leftJoin(otherEmpresa, eq(otherEmpresa.id, other.empresaId))
    .leftJoin(
      otherSide,
      and(eq(otherSide.conversationId, chatParticipants.conversationId), eq(otherSide.userId, chatParticipants.otherUserId)),
    )
    .leftJoin(myState, eq(myState.userId, chatParticipants.userId))
    .leftJoin(otherState, eq(otherState.userId, chatParticipants.otherUserId))
    .leftJoin(chatBlocks, and(eq(chatBlocks.blockerId, chatParticipants.userId), eq(chatBlocks.blockedId, chatParticipants.otherUserId)))
    .leftJoin(lastMessage, eq(lastMessage.id, chatParticipants.lastMessageId))
    .where(and(eq(chatParticipants.userId, actorId), where))
    .orderBy(
      ...(open ? [sql`${chatConversations.id} = ${open.openId} desc`] : []),
      sql`${chatParticipants.lastMessageAt} desc nulls last`,
      desc(chatParticipants.conversationId),
    )
    .limit(limit);
  return rows.map((row) => {
    const receipts = (row.myReceipts ?? true) && (row.otherReceipts ?? true);
    const view: ChatConversationView = {
      id: row.conversation.id,
      status: row.conversation.status,
      incoming_request: row.conversation.status === "request" && row.conversation.requestedBy !== actorId,
      other: toPersonView(row.other),
      unread_count: row.mine.unreadCount,
      muted: row.mine.mutedAt !== null,
      blocked: Boolean(row.blocked),
      last_message: row.lastMessage ? toMessageView(row.lastMessage) : null,
      last_message_at: row.mine.lastMessageAt?.toISOString() ?? null,
      last_read_message_id: row.mine.lastReadMessageId,
      other_read_message_id: receipts ? (row.otherRead ?? 0) : null,
      other_delivered_message_id: row.otherDelivered ?? 0,
    };
    return { view, at: row.mine.lastMessageAt, listed: Boolean(row.listed) };
  });
}

/** Name search, accent- and case-insensitive, on the other person's name. */
export function otherNameMatches(q: string): SQL {
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`f_unaccent(lower(coalesce(${other.nombre}, '') || ' ' || coalesce(${other.apellidos}, ''))) like f_unaccent(${pattern})`;
}
