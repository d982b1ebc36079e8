import { and, eq, inArray, ne, or, sql } from "drizzle-orm";
import { type StartConversationInput, startConversationSchema } from "#common/chat/schemas";
import { pathTo } from "#common/route-names";
import { fieldErrorsOf } from "#common/validation";
import { verifiedProfessionalSql } from "#server/accounts";
import type { AppContext } from "#server/context";
import type { Db } from "#server/db/client";
import { chatConversations, chatMessages, chatParticipants, chatUserState, empresas, users } from "#server/db/schema";
import { notify } from "#server/notifications";
import { AppError, validationError } from "#server/platform/errors";
import { enforceRateLimit } from "#server/platform/rate-limit";
import { appendEvents } from "./events";
import { findByClientId, insertMessage, type SendResult } from "./messages.service";
import { type ChatActor, conversationNotFound, type Participation, participationOf } from "./policy";
import { otherNameMatches, selectConversationViews } from "./queries";
import { type ChatConversationView, type ChatPersonView, toMessageView, toPersonView } from "./views";

export type ConversationList = { data: ChatConversationView[]; requests_count: number };

/**
 * The inbox (accepted conversations, and requests I sent) or the requests others sent me, newest
 * first, optionally filtered by the other person's name. Declined requests leave the decliner's lists.
 */
export async function listConversations(
  ctx: AppContext,
  actor: ChatActor,
  options: { folder: "inbox" | "requests"; q?: string },
): Promise<ConversationList> {
  const incoming = and(eq(chatConversations.status, "request"), ne(chatConversations.requestedBy, actor.id));
  const folder =
    options.folder === "requests" ? incoming : or(eq(chatConversations.status, "active"), eq(chatConversations.requestedBy, actor.id));
  const [data, [count]] = await Promise.all([
    selectConversationViews(ctx.db, actor.id, and(folder, options.q ? otherNameMatches(options.q) : undefined)),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(chatParticipants)
      .innerJoin(chatConversations, eq(chatConversations.id, chatParticipants.conversationId))
      .where(and(eq(chatParticipants.userId, actor.id), incoming)),
  ]);
  return { data, requests_count: Number(count?.n ?? 0) };
}

export async function getConversation(ctx: AppContext, actor: ChatActor, conversationId: number): Promise<ChatConversationView> {
  const [view] = await selectConversationViews(ctx.db, actor.id, eq(chatConversations.id, conversationId), { limit: 1 });
  if (!view) throw conversationNotFound();
  return view;
}

const pairOf = (a: number, b: number) => (a < b ? { userLowId: a, userHighId: b } : { userLowId: b, userHighId: a });

/** The conversation between the actor and another user, or null when they have never talked. */
export async function findConversationWith(ctx: AppContext, actor: ChatActor, otherUserId: number): Promise<ChatConversationView | null> {
  if (otherUserId === actor.id) return null;
  const [view] = await selectConversationViews(ctx.db, actor.id, eq(chatParticipants.otherUserId, otherUserId), { limit: 1 });
  return view ?? null;
}

/** Who someone is, for the header of a conversation that does not exist yet ("Contactar"). */
export async function findChatPerson(ctx: AppContext, userId: number): Promise<ChatPersonView | null> {
  const [row] = await ctx.db
    .select({
      id: users.id,
      email: users.email,
      nombre: users.nombre,
      apellidos: users.apellidos,
      avatar: users.avatar,
      updatedAt: users.updatedAt,
      registerType: users.registerType,
      empresaNombre: empresas.nombre,
      verified: verifiedProfessionalSql(users.id),
    })
    .from(users)
    .leftJoin(empresas, eq(empresas.id, users.empresaId))
    .where(eq(users.id, userId));
  return row ? toPersonView(row) : null;
}

/**
 * How a conversation comes about. `introduced`: the recipient asked to hear from the actor (a
 * candidate who applied to the actor's company, checked by the calling area): no request step,
 * and their "verified professionals only" filter, which screens strangers, does not apply.
 * Blocks, suspensions and rate limits apply as to any message (decision 0107).
 */
export type StartOptions = { introduced?: boolean };

/**
 * Writes to someone. With no conversation yet, it starts one as a request that the recipient
 * accepts or declines (an active one when introduced); with one, the message goes to it.
 * Idempotent by client_id like every send.
 */
