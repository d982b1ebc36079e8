import { and, eq, ne, or, sql } from "drizzle-orm";
import type { AppContext } from "#server/context";
import { chatConversations, chatParticipants, chatUserState } from "#server/db/schema";
import { selectHistory } from "./messages.service";
import { type ChatActor, conversationNotFound, takesPart } from "./policy";
import { selectConversationViews, selectListAndOpen } from "./queries";
import type { ChatSettings } from "./safety.service";
import type { ChatConversationView, ChatMessageView } from "./views";

export type ChatPageData = {
  lastSeq: number;
  settings: ChatSettings;
  list: { data: ChatConversationView[]; requests_count: number };
  conversation: ChatConversationView | null;
  history: { data: ChatMessageView[]; next_cursor: number | null } | null;
};

const HISTORY_PAGE = 30;

/**
 * Everything the chat page shows, in two round trips and three statements whatever the number of
 * conversations or messages (issue 33): first the user's chat state (the event sequence, the
 * settings, the requests count), then, side by side, the list with the open conversation and that
 * conversation's last messages. The sequence is read before the rest, as before: every event after
 * it is replayed to the page, so nothing falls between. Only participants read a conversation:
 * the list reads the user's own participations, the history carries `takesPart`; a conversation the
 * user is not in is the same 404 as one that does not exist.
 */
export async function chatPage(
  ctx: AppContext,
  actor: ChatActor,
  options: { folder: "inbox" | "requests"; conversationId: number | null },
): Promise<ChatPageData> {
  const incoming = and(eq(chatConversations.status, "request"), ne(chatConversations.requestedBy, actor.id));
  const state = await chatStateOf(ctx, actor, incoming);
  const folder =
    (options.folder === "requests" ? incoming : or(eq(chatConversations.status, "active"), eq(chatConversations.requestedBy, actor.id))) ??
    sql`true`;
  const id = options.conversationId;
  const [views, history] = await Promise.all([
    id
      ? selectListAndOpen(ctx.db, actor.id, folder, id)
      : selectConversationViews(ctx.db, actor.id, folder).then((list) => ({ list, open: null })),
    id ? selectHistory(ctx.db, actor, id, { limit: HISTORY_PAGE }, takesPart(actor, id)) : null,
  ]);
  if (id && !views.open) throw conversationNotFound();
  return { ...state, list: { data: views.list, requests_count: state.requestsCount }, conversation: views.open, history };
}

/** The user's event sequence, chat settings and incoming requests count: one row, one statement. */
async function chatStateOf(ctx: AppContext, actor: ChatActor, incoming: ReturnType<typeof and>) {
  const [row] = await ctx.db
    .select({
      lastSeq: sql<number | null>`(select ${chatUserState.lastSeq} from ${chatUserState} where ${chatUserState.userId} = ${actor.id})`,
      settings: sql<ChatSettings | null>`(select json_build_object('read_receipts', ${chatUserState.readReceipts}, 'unread_emails', ${chatUserState.unreadEmails}, 'verified_requests_only', ${chatUserState.verifiedRequestsOnly}) from ${chatUserState} where ${chatUserState.userId} = ${actor.id})`,
      requestsCount: sql<number>`(select count(*)::int from ${chatParticipants} inner join ${chatConversations} on ${chatConversations.id} = ${chatParticipants.conversationId} where ${chatParticipants.userId} = ${actor.id} and ${incoming})`,
    })
    .from(sql`(select 1) as one`);
  return {
    lastSeq: Number(row?.lastSeq ?? 0),
    settings: {
      read_receipts: row?.settings?.read_receipts ?? true,
      unread_emails: row?.settings?.unread_emails ?? true,
      verified_requests_only: row?.settings?.verified_requests_only ?? false,
    },
    requestsCount: Number(row?.requestsCount ?? 0),
  };
}
