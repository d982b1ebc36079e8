import { and, eq } from "drizzle-orm";
import { reportSchema } from "#common/chat/schemas";
import { fieldErrorsOf } from "#common/validation";
import type { AppContext } from "#server/context";
import { chatBlocks, chatMessages, chatReports, chatUserState, users } from "#server/db/schema";
import { recordConsent } from "#server/legal";
import { AppError, validationError } from "#server/platform/errors";
import { enforceRateLimit } from "#server/platform/rate-limit";
import { type ChatActor, messageNotFound, participationOf } from "./policy";

/** Blocks a user: what they send the actor from now on is withheld. They are not told. */
export async function blockUser(ctx: AppContext, actor: ChatActor, userId: number): Promise<void> {
  if (userId === actor.id) throw validationError({ user_id: ["No puedes bloquearte a ti mismo."] });
  const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError("NOT_FOUND", "No hemos encontrado a esa persona.");
  await ctx.db.insert(chatBlocks).values({ blockerId: actor.id, blockedId: userId }).onConflictDoNothing();
}

export async function unblockUser(ctx: AppContext, actor: ChatActor, userId: number): Promise<void> {
  await ctx.db.delete(chatBlocks).where(and(eq(chatBlocks.blockerId, actor.id), eq(chatBlocks.blockedId, userId)));
}

/**
 * Reports a conversation, or one message the other person sent in it, to the moderators. The
 * reporter must take part in the conversation and may only report what they could see.
 */
export async function reportConversation(ctx: AppContext, actor: ChatActor, input: unknown): Promise<{ id: number }> {
  const parsed = reportSchema.safeParse(input);
  if (!parsed.success) throw validationError(fieldErrorsOf(parsed.error));
  const data = parsed.data;
  const { otherUserId } = await participationOf(ctx.db, actor, data.conversation_id);
  if (data.message_id) {
    const [message] = await ctx.db
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.id, data.message_id),
          eq(chatMessages.conversationId, data.conversation_id),
          eq(chatMessages.senderId, otherUserId),
          eq(chatMessages.withheld, false),
        ),
      );
    if (!message) throw messageNotFound();
  }
  await enforceRateLimit(ctx.db, "chatReport", String(actor.id));
  const [report] = await ctx.db
    .insert(chatReports)
    .values({
      reporterId: actor.id,
      reportedUserId: otherUserId,
      conversationId: data.conversation_id,
      messageId: data.message_id ?? null,
      reason: data.reason,
      details: data.details || null,
    })
    .returning({ id: chatReports.id });
  return { id: report?.id ?? 0 };
}

export type ChatSettings = { read_receipts: boolean; unread_emails: boolean; verified_requests_only: boolean };

export async function getChatSettings(ctx: AppContext, actor: ChatActor): Promise<ChatSettings> {
  const [row] = await ctx.db
    .select({
      readReceipts: chatUserState.readReceipts,
      unreadEmails: chatUserState.unreadEmails,
      verifiedOnly: chatUserState.verifiedRequestsOnly,
    })
    .from(chatUserState)
    .where(eq(chatUserState.userId, actor.id));
  return {
    read_receipts: row?.readReceipts ?? true,
    unread_emails: row?.unreadEmails ?? true,
    verified_requests_only: row?.verifiedOnly ?? false,
  };
}

/**
 * Read receipts off: the user neither sends nor sees them. Unread e-mails off (also what the
 * one-click unsubscribe does): no e-mail about unread messages; turning them back on is only here.
 */
export async function updateChatSettings(ctx: AppContext, actor: ChatActor, settings: Partial<ChatSettings>): Promise<ChatSettings> {
  const set = {
    ...(settings.read_receipts === undefined ? {} : { readReceipts: settings.read_receipts }),
    ...(settings.unread_emails === undefined ? {} : { unreadEmails: settings.unread_emails }),
    ...(settings.verified_requests_only === undefined ? {} : { verifiedRequestsOnly: settings.verified_requests_only }),
  };
  if (Object.keys(set).length > 0) {
    await ctx.db.transaction(async (tx) => {
      // The unread e-mails are an opt-out kept with its date (issue 27): a change is a consent record.
      const unreadEmails = settings.unread_emails;
      if (unreadEmails !== undefined) {
        const [before] = await tx.select({ on: chatUserState.unreadEmails }).from(chatUserState).where(eq(chatUserState.userId, actor.id));
        if ((before?.on ?? true) !== unreadEmails) await recordConsent(tx, actor.id, "chat_email", unreadEmails, "chat");
      }
      await tx
        .insert(chatUserState)
        .values({ userId: actor.id, ...set })
        .onConflictDoUpdate({ target: chatUserState.userId, set });
    });
  }
  return getChatSettings(ctx, actor);
}
