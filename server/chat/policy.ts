import { type AnyColumn, and, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { chatBlocks, chatConversations, chatMessages, chatParticipants, chatUserState } from "#server/db/schema";
import { AppError } from "#server/platform/errors";

// Who may do what in the chat. Only the two participants reach a conversation; anyone else gets
// the same 404 as for a conversation that does not exist (no probing of ids).

export type ChatActor = { id: number };

export const conversationNotFound = () => new AppError("NOT_FOUND", "Conversación no encontrada.");
export const messageNotFound = () => new AppError("NOT_FOUND", "Mensaje no encontrado.");

export type Participation = {
  conversation: typeof chatConversations.$inferSelect;
  otherUserId: number;
};

/** The conversation if the actor takes part in it (their participation); 404 otherwise. `lock` takes the conversation's row lock. */
export async function participationOf(
  db: Db,
  actor: ChatActor,
  conversationId: number,
  options: { lock?: boolean } = {},
): Promise<Participation> {
  const query = db
    .select({ conversation: chatConversations, otherUserId: chatParticipants.otherUserId })
    .from(chatConversations)
    .innerJoin(chatParticipants, and(eq(chatParticipants.conversationId, chatConversations.id), eq(chatParticipants.userId, actor.id)))
    .where(eq(chatConversations.id, conversationId));
  const [row] = options.lock ? await query.for("update", { of: chatConversations }) : await query;
  if (!row) throw conversationNotFound();
  return row;
}

/**
 * The same rule as `participationOf`, as a condition a read carries in its own statement (the chat
 * page reads a conversation's messages beside its other reads instead of after a check).
 */
export const takesPart = (actor: ChatActor, conversationId: number | SQL | AnyColumn): SQL =>
  sql`exists (select 1 from ${chatParticipants} where ${chatParticipants.conversationId} = ${conversationId} and ${chatParticipants.userId} = ${actor.id})`;

export type SendPermission = { blockedByOther: boolean };

/** The three facts send permission rests on, as columns of a query that knows the other person. */
const permissionColumns = (actorId: number, otherUserId: number | SQL | AnyColumn) => ({
  suspended: sql<boolean>`exists (select 1 from ${chatUserState} where ${chatUserState.userId} = ${actorId} and ${chatUserState.suspendedAt} is not null)`,
  iBlocked: sql<boolean>`exists (select 1 from ${chatBlocks} where ${chatBlocks.blockerId} = ${actorId} and ${chatBlocks.blockedId} = ${otherUserId})`,
  blockedMe: sql<boolean>`exists (select 1 from ${chatBlocks} where ${chatBlocks.blockerId} = ${otherUserId} and ${chatBlocks.blockedId} = ${actorId})`,
});

function permissionOf(row: { suspended: boolean; iBlocked: boolean; blockedMe: boolean } | undefined): SendPermission {
  if (row?.suspended) throw new AppError("FORBIDDEN", "Tu cuenta no puede enviar mensajes. Si crees que es un error, escríbenos.");
  if (row?.iBlocked) throw new AppError("FORBIDDEN", "Has bloqueado a esta persona. Desbloquéala para escribirle.");
  return { blockedByOther: Boolean(row?.blockedMe) };
}

/**
 * Whether the actor may write to the other person. Suspended accounts and people who blocked the
 * other cannot; when the other person blocked the actor, the message is accepted but withheld
 * (the sender is not told).
 */
export async function checkSendPermission(db: Db, actor: ChatActor, otherUserId: number): Promise<SendPermission> {
  const [row] = await db.select(permissionColumns(actor.id, otherUserId)).from(sql`(select 1) as one`);
  return permissionOf(row);
}

/**
 * The first statement of a send, in one round trip: the conversation's row lock (404 unless the
 * actor takes part), the message already stored under this client_id if any (a resend), and the
 * send permission (checked unless it is a resend, which changes nothing).
 */
export async function lockForSend(
  db: Db,
  actor: ChatActor,
  conversationId: number,
  clientId: string,
): Promise<Participation & { existingId: number | null; permission: SendPermission | null }> {
  const [row] = await db
    .select({
      conversation: chatConversations,
      otherUserId: chatParticipants.otherUserId,
      existingId: sql<
        string | number | null
      >`(select ${chatMessages.id} from ${chatMessages} where ${chatMessages.senderId} = ${actor.id} and ${chatMessages.clientId} = ${clientId})`,
      ...permissionColumns(actor.id, chatParticipants.otherUserId),
    })
    .from(chatConversations)
    .innerJoin(chatParticipants, and(eq(chatParticipants.conversationId, chatConversations.id), eq(chatParticipants.userId, actor.id)))
    .where(eq(chatConversations.id, conversationId))
    .for("update", { of: chatConversations });
  if (!row) throw conversationNotFound();
  const existingId = row.existingId === null ? null : Number(row.existingId);
  return {
    conversation: row.conversation,
    otherUserId: row.otherUserId,
    existingId,
    permission: existingId === null ? permissionOf(row) : null,
  };
}

/** A message the sender may still delete for everyone. */
export function withinDeleteWindow(createdAt: Date, minutes: number, now = new Date()): boolean {
  return now.getTime() - createdAt.getTime() <= minutes * 60_000;
}
