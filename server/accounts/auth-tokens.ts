import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { firstOrThrow } from "#server/db/first-or-throw";
import { authTokens } from "#server/db/schema";
import { hashToken, randomToken } from "#server/platform/tokens";

/**
 * Single-use, expiring tokens (e-mail verification, password reset and its grant, cookie login).
 * The secret leaves the server once (in an e-mail or a response); only its SHA-256 is stored.
 */
export type TokenPurpose = (typeof authTokens.$inferSelect)["purpose"];

export const TOKEN_TTL_MS = {
  verify_email: 48 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
  reset_grant: 15 * 60 * 1000,
  login_cookie: 2 * 60 * 1000,
} as const satisfies Record<TokenPurpose, number>;

export async function issueAuthToken(
  db: Db,
  input: { userId: number; purpose: TokenPurpose; data?: Record<string, unknown>; secret?: string },
): Promise<{ id: number; secret: string }> {
  const secret = input.secret ?? randomToken(32);
  const row = firstOrThrow(
    await db
      .insert(authTokens)
      .values({
        userId: input.userId,
        purpose: input.purpose,
        tokenHash: hashToken(secret),
        data: input.data ? JSON.stringify(input.data) : null,
        expiresAt: new Date(Date.now() + TOKEN_TTL_MS[input.purpose]),
      })
      .returning({ id: authTokens.id }),
    "auth token insert",
  );
  return { id: row.id, secret };
}

export type ConsumedToken = { id: number; userId: number; data: Record<string, unknown> };
export type ConsumeResult = { status: "ok"; token: ConsumedToken } | { status: "expired" | "invalid" };

/**
 * Uses a token once: the UPDATE … WHERE used_at IS NULL is atomic, so two concurrent uses of the
 * same secret cannot both succeed. Unknown and already-used tokens answer alike ("invalid").
 */
export async function consumeAuthToken(db: Db, purpose: TokenPurpose, secret: string | undefined, id?: number): Promise<ConsumeResult> {
  if (!secret || secret.length > 200) return { status: "invalid" };
  const tokenHash = hashToken(secret);
  const [used] = await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(authTokens.tokenHash, tokenHash),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        sql`${authTokens.expiresAt} > now()`,
        id === undefined ? undefined : eq(authTokens.id, id),
      ),
    )
    .returning({ id: authTokens.id, userId: authTokens.userId, data: authTokens.data });
  if (used) return { status: "ok", token: { id: used.id, userId: used.userId, data: parseData(used.data) } };
  const [existing] = await db
    .select({ usedAt: authTokens.usedAt, expiresAt: authTokens.expiresAt })
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.purpose, purpose)));
  if (existing && !existing.usedAt && existing.expiresAt.getTime() <= Date.now()) return { status: "expired" };
  return { status: "invalid" };
}

/**
 * What using a token would find, without using it: opening an e-mail link's page (GET) only reads,
 * because mail scanners open links before people do; the page's form spends it.
 */
export async function peekAuthToken(db: Db, purpose: TokenPurpose, secret: string | undefined): Promise<ConsumeResult["status"]> {
  if (!secret || secret.length > 200) return "invalid";
  const [row] = await db
    .select({ usedAt: authTokens.usedAt, expiresAt: authTokens.expiresAt })
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, hashToken(secret)), eq(authTokens.purpose, purpose)));
  if (!row || row.usedAt) return "invalid";
  return row.expiresAt.getTime() <= Date.now() ? "expired" : "ok";
}

/** Invalidates the outstanding tokens of a purpose (e.g. older reset links once one is used). */
export async function revokeAuthTokens(db: Db, userId: number, purpose: TokenPurpose): Promise<void> {
  await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)));
}

function parseData(data: string | null): Record<string, unknown> {
  if (!data) return {};
  try {
    return JSON.parse(data) as Record<string, unknown>;
  } catch {
    return {};
  }
}