export async function startConversation(
  ctx: AppContext,
  actor: ChatActor,
  input: unknown,
  options: StartOptions = {},
): Promise<SendResult & { conversation: ChatConversationView }> {
  const parsed = startConversationSchema.safeParse(input);
  if (!parsed.success) throw validationError(fieldErrorsOf(parsed.error));
  const data: StartConversationInput = parsed.data;
  if (data.user_id === actor.id) throw validationError({ user_id: ["No puedes escribirte a ti mismo."] });
  const existing = await findByClientId(ctx.db, actor.id, data.client_id);
  if (existing) {
    return { message: toMessageView(existing), duplicate: true, conversation: await getConversation(ctx, actor, existing.conversationId) };
  }
  const [recipient] = await ctx.db
    .select({ id: users.id, verifiedOnly: chatUserState.verifiedRequestsOnly })
    .from(users)
    .leftJoin(chatUserState, eq(chatUserState.userId, users.id))
    .where(eq(users.id, data.user_id));
  if (!recipient) throw new AppError("NOT_FOUND", "No hemos encontrado a esa persona.");
  if (recipient.verifiedOnly && !options.introduced) await refuseUnverifiedRequest(ctx, actor, recipient.id);
  await enforceRateLimit(ctx.db, "chatSend", String(actor.id));
  const pair = pairOf(actor.id, recipient.id);
  const result = await ctx.db.transaction(async (tx) => {
    let created = false;
    let [conversation] = await tx
      .select()
      .from(chatConversations)
      .where(and(eq(chatConversations.userLowId, pair.userLowId), eq(chatConversations.userHighId, pair.userHighId)));
    if (!conversation) {
      // Requests are limited separately: many first messages to strangers is how spam looks.
      await enforceRateLimit(tx, "chatRequest", String(actor.id));
      [conversation] = await tx
        .insert(chatConversations)
        .values({ ...pair, status: options.introduced ? "active" : "request", requestedBy: actor.id })
        .onConflictDoNothing()
        .returning();
      if (conversation) {
        created = true;
        await tx.insert(chatParticipants).values([
          { conversationId: conversation.id, userId: actor.id, otherUserId: recipient.id },
          { conversationId: conversation.id, userId: recipient.id, otherUserId: actor.id },
        ]);
        await tx
          .insert(chatUserState)
          .values([{ userId: actor.id }, { userId: recipient.id }])
          .onConflictDoNothing();
      }
    }
    if (!conversation) throw new AppError("CONFLICT", "La conversación se está creando. Inténtalo de nuevo.");
    const participation = await participationOf(tx, actor, conversation.id, { lock: true });
    if (options.introduced) await acceptOwnPendingRequest(ctx, tx, actor, participation);
    const sent = await insertMessage(ctx, tx, participation, actor, data);
    if (created && !options.introduced) await notifyRequest(ctx, tx, actor, recipient.id, conversation.id, sent.message.id);
    return { ...sent, created };
  });
  // A chat started from a representative's profile, product or promotion counts in their figures (issue 32).
  if (result.created && data.origen === "visita") {
    await ctx.chatHooks
      .onStartedFromVisita(ctx, { recipientId: recipient.id, productId: data.producto_id ?? null, promotionId: data.promocion_id ?? null })
      .catch((error: unknown) => ctx.logger.warn({ err: error }, "visita chat figure not counted"));
  }
  const { created: _created, ...sent } = result;
  return { ...sent, conversation: await getConversation(ctx, actor, result.message.conversation_id) };
}

/**
 * A request the actor sent earlier, still pending, becomes a conversation once the recipient has
 * introduced themselves (applied); one they declined stays declined.
 */
async function acceptOwnPendingRequest(ctx: AppContext, tx: Db, actor: ChatActor, participation: Participation) {
  const { conversation, otherUserId } = participation;
  if (conversation.status !== "request" || conversation.requestedBy !== actor.id) return;
  await tx.update(chatConversations).set({ status: "active" }).where(eq(chatConversations.id, conversation.id));
  participation.conversation = { ...conversation, status: "active" };
  await appendEvents(
    ctx,
    tx,
    [actor.id, otherUserId].map((userId) => ({
      userId,
      kind: "conversation" as const,
      conversationId: conversation.id,
      data: { status: "active" },
    })),
  );
}

/** The conversation the actor has with each of these people, by their id (those they never talked to are absent). */
export async function conversationIdsWith(ctx: AppContext, actor: ChatActor, otherUserIds: number[]): Promise<Map<number, number>> {
  if (!otherUserIds.length) return new Map();
  const rows = await ctx.db
    .select({ otherUserId: chatParticipants.otherUserId, conversationId: chatParticipants.conversationId })
    .from(chatParticipants)
    .where(and(eq(chatParticipants.userId, actor.id), inArray(chatParticipants.otherUserId, otherUserIds)));
  return new Map(rows.map((row) => [row.otherUserId, row.conversationId]));
}

