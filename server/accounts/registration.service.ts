import { eq } from "drizzle-orm";
import { ACCOUNT_MESSAGES, type RegisterInput, type RegisterTypeName } from "#common/accounts";
import { DEFAULT_COUNTRY_ID } from "#common/constants";
import { isId } from "#common/ids";
import type { AppContext } from "#server/context";
import type { Db } from "#server/db/client";
import { userRoles, users } from "#server/db/schema";
import { AppError } from "#server/platform/errors";
import { enforceRateLimit, hitRateLimit } from "#server/platform/rate-limit";
import { findPaisById } from "#server/reference";
import { consumeAuthToken, issueAuthToken, revokeAuthTokens } from "./auth-tokens";
import { alreadyRegisteredEmail, verificationEmail, verificationUrl, welcomeEmail } from "./emails";
import { refuseWeakPassword } from "./password-strength";
import { hashPassword } from "./passwords";
import { ROLES_BY_REGISTER_TYPE } from "./roles";

export const knownPaisId = (value: unknown): number => {
  const id = Number(value);
  return Number.isSafeInteger(id) && findPaisById(id) ? id : DEFAULT_COUNTRY_ID;
};

/** Kicks the mail worker after a commit, so a message does not wait for the next poll. */
export function deliverSoon(ctx: Pick<AppContext, "mailer" | "logger">) {
  void ctx.mailer
    .deliverDue()
    .catch((error) => ctx.logger.warn({ err: error instanceof Error ? error.message : String(error) }, "mail delivery pass failed"));
}

async function queueVerification(
  ctx: Pick<AppContext, "config" | "mailer">,
  tx: Db,
  user: { id: number; email: string },
  registerType: string,
  redirectUrl: string | null | undefined,
) {
  await revokeAuthTokens(tx, user.id, "verify_email");
  const { secret } = await issueAuthToken(tx, {
    userId: user.id,
    purpose: "verify_email",
    data: { register_type: registerType, redirect_url: redirectUrl ?? null },
  });
  await ctx.mailer.enqueue(verificationEmail(ctx.config, user.email, verificationUrl(ctx.config, secret, registerType, redirectUrl)), tx);
}

/**
 * Registration (spec §4: no session until the address is confirmed). The answer never depends on
 * whether the address exists: a new address gets the verification link; an existing, unconfirmed
 * one gets a fresh link; a confirmed one gets a notice. The password is hashed in every case.
 */
export async function register(ctx: AppContext, input: RegisterInput, ip: string): Promise<void> {
  await enforceRateLimit(ctx.db, "register", ip);
  await refuseWeakPassword(input.password, [input.email, ctx.config.brandName]);
  const passwordHash = await hashPassword(input.password);
  const registerType = input.register_type as RegisterTypeName;
  const wantsPublicidad = input.publicidad === true || input.publicidad === 1 || input.publicidad === "1" || input.publicidad === "true";
  await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        email: input.email,
        passwordHash,
        registerType,
        paisId: knownPaisId(input.pais_id),
        publicidad: wantsPublicidad,
      })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id, email: users.email });
    if (created) {
      await ctx.accountHooks.onRegistered(tx, created.id, { publicidad: wantsPublicidad, source: "registro" });
      // Consent to "publicidad" at registration includes the weekly news newsletter (all areas).
      if (wantsPublicidad) await ctx.accountHooks.onAdvertisingConsent(ctx, tx, created.id);
      const roles = ROLES_BY_REGISTER_TYPE[registerType];
      if (roles.length) await tx.insert(userRoles).values(roles.map((role) => ({ userId: created.id, role })));
      await queueVerification(ctx, tx, created, registerType, input.redirect_url);
      return;
    }
    const [existing] = await tx.select().from(users).where(eq(users.email, input.email));
    if (!existing) return;
    // At most a few of these per address and hour, silently: a 429 here would reveal the account.
    const { allowed } = await hitRateLimit(tx, "verificationResend", `notice:${existing.id}`);
    if (!allowed) return;
    if (existing.emailVerifiedAt) await ctx.mailer.enqueue(alreadyRegisteredEmail(ctx.config, existing.email), tx);
    else await queueVerification(ctx, tx, existing, existing.registerType, input.redirect_url);
  });
  deliverSoon(ctx);
}

/** Opening the verification link: confirms the address (once) and says which step comes next. */
export async function verifyEmail(ctx: AppContext, token: string) {
  const result = await ctx.db.transaction(async (tx) => {
    const consumed = await consumeAuthToken(tx, "verify_email", token);
    if (consumed.status !== "ok") return consumed;
    const [user] = await tx.select().from(users).where(eq(users.id, consumed.token.userId));
    if (!user) return { status: "invalid" as const };
    if (!user.emailVerifiedAt) {
      await tx.update(users).set({ emailVerifiedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, user.id));
      await ctx.mailer.enqueue(welcomeEmail(ctx.config, user.email, user.nombre), tx);
    }
    const data = consumed.token.data as { register_type?: string; redirect_url?: string | null };
    // The step follows the account's type; the link's copy only matters if they ever differ.
    return { status: "ok" as const, user, registerType: user.registerType as RegisterTypeName, redirectUrl: data.redirect_url };
  });
  if (result.status === "expired") throw new AppError("GONE", ACCOUNT_MESSAGES.verificationExpired, { reason: "TOKEN_EXPIRED" });
  if (result.status !== "ok") throw new AppError("NOT_FOUND", ACCOUNT_MESSAGES.verificationInvalid, { reason: "TOKEN_INVALID" });
  deliverSoon(ctx);
  return result;
}

/** Sends the link again; answers the same for unknown, confirmed and unconfirmed ids. */
export async function resendVerification(ctx: AppContext, userId: number, ip: string) {
  await enforceRateLimit(ctx.db, "verificationResend", `ip:${ip}`);
  // An id no integer column holds (a hand-made form) is no account: the same one answer, not a 500.
  if (!isId(userId)) return;
  const { allowed } = await hitRateLimit(ctx.db, "verificationResend", `user:${userId}`);
  if (!allowed) return;
  await ctx.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    if (!user || user.emailVerifiedAt) return;
    await queueVerification(ctx, tx, user, user.registerType, null);
  });
  deliverSoon(ctx);
}
