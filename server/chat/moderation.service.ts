import { and, desc, eq, inArray, lte, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { ChatReportReason, ChatReportStatus } from "#common/chat/vocabulary";
import { pathTo } from "#common/route-names";
import { assertCan, blockAccountIn, type SessionUser } from "#server/accounts";
import type { AppContext } from "#server/context";
import { chatMessages, chatReports, chatUserState, users } from "#server/db/schema";
import { notify } from "#server/notifications";
import { recordAudit } from "#server/platform/audit";
import { AppError } from "#server/platform/errors";
import { deleteMessageIn } from "./messages.service";

const reporter = alias(users, "reporter");
const reported = alias(users, "reported");

export type ChatReportView = {
  id: number;
  status: ChatReportStatus;
  reason: ChatReportReason;
  details: string | null;
  created_at: string;
  conversation_id: number;
  reporter: { id: number; nombre: string };
  reported_user: { id: number; nombre: string; suspended: boolean };
  message: { id: number; body: string; created_at: string; deleted: boolean; attachment_name: string | null } | null;
  /** The last messages of the conversation, so the moderator judges in context (a file-only message by its file's name). */
  context: Array<{ id: number; sender_id: number; body: string; created_at: string; deleted: boolean; attachment_name: string | null }>;
  handled_at: string | null;
};

const fullName = (u: { nombre: string | null; apellidos: string | null; email: string }) =>
  [u.nombre, u.apellidos].filter(Boolean).join(" ") || u.email;

/** How many of a conversation's last messages the moderator sees around a report. */
export const CONTEXT_MESSAGES = 10;

/**
 * The last CONTEXT_MESSAGES visible messages of each conversation, oldest first, in one windowed
 * query whatever the number of conversations (the queue shows up to 100 reports).
 */
async function lastMessagesOf(ctx: AppContext, conversationIds: number[]): Promise<Map<number, ChatReportView["context"]>> {
  const contexts = new Map<number, ChatReportView["context"]>();
  if (conversationIds.length === 0) return contexts;
  const ranked = ctx.db
    .select({
      id: chatMessages.id,
      conversationId: chatMessages.conversationId,
      senderId: chatMessages.senderId,
      body: chatMessages.body,
      attachment: chatMessages.attachment,
      createdAt: chatMessages.createdAt,
      deletedAt: chatMessages.deletedAt,
      rank: sql<number>`row_number() over (partition by ${chatMessages.conversationId} order by ${chatMessages.id} desc)`.as("rank"),
    })
    .from(chatMessages)
    .where(and(inArray(chatMessages.conversationId, conversationIds), eq(chatMessages.withheld, false)))
    .as("ranked");
  const messages = await ctx.db.select().from(ranked).where(lte(ranked.rank, CONTEXT_MESSAGES)).orderBy(ranked.conversationId, ranked.id);
  for (const m of messages) {
    const list = contexts.get(m.conversationId) ?? [];
    list.push({
      id: m.id,
      sender_id: m.senderId,
      body: m.deletedAt ? "" : m.body,
      created_at: m.createdAt.toISOString(),
      deleted: m.deletedAt !== null,
      attachment_name: m.deletedAt ? null : (m.attachment?.name ?? null),
    });
    contexts.set(m.conversationId, list);
  }
  return contexts;
}

/** The moderation queue: pending reports first (oldest first), or the handled ones (newest first). */
export async function listReports(
  ctx: AppContext,
  actor: SessionUser,
  options: { status: "pendiente" | "resueltos" },
): Promise<ChatReportView[]> {
  assertCan(actor, "moderation");
  const pending = options.status === "pendiente";
  const rows = await ctx.db
    .select({
      report: chatReports,
      reporter: { id: reporter.id, nombre: reporter.nombre, apellidos: reporter.apellidos, email: reporter.email },
      reported: { id: reported.id, nombre: reported.nombre, apellidos: reported.apellidos, email: reported.email },
      suspended: sql<boolean>`exists (select 1 from ${chatUserState} where ${chatUserState.userId} = ${reported.id} and ${chatUserState.suspendedAt} is not null)`,
      message: chatMessages,
    })
    .from(chatReports)
    .innerJoin(reporter, eq(reporter.id, chatReports.reporterId))
    .innerJoin(reported, eq(reported.id, chatReports.reportedUserId))
    .leftJoin(chatMessages, eq(chatMessages.id, chatReports.messageId))
    .where(pending ? eq(chatReports.status, "pendiente") : sql`${chatReports.status} <> 'pendiente'`)
    .orderBy(pending ? chatReports.createdAt : desc(chatReports.handledAt))
    .limit(100);
  const contexts = await lastMessagesOf(ctx, [...new Set(rows.map((row) => row.report.conversationId))]);
  return rows.map(({ report, message, ...row }) => ({
    id: report.id,
    status: report.status,
    reason: report.reason,
    details: report.details,
    created_at: report.createdAt.toISOString(),
    conversation_id: report.conversationId,
    reporter: { id: row.reporter.id, nombre: fullName(row.reporter) },
    reported_user: { id: row.reported.id, nombre: fullName(row.reported), suspended: Boolean(row.suspended) },
    message: message
      ? {
          id: message.id,
          body: message.deletedAt ? "" : message.body,
          created_at: message.createdAt.toISOString(),
          deleted: message.deletedAt !== null,
          attachment_name: message.deletedAt ? null : (message.attachment?.name ?? null),
        }
      : null,
    context: contexts.get(report.conversationId) ?? [],
    handled_at: report.handledAt?.toISOString() ?? null,
  }));
}

export type ReportAction = "dismiss" | "delete_message" | "suspend_account" | "block_account";
const STATUS_OF: Record<ReportAction, ChatReportStatus> = {
  dismiss: "descartado",
  delete_message: "mensaje_eliminado",
  suspend_account: "cuenta_suspendida",
  block_account: "cuenta_bloqueada",
};

/**
 * A moderator handles a report: dismisses it, deletes the reported message for everyone, suspends
 * the reported account from the chat, or blocks the account from the whole site. The change and its audit entry commit together.
 */
export async function resolveReport(ctx: AppContext, actor: SessionUser, reportId: number, action: ReportAction): Promise<void> {
  assertCan(actor, "moderation");
  await ctx.db.transaction(async (tx) => {
    const [report] = await tx.select().from(chatReports).where(eq(chatReports.id, reportId)).for("update");
    if (!report) throw new AppError("NOT_FOUND", "Denuncia no encontrada.");
    if (report.status !== "pendiente") throw new AppError("CONFLICT", "Esta denuncia ya se ha resuelto.");
    if (action === "delete_message") {
      if (!report.messageId) throw new AppError("CONFLICT", "Esta denuncia es de una conversación, no de un mensaje.");
      await deleteMessageIn(ctx, tx, actor, report.messageId, { moderation: true });
    }
    if (action === "suspend_account") {
      await tx
        .insert(chatUserState)
        .values({ userId: report.reportedUserId, suspendedAt: new Date() })
        .onConflictDoUpdate({ target: chatUserState.userId, set: { suspendedAt: new Date() } });
    }
    // Blocking ends every session of the account (its WebSockets close too) and keeps it out of the
    // whole site, not only the chat; the back office's own blocking does it, with its audit entry.
    if (action === "block_account") await blockAccountIn(tx, actor, report.reportedUserId);
    const status = STATUS_OF[action];
    await tx.update(chatReports).set({ status, handledBy: actor.id, handledAt: new Date() }).where(eq(chatReports.id, reportId));
    // The reporter learns it was handled, not what happened to the other account.
    await notify(ctx, tx, {
      userId: report.reporterId,
      kind: "report_handled",
      text:
        action === "dismiss"
          ? "Hemos revisado tu denuncia y no hemos encontrado motivo para actuar. Gracias por avisarnos."
          : "Hemos revisado tu denuncia y hemos tomado medidas. Gracias por avisarnos.",
      link: pathTo("chat", { id: report.conversationId }),
    });
    await recordAudit(tx, {
      actor: { id: actor.id, email: actor.email },
      action: `chat_report.${action}`,
      subjectType: "chat_report",
      subjectId: reportId,
      before: { status: report.status },
      after: { status, reported_user_id: report.reportedUserId, message_id: report.messageId },
    });
  });
}
