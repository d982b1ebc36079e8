import { and, desc, eq, ilike, lt, or, type SQL } from "drizzle-orm";
import { type FeedbackData, feedbackInputSchema, VALORACION_LABELS } from "#common/feedback/schema";
import { FEEDBACK_STATUSES, type FeedbackStatus } from "#common/news/vocabulary";
import { fieldErrorsOf } from "#common/validation";
import type { SessionUser } from "#server/accounts";
import { assertCan } from "#server/accounts";
import type { AppContext } from "#server/context";
import { firstOrThrow } from "#server/db/first-or-throw";
import { feedback } from "#server/db/schema";
import { recordAudit } from "#server/platform/audit";
import { AppError, validationError } from "#server/platform/errors";
import { renderEmail } from "#server/platform/mail/layout";
import { enforceRateLimit } from "#server/platform/rate-limit";

export type FeedbackRow = typeof feedback.$inferSelect;

/**
 * Stores one "Danos tu opinión" message and forwards it to FEEDBACK_EMAIL in the same
 * transaction. The sender is the signed-in user when there is one (a client cannot claim to be
 * someone else through id_user_feedback). A filled honeypot gets the same answer and stores nothing.
 */
export async function submitFeedback(
  ctx: Pick<AppContext, "db" | "mailer" | "config">,
  actor: SessionUser | null,
  raw: unknown,
  meta: { ip: string },
): Promise<{ id: number | null }> {
  const parsed = feedbackInputSchema.safeParse(raw);
  if (!parsed.success) throw validationError(fieldErrorsOf(parsed.error), "Revisa los campos marcados.");
  await enforceRateLimit(ctx.db, "feedback", meta.ip);
  const input: FeedbackData = parsed.data;
  if (input.web) return { id: null };
  return ctx.db.transaction(async (tx) => {
    const row = firstOrThrow(
      await tx
        .insert(feedback)
        .values({
          valoracion: input.valoracion,
          asunto: input.asunto,
          contenido: input.contenido,
          pagina: input.pagina,
          userId: actor?.id ?? null,
          nombre: input.nombre,
          email: input.email,
        })
        .returning(),
      "feedback insert",
    );
    if (ctx.config.feedbackEmail)
      await ctx.mailer.enqueue({ to: ctx.config.feedbackEmail, kind: "feedback", ...feedbackEmail(ctx.config, row) }, tx);
    return { id: row.id };
  });
}

function feedbackEmail(config: AppContext["config"], row: FeedbackRow) {
  return renderEmail({
    brand: config.brandName,
    appUrl: config.appUrl,
    title: `Nueva opinión: ${row.asunto}`,
    paragraphs: [
      `Valoración: ${row.valoracion} de 5 (${VALORACION_LABELS[row.valoracion] ?? ""}).`,
      `De: ${row.nombre} <${row.email}>${row.userId ? ` (usuario ${row.userId})` : ""}.`,
      `Página: ${row.pagina}`,
      row.contenido,
    ],
    action: { label: "Abrir la bandeja de opiniones", url: `${config.appUrl}/app/admin/opiniones?estado=nuevo` },
  });
}

export type FeedbackQuery = { status?: FeedbackStatus; q?: string; before?: number; limit?: number };

/** The inbox (admins): newest first, by state and text, keyset-paginated by id. */
export async function listFeedback(ctx: Pick<AppContext, "db">, actor: SessionUser | null, query: FeedbackQuery = {}) {
  assertCan(actor, "administration");
  const limit = Math.min(Math.max(query.limit ?? 25, 1), 100);
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(feedback.status, query.status));
  if (query.before) conditions.push(lt(feedback.id, query.before));
  const q = query.q?.trim();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const match = or(
      ilike(feedback.asunto, like),
      ilike(feedback.contenido, like),
      ilike(feedback.email, like),
      ilike(feedback.nombre, like),
    );
    if (match) conditions.push(match);
  }
  const rows = await ctx.db
    .select()
    .from(feedback)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(feedback.id))
    .limit(limit + 1);
  const items = rows.slice(0, limit);
  return { items, nextBefore: rows.length > limit ? (items.at(-1)?.id ?? null) : null };
}

/** Moves a message through nuevo → leído → resuelto (or back), audited. */
export async function setFeedbackStatus(
  ctx: Pick<AppContext, "db">,
  actor: SessionUser | null,
  id: number,
  status: string,
): Promise<FeedbackRow> {
  const admin = assertCan(actor, "administration");
  if (!(FEEDBACK_STATUSES as readonly string[]).includes(status)) {
    throw validationError({ status: ["El estado debe ser nuevo, leido o resuelto."] });
  }
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(feedback).where(eq(feedback.id, id)).for("update");
    if (!before) throw new AppError("NOT_FOUND", "Opinión no encontrada.");
    if (before.status === status) return before;
    const [after] = await tx
      .update(feedback)
      .set({ status: status as FeedbackStatus, updatedAt: new Date() })
      .where(eq(feedback.id, id))
      .returning();
    if (!after) throw new AppError("NOT_FOUND", "Opinión no encontrada.");
    await recordAudit(tx, {
      actor: admin,
      action: "feedback.status",
      subjectType: "feedback",
      subjectId: id,
      before: { status: before.status },
      after: { status: after.status },
    });
    return after;
  });
}
