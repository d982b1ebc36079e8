import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { pathTo } from "#common/route-names";
import type { AppContext } from "#server/context";
import { chatConversations, chatParticipants, chatUserState, users } from "#server/db/schema";
import { recordConsent } from "#server/legal";
import { renderEmail } from "#server/platform/mail/layout";

/** Messages unread this long, while the user is not connected, bring an e-mail. */
export const UNREAD_EMAIL_AFTER_MINUTES = 15;
/** How long a user counts as connected after an instance last saw their socket (2 sweeps). */
const ONLINE_GRACE_MS = 2 * 60_000;
/** One instance sends at a time: the sweep holds this transaction-level advisory lock. */
const UNREAD_EMAIL_LOCK = 725_912;
const BATCH = 100;

const sender = alias(users, "sender");

/** Every instance records that the users it holds a socket of are connected, for a while. */
export async function touchPresence(ctx: AppContext, now = new Date()): Promise<void> {
  const ids = ctx.realtime.localUserIds();
  if (!ids.length) return;
  const until = new Date(now.getTime() + ONLINE_GRACE_MS);
  await ctx.db
    .insert(chatUserState)
    .values(ids.map((userId) => ({ userId, onlineUntil: until })))
    .onConflictDoUpdate({ target: chatUserState.userId, set: { onlineUntil: until } });
}

export const unreadUnsubscribeToken = (secret: string, userId: number) =>
  `${userId}.${createHmac("sha256", secret).update(`chat-baja:${userId}`).digest("base64url")}`;

/** The user a one-click unsubscribe token names, or null when it was not made by us. */
function userOfToken(secret: string, token: string): number | null {
  const userId = Number(token.split(".")[0]);
  if (!Number.isSafeInteger(userId) || userId <= 0) return null;
  const expected = Buffer.from(unreadUnsubscribeToken(secret, userId));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given) ? userId : null;
}

/** Turns the unread e-mail off for the token's user; false when the token is not valid. */
export async function unsubscribeUnreadEmails(ctx: AppContext, token: string): Promise<boolean> {
  const userId = userOfToken(ctx.secret, token);
  if (!userId) return false;
  const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) return false;
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select({ on: chatUserState.unreadEmails }).from(chatUserState).where(eq(chatUserState.userId, userId));
    if (before?.on ?? true) await recordConsent(tx, userId, "chat_email", false, "chat");
    await tx
      .insert(chatUserState)
      .values({ userId, unreadEmails: false })
      .onConflictDoUpdate({ target: chatUserState.userId, set: { unreadEmails: false } });
  });
  return true;
}

/**
 * Sends one e-mail per conversation whose messages have stayed unread for 15 minutes while its
 * user is not connected. A quiet period starts at the first unread message and ends when nothing
 * is left unread (recountUnread clears unread_email_sent_at): the e-mail goes once per period
 * (unread_email_sent_at is set in the transaction that queues it), never for a muted conversation, never after the user unsubscribed.
 * Only one instance sweeps at a time (advisory lock); the others skip. Returns e-mails queued.
 */
export async function runUnreadEmails(ctx: AppContext, now = new Date()): Promise<number> {
  const dueBefore = new Date(now.getTime() - UNREAD_EMAIL_AFTER_MINUTES * 60_000);
  return ctx.db.transaction(async (tx) => {
    const lock = (await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${UNREAD_EMAIL_LOCK}) AS got`)) as unknown as {
      rows: Array<{ got: boolean }>;
    };
    if (!lock.rows[0]?.got) return 0;
    const due = await tx
      .select({
        conversationId: chatParticipants.conversationId,
        userId: chatParticipants.userId,
        unread: chatParticipants.unreadCount,
        email: users.email,
        nombre: users.nombre,
        from: sql<string>`trim(coalesce(${sender.nombre}, '') || ' ' || coalesce(${sender.apellidos}, ''))`,
      })
      .from(chatParticipants)
      .innerJoin(chatConversations, eq(chatConversations.id, chatParticipants.conversationId))
      .innerJoin(users, eq(users.id, chatParticipants.userId))
      .innerJoin(sender, eq(sender.id, chatParticipants.otherUserId))
      .leftJoin(chatUserState, eq(chatUserState.userId, chatParticipants.userId))
      .where(
        and(
          sql`${chatParticipants.unreadCount} > 0`,
          isNotNull(chatParticipants.firstUnreadAt),
          lte(chatParticipants.firstUnreadAt, dueBefore),
          isNull(chatParticipants.unreadEmailSentAt),
          isNull(chatParticipants.mutedAt),
          sql`${chatConversations.status} <> 'declined'`,
          isNull(users.blockedAt),
          sql`coalesce(${chatUserState.unreadEmails}, true)`,
          or(isNull(chatUserState.onlineUntil), lte(chatUserState.onlineUntil, now)),
        ),
      )
      .limit(BATCH);
    for (const row of due) {
      const from = row.from || "Alguien";
      const content = renderEmail({
        brand: ctx.config.brandName,
        appUrl: ctx.config.appUrl,
        title: `${from} te ha escrito`,
        greeting: row.nombre ? `Hola, ${row.nombre}:` : "Hola:",
        paragraphs: [
          row.unread === 1
            ? `Tienes un mensaje sin leer de ${from} en el chat.`
            : `Tienes ${row.unread} mensajes sin leer de ${from} en el chat.`,
        ],
        action: { label: "Leer los mensajes", url: `${ctx.config.appUrl}${pathTo("chat", { id: String(row.conversationId) })}` },
        footer: {
          text: "¿No quieres recibir estos avisos? Date de baja con un clic",
          url: `${ctx.config.appUrl}${pathTo("chat-baja", { token: unreadUnsubscribeToken(ctx.secret, row.userId) })}`,
        },
      });
      await ctx.mailer.enqueue({ to: row.email, ...content, kind: "chat_unread" }, tx);
    }
    if (due.length) {
      for (const row of due) {
        await tx
          .update(chatParticipants)
          .set({ unreadEmailSentAt: now })
          .where(and(eq(chatParticipants.conversationId, row.conversationId), eq(chatParticipants.userId, row.userId)));
      }
    }
    return due.length;
  });
}
