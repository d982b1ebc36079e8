import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { ExportFile, PrivacyPart } from "#server/accounts";
import type { Db } from "#server/db/client";
import {
  chatBlocks,
  chatConversations,
  chatEvents,
  chatMessages,
  chatParticipants,
  chatReports,
  chatUserState,
  users,
} from "#server/db/schema";

// The chat's share of the user's rights over their data (docs/privacy-rules.md): the partner keeps
// a conversation with an erased account, shown as «Usuario eliminado» (the account's tombstone).

const mine = (userId: number) => or(eq(chatConversations.userLowId, userId), eq(chatConversations.userHighId, userId));

async function collect(db: Db, userId: number) {
  const conversations = await db
    .select({
      id: chatConversations.id,
      estado: chatConversations.status,
      iniciada_por_ti: sql<boolean>`${chatConversations.requestedBy} = ${userId}`,
      con: sql<string>`(SELECT coalesce(nullif(concat_ws(' ', u.nombre, u.apellidos), ''), 'Usuario') FROM ${users} u
        WHERE u.id = CASE WHEN ${chatConversations.userLowId} = ${userId} THEN ${chatConversations.userHighId} ELSE ${chatConversations.userLowId} END)`,
      creada_en: chatConversations.createdAt,
    })
    .from(chatConversations)
    .where(mine(userId));
  const ids = conversations.map((conversation) => conversation.id);
  const messages = ids.length
    ? await db
        .select({
          id: chatMessages.id,
          conversacion_id: chatMessages.conversationId,
          tuyo: sql<boolean>`${chatMessages.senderId} = ${userId}`,
          texto: chatMessages.body,
          adjunto: chatMessages.attachment,
          enviado_en: chatMessages.createdAt,
        })
        .from(chatMessages)
        // What the user sees: not deleted, and a withheld message only to its sender.
        .where(
          and(
            inArray(chatMessages.conversationId, ids),
            isNull(chatMessages.deletedAt),
            sql`(NOT ${chatMessages.withheld} OR ${chatMessages.senderId} = ${userId})`,
          ),
        )
        .orderBy(asc(chatMessages.id))
    : [];
  const files: ExportFile[] = [];
  const mensajes = messages.map(({ adjunto, ...message }) => {
    if (!adjunto) return { ...message, adjunto: null };
    const archivo = `chat/${message.id}-${adjunto.name.replace(/[^\p{L}\p{N}._ -]+/gu, "_")}`;
    files.push({ key: adjunto.key, name: archivo });
    return { ...message, adjunto: { nombre: adjunto.name, tamano: adjunto.size, archivo } };
  });
  const [settings, blocks, reports] = await Promise.all([
    db
      .select({ confirmaciones_de_lectura: chatUserState.readReceipts, correos_de_no_leidos: chatUserState.unreadEmails })
      .from(chatUserState)
      .where(eq(chatUserState.userId, userId)),
    db.select({ usuario_id: chatBlocks.blockedId, desde: chatBlocks.createdAt }).from(chatBlocks).where(eq(chatBlocks.blockerId, userId)),
    db
      .select({
        conversacion_id: chatReports.conversationId,
        motivo: chatReports.reason,
        detalles: chatReports.details,
        estado: chatReports.status,
        enviada_en: chatReports.createdAt,
      })
      .from(chatReports)
      .where(eq(chatReports.reporterId, userId)),
  ]);
  return {
    data: {
      conversaciones: conversations,
      mensajes,
      ajustes_chat: settings[0] ?? null,
      bloqueados_por_ti: blocks,
      denuncias_enviadas: reports,
    },
    files,
  };
}

async function erase(tx: Db, userId: number) {
  // The user's own side goes; the partner's side (their participant row, the messages) stays.
  await tx.delete(chatParticipants).where(eq(chatParticipants.userId, userId));
  await tx.delete(chatEvents).where(eq(chatEvents.userId, userId));
  await tx.delete(chatUserState).where(eq(chatUserState.userId, userId));
  await tx.delete(chatBlocks).where(or(eq(chatBlocks.blockerId, userId), eq(chatBlocks.blockedId, userId)));
  const [conversation] = await tx.select({ id: chatConversations.id }).from(chatConversations).where(mine(userId)).limit(1);
  const [report] = await tx
    .select({ id: chatReports.id })
    .from(chatReports)
    .where(or(eq(chatReports.reporterId, userId), eq(chatReports.reportedUserId, userId)))
    .limit(1);
  return { files: [], keepsUser: Boolean(conversation || report) };
}

export const chatPrivacy: PrivacyPart = {
  area: "chat",
  covers: [
    "chat_conversations.user_low_id",
    "chat_conversations.user_high_id",
    "chat_conversations.requested_by",
    "chat_participants.user_id",
    "chat_participants.other_user_id",
    "chat_messages.sender_id",
    "chat_user_state.user_id",
    "chat_blocks.blocker_id",
    "chat_blocks.blocked_id",
    "chat_reports.reporter_id",
  ],
  collect,
  erase,
};
