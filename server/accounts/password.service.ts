import { eq } from "drizzle-orm";
import { ACCOUNT_MESSAGES } from "#common/accounts";
import type { AppContext } from "#server/context";
import type { Db } from "#server/db/client";
import { users } from "#server/db/schema";
import { AppError, validationError } from "#server/platform/errors";
import { enforceRateLimit, resetRateLimit, resetRateLimitsStartingWith } from "#server/platform/rate-limit";
import { type ConsumeResult, consumeAuthToken, issueAuthToken, revokeAuthTokens } from "./auth-tokens";
import { passwordChangedEmail, resetPasswordEmail } from "./emails";
import { refuseWeakPassword } from "./password-strength";
import { hashPassword, verifyPassword } from "./passwords";
import { deliverSoon } from "./registration.service";
import { deleteUserSessions, endOtherLogins, type SessionUser } from "./session";

/** Always the same answer (spec §8); the e-mail goes out only when the address has an account. */
export async function sendPasswordReset(ctx: AppContext, email: string, ip: string): Promise<void> {
  await enforceRateLimit(ctx.db, "passwordReset", `ip:${ip}`);
  await enforceRateLimit(ctx.db, "passwordReset", `email:${email}`);
  await ctx.db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, email));
    if (!user) return;
    await revokeAuthTokens(tx, user.id, "reset_password");
    const { secret } = await issueAuthToken(tx, { userId: user.id, purpose: "reset_password" });
    await ctx.mailer.enqueue(resetPasswordEmail(ctx.config, user.email, secret), tx);
  });
  deliverSoon(ctx);
}

const resetInvalid = () => new AppError("NOT_FOUND", ACCOUNT_MESSAGES.resetInvalid, { reason: "TOKEN_INVALID" });

/**
 * Opening the reset link exchanges its token (once) for a 15-minute grant that PUT /api/user
 * accepts and nothing else does: it is not a session, so every other endpoint sees no user.
 */
export async function verifyPasswordReset(ctx: AppContext, token: string): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    const consumed = await consumeAuthToken(tx, "reset_password", token);
    if (consumed.status === "expired") throw new AppError("GONE", ACCOUNT_MESSAGES.resetExpired, { reason: "TOKEN_EXPIRED" });
    if (consumed.status !== "ok") throw resetInvalid();
    const grant = await issueAuthToken(tx, { userId: consumed.token.userId, purpose: "reset_grant" });
    return `${grant.id}|${grant.secret}`;
  });
}

/** Sets the new password with a reset grant (PUT /api/user); ends every session of the account. */
export async function resetPassword(ctx: AppContext, grant: string | undefined, password: string): Promise<void> {
  const bar = grant?.indexOf("|") ?? -1;
  const id = grant && bar > 0 ? Number(grant.slice(0, bar)) : Number.NaN;
  if (!grant || !Number.isSafeInteger(id)) throw resetInvalid();
  await setPasswordSpending(ctx, password, (tx) => consumeAuthToken(tx, "reset_grant", grant.slice(bar + 1), id));
}

/**
 * Sets the new password with the e-mail link's own token (the reset page's form): the link is
 * spent by this POST, never by opening the page, and only when the password is accepted.
 */
export async function resetPasswordWithLink(ctx: AppContext, token: string, password: string): Promise<void> {
  await setPasswordSpending(ctx, password, (tx) => consumeAuthToken(tx, "reset_password", token));
}

async function setPasswordSpending(ctx: AppContext, password: string, consume: (tx: Db) => Promise<ConsumeResult>): Promise<void> {
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    const consumed = await consume(tx);
    if (consumed.status === "expired") throw new AppError("GONE", ACCOUNT_MESSAGES.resetExpired, { reason: "TOKEN_EXPIRED" });
    if (consumed.status !== "ok") throw resetInvalid();
    const [user] = await tx
      .update(users)
      // Following the link proved the address, so an unconfirmed account becomes confirmed.
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(users.id, consumed.token.userId))
      .returning();
    if (!user) throw resetInvalid();
    // Refused inside the transaction, so the token is not spent and the person can try another.
    await refuseWeakPassword(password, [user.email, user.nombre, user.apellidos, ctx.config.brandName]);
    if (!user.emailVerifiedAt) await tx.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
    await revokeAuthTokens(tx, user.id, "reset_password");
    await deleteUserSessions(tx, user.id);
    // The owner proved the address: whatever strangers' failed attempts counted is forgotten.
    await resetRateLimit(tx, "loginPerAccount", user.email);
    await resetRateLimitsStartingWith(tx, "loginPerEmailIp", `${user.email}|`);
    await ctx.mailer.enqueue(passwordChangedEmail(ctx.config, user.email), tx);
  });
  deliverSoon(ctx);
}

/** From the user area: needs the current password; keeps this login, ends the others. */
export async function changePassword(ctx: AppContext, session: SessionUser, input: { current_password: string; password: string }) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, session.id));
  if (!user) throw new AppError("UNAUTHENTICATED", "Debes iniciar sesión para continuar.");
  await enforceRateLimit(ctx.db, "passwordConfirm", `user:${user.id}`);
  if (!(await verifyPassword(user.passwordHash, input.current_password))) {
    throw validationError({ current_password: ["La contraseña actual no es correcta"] });
  }
  await refuseWeakPassword(input.password, [user.email, user.nombre, user.apellidos, ctx.config.brandName]);
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await endOtherLogins(tx, user.id, session);
    await revokeAuthTokens(tx, user.id, "reset_password");
    await ctx.mailer.enqueue(passwordChangedEmail(ctx.config, user.email), tx);
  });
  deliverSoon(ctx);
}
