import { and, asc, eq, isNull } from "drizzle-orm";
import type { SessionInfo } from "#common/accounts";
import type { AppContext } from "#server/context";
import { sessions } from "#server/db/schema";
import { AppError } from "#server/platform/errors";
import type { SessionUser } from "./session";

// The signed-in devices listed in /app/cuenta/sesiones, and closing one of them.

/** One entry per login (an API token issued with a web session is part of it). */
export async function listSessions(ctx: AppContext, session: SessionUser): Promise<SessionInfo[]> {
  const rows = await ctx.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, session.id), isNull(sessions.parentId)))
    .orderBy(asc(sessions.createdAt), asc(sessions.id));
  const currentIds = [session.sessionId, session.parentSessionId];
  return rows
    .filter((row) => row.expiresAt.getTime() > Date.now())
    .map((row) => ({
      id: row.id,
      kind: row.kind,
      user_agent: row.userAgent,
      ip: row.ip,
      created_at: row.createdAt.toISOString(),
      last_used_at: row.lastUsedAt.toISOString(),
      current: currentIds.includes(row.id),
    }));
}

export async function revokeSession(ctx: AppContext, userId: number, sessionId: number) {
  const deleted = Number.isSafeInteger(sessionId)
    ? await ctx.db
        .delete(sessions)
        .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
        .returning({ id: sessions.id })
    : [];
  if (deleted.length === 0) throw new AppError("NOT_FOUND", "Sesión no encontrada.");
}