/**
 * The recipient accepts message requests only from verified professionals (issue 30): a new
 * conversation from anyone else is refused; an existing one goes on.
 */
async function refuseUnverifiedRequest(ctx: AppContext, actor: ChatActor, recipientId: number) {
  const pair = pairOf(actor.id, recipientId);
  const [row] = await ctx.db
    .select({
      existing: sql<boolean>`exists (select 1 from ${chatConversations} where ${chatConversations.userLowId} = ${pair.userLowId} and ${chatConversations.userHighId} = ${pair.userHighId})`,
      verified: verifiedProfessionalSql(sql`${actor.id}`),
    })
    .from(sql`(select 1) as one`);
  if (!row?.existing && !row?.verified)
    throw new AppError("FORBIDDEN", "Esta persona solo acepta solicitudes de mensajes de profesionales sanitarios verificados.", {
      reason: "VERIFIED_REQUESTS_ONLY",
    });
}

/** The recipient accepts a request: it moves to both inboxes as a normal conversation. */
export async function acceptRequest(ctx: AppContext, actor: ChatActor, conversationId: number): Promise<ChatConversationView> {
  await setStatus(ctx, actor, conversationId, "active");
  return getConversation(ctx, actor, conversationId);
}

/** The recipient declines a request: it leaves their lists; the sender is not told. */
export async function declineRequest(ctx: AppContext, actor: ChatActor, conversationId: number): Promise<void> {
  await setStatus(ctx, actor, conversationId, "declined");
}

async function setStatus(ctx: AppContext, actor: ChatActor, conversationId: number, status: "active" | "declined") {
  await ctx.db.transaction(async (tx) => {
    const { conversation, otherUserId } = await participationOf(tx, actor, conversationId, { lock: true });
    if (conversation.status !== "request" || conversation.requestedBy === actor.id) {
      throw new AppError("CONFLICT", "Esta conversación no es una solicitud pendiente.");
    }
    await tx.update(chatConversations).set({ status }).where(eq(chatConversations.id, conversationId));
    if (status === "declined") {
      await tx
        .update(chatParticipants)
        .set({ unreadCount: 0, firstUnreadAt: null })
        .where(and(eq(chatParticipants.conversationId, conversationId), eq(chatParticipants.userId, actor.id)));
    }
    // Declining is private: only the decliner's own devices hear of it.
    const userIds = status === "active" ? [actor.id, otherUserId] : [actor.id];
    await appendEvents(
      ctx,
      tx,
      userIds.map((userId) => ({ userId, kind: "conversation" as const, conversationId, data: { status } })),
      { unreadTotalFor: [actor.id] },
    );
  });
}

/** Mutes or unmutes a conversation for the actor: no e-mails, and it leaves the header count. */
export async function setMuted(ctx: AppContext, actor: ChatActor, conversationId: number, muted: boolean): Promise<ChatConversationView> {
  await ctx.db.transaction(async (tx) => {
    await participationOf(tx, actor, conversationId, { lock: true });
    await tx
      .update(chatParticipants)
      .set({ mutedAt: muted ? new Date() : null })
      .where(and(eq(chatParticipants.conversationId, conversationId), eq(chatParticipants.userId, actor.id)));
    await appendEvents(ctx, tx, [{ userId: actor.id, kind: "conversation", conversationId, data: { muted } }], {
      unreadTotalFor: [actor.id],
    });
  });
  return getConversation(ctx, actor, conversationId);
}

/**
 * The recipient of a new request hears of it in the bell; not when they have blocked the sender
 * (the message is withheld and blocking is silent).
 */
async function notifyRequest(ctx: AppContext, tx: Db, actor: ChatActor, recipientId: number, conversationId: number, messageId: number) {
  const [message] = await tx.select({ withheld: chatMessages.withheld }).from(chatMessages).where(eq(chatMessages.id, messageId));
  if (!message || message.withheld) return;
  const [sender] = await tx.select({ nombre: users.nombre, apellidos: users.apellidos }).from(users).where(eq(users.id, actor.id));
  const name = [sender?.nombre, sender?.apellidos].filter(Boolean).join(" ") || "Alguien";
  await notify(ctx, tx, {
    userId: recipientId,
    kind: "chat_request",
    text: `${name} quiere hablar contigo por el chat.`,
    link: pathTo("chat", { id: conversationId }),
  });
}
