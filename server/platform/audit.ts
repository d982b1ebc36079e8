import { and, desc, eq, ilike, lt, or, type SQL } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { auditLog } from "#server/db/schema";

/** Who did it: a signed-in back-office user, or null for the command line. */
export type AuditActor = { id: number; email: string } | null;

export type AuditEntry = {
  actor: AuditActor;
  /** "<subject>.<verb>": news.publish, user.role_grant, feedback.status… */
  action: string;
  subjectType: string;
  subjectId: string | number | null;
  before?: unknown;
  after?: unknown;
};

/**
 * Writes one audit entry. Call it with the transaction of the change it describes, so the change
 * and its record commit (or roll back) together.
 */
export async function recordAudit(tx: Db, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actor?.id ?? null,
    actorEmail: entry.actor?.email ?? null,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId === null ? null : String(entry.subjectId),
    before: entry.before === undefined ? null : toJson(entry.before),
    after: entry.after === undefined ? null : toJson(entry.after),
  });
}

/** Dates and other non-JSON values become what JSON.stringify makes of them. */
function toJson(value: unknown): unknown {
  return value === null ? null : JSON.parse(JSON.stringify(value));
}

export type AuditQuery = {
  /** Matches the actor's e-mail, the action or the subject id. */
  q?: string;
  subjectType?: string;
  /** Entries older than this id (the previous page's last). */
  before?: number;
  limit?: number;
};

export type AuditRow = typeof auditLog.$inferSelect;

/** Newest first, keyset-paginated by id. */
export async function listAuditLog(db: Db, query: AuditQuery = {}): Promise<{ items: AuditRow[]; nextBefore: number | null }> {
  const limit = Math.min(Math.max(query.limit ?? 50, 1), 200);
  const conditions: SQL[] = [];
  if (query.subjectType) conditions.push(eq(auditLog.subjectType, query.subjectType));
  if (query.before) conditions.push(lt(auditLog.id, query.before));
  const q = query.q?.trim();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const match = or(ilike(auditLog.actorEmail, like), ilike(auditLog.action, like), eq(auditLog.subjectId, q));
    if (match) conditions.push(match);
  }
  const rows = await db
    .select()
    .from(auditLog)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(limit + 1);
  const items = rows.slice(0, limit);
  return { items, nextBefore: rows.length > limit ? (items.at(-1)?.id ?? null) : null };
}
