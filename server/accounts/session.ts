import { and, eq, gt, inArray, isNull, notInArray, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { ACCOUNT_MESSAGES } from "#common/accounts";
import { hasRole as holdsRole } from "#common/accounts/permissions";
import type { AppContext } from "#server/context";
import type { Db } from "#server/db/client";
import { firstOrThrow } from "#server/db/first-or-throw";
import { qualifiedColumn } from "#server/db/qualified-column";
import { type Role, sessions, userRoles, users } from "#server/db/schema";
import { AppError } from "#server/platform/errors";
import { hashToken, randomToken } from "#server/platform/tokens";
import type { SessionUser } from "./contract";

export { LOGGED_COOKIE } from "#common/constants";
export { SECURE_SESSION_COOKIE, SESSION_COOKIE, sessionCookieName } from "#server/platform/session-cookie";
export const WEB_SESSION_DAYS = 30;
export const API_TOKEN_DAYS = 365;
/** last_used_at is refreshed at most this often, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export type { SessionUser } from "./contract";

export type IssuedSession = { id: number; token: string; expiresAt: Date };

/**
 * Creates a session. Web sessions get an opaque random token (the cookie value); API tokens are
 * "id|secret" like Sanctum's personal access tokens. Either way only the hash is stored. A blocked
 * account gets none, whichever way it signs in (password, Google, login cookie).
 */
export async function createSession(
  db: Db,
  input: { userId: number; kind: "web" | "api"; userAgent?: string | null; ip?: string | null; parentId?: number | null },
): Promise<IssuedSession> {
  const [owner] = await db.select({ blockedAt: users.blockedAt }).from(users).where(eq(users.id, input.userId));
  if (owner?.blockedAt) throw new AppError("FORBIDDEN", ACCOUNT_MESSAGES.accountBlocked, { reason: "ACCOUNT_BLOCKED" });
  const secret = randomToken();
  const days = input.kind === "web" ? WEB_SESSION_DAYS : API_TOKEN_DAYS;
  const expiresAt = new Date(Date.now() + days * 86_400_000);
  const row = firstOrThrow(
    await db
      .insert(sessions)
      .values({
        userId: input.userId,
        kind: input.kind,
        parentId: input.parentId ?? null,
        tokenHash: hashToken(secret),
        userAgent: input.userAgent?.slice(0, 400) ?? null,
        ip: input.ip ?? null,
        expiresAt,
      })
      .returning({ id: sessions.id }),
    "session insert",
  );
  // A sign-in (a web session, or an API token of its own) is the account's last access, however
  // it signed in: password, Google, the e-mail verification page. A token issued with a web
  // session is part of that same sign-in.
  if (isSignIn(input)) await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, input.userId));
  const token = input.kind === "api" ? `${row.id}|${secret}` : secret;
  return { id: row.id, token, expiresAt };
}

/**
 * A sign-in: a web session, or an API token of its own (a token issued with a web session is part
 * of that same sign-in). What the account's last access, its open sessions and a block count.
 */
export const isSignIn = (session: { kind: "web" | "api"; parentId?: number | null }) => session.kind === "web" || !session.parentId;

/** The same rule in SQL: how many unexpired sign-ins the user in `userId` has (a select-list subquery). */
export const openSignInsOf = (userId: AnyPgColumn | SQL): SQL<number> =>
  sql<number>`(select count(*)::int from ${sessions} s where s.user_id = ${qualifiedColumn(userId)} and s.expires_at > now()
    and (s.kind = 'web' or s.parent_id is null))`;

/** The secret part of a presented token: a bearer token may be "id|secret" or just the secret. */
function secretOf(token: string): string {
  const bar = token.indexOf("|");
  return bar === -1 ? token : token.slice(bar + 1);
}

/** Resolves a cookie or bearer token to its user, or null when unknown or expired. */
export async function resolveSession(
  ctx: Pick<AppContext, "db">,
  token: string | undefined,
  kind: "web" | "api",
): Promise<SessionUser | null> {
  if (!token || token.length > 200) return null;
  const [row] = await ctx.db
    .select({
      sessionId: sessions.id,
      parentSessionId: sessions.parentId,
      lastUsedAt: sessions.lastUsedAt,
      id: users.id,
      email: users.email,
      registerType: users.registerType,
      roles: sql<Role[] | null>`(select array_agg(${userRoles.role}) from ${userRoles} where ${userRoles.userId} = ${users.id})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(secretOf(token))),
        eq(sessions.kind, kind),
        gt(sessions.expiresAt, new Date()),
        // Blocking deletes the sessions too; this covers a request already in flight.
        isNull(users.blockedAt),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (Date.now() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await ctx.db.update(sessions).set({ lastUsedAt: new Date() }).where(eq(sessions.id, row.sessionId));
  }
  return {
    id: row.id,
    email: row.email,
    registerType: row.registerType,
    roles: row.roles ?? [],
    sessionId: row.sessionId,
    sessionKind: kind,
    parentSessionId: row.parentSessionId,
  };
}

/** Ends every session of a user (password reset, account deletion), optionally keeping one. */
export async function deleteUserSessions(db: Db, userId: number, exceptSessionId?: number): Promise<void> {
  const condition = exceptSessionId
    ? and(eq(sessions.userId, userId), sql`${sessions.id} <> ${exceptSessionId}`)
    : eq(sessions.userId, userId);
  await db.delete(sessions).where(condition);
}

/** Ends one login: the session, the web session it was issued with, and tokens tied to either. */
export async function endLogin(db: Db, session: { sessionId: number; parentSessionId?: number | null }): Promise<void> {
  const ids = [session.sessionId, session.parentSessionId].filter((id): id is number => typeof id === "number");
  await db.delete(sessions).where(inArray(sessions.id, ids));
}

/**
 * Ends every other login of a user (password change): keeps the current session and the one it is
 * paired with; paired tokens of the others go with them (ON DELETE CASCADE).
 */
export async function endOtherLogins(
  db: Db,
  userId: number,
  current: { sessionId: number; parentSessionId?: number | null },
): Promise<void> {
  const keep = [current.sessionId, current.parentSessionId].filter((id): id is number => typeof id === "number");
  await db
    .delete(sessions)
    .where(
      and(eq(sessions.userId, userId), notInArray(sessions.id, keep), or(isNull(sessions.parentId), notInArray(sessions.parentId, keep))),
    );
}

/** The shared hasRole, typed with the server's role names so a misspelt role fails the type check. */
export const hasRole: (user: Pick<SessionUser, "roles"> | null | undefined, ...roles: Role[]) => boolean = holdsRole;
