import { eq } from "drizzle-orm";
import { ACCOUNT_MESSAGES } from "#common/accounts";
import type { AppContext } from "#server/context";
import { users } from "#server/db/schema";
import { AppError } from "#server/platform/errors";
import { enforceRateLimit, resetRateLimit } from "#server/platform/rate-limit";
import { trustedDevice } from "./device-cookie";
import { dummyPasswordHash, verifyPassword } from "./passwords";

/**
 * Checks e-mail and password. Unknown e-mail, Google-only account and wrong password give the same
 * 401 after the same argon2 work, so neither the answer nor its timing reveals an account. Only a
 * caller who proved the password learns that the address still needs confirming (403).
 */
export async function authenticate(
  ctx: Pick<AppContext, "db" | "secret">,
  input: { email: string; password: string },
  ip: string,
  deviceCookie?: string,
) {
  const email = input.email.trim().toLowerCase();
  const perEmailIp = `${email}|${ip}`;
  // A browser this account signed in from before is throttled on its own (device cookie);
  // everyone else shares the per-address and account-wide counters (decision 0018).
  const device = trustedDevice(ctx.secret, email, deviceCookie);
  if (device) {
    await enforceRateLimit(ctx.db, "loginPerDevice", device);
  } else {
    await enforceRateLimit(ctx.db, "loginPerEmailIp", perEmailIp);
    await enforceRateLimit(ctx.db, "loginPerAccount", email);
  }
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  const hash = user?.passwordHash ?? (await dummyPasswordHash());
  const ok = await verifyPassword(hash, input.password);
  if (!user?.passwordHash || !ok) {
    throw new AppError("UNAUTHENTICATED", ACCOUNT_MESSAGES.loginFailed, { reason: "INVALID_CREDENTIALS" });
  }
  // Only someone who proved the password learns that the account is blocked.
  if (user.blockedAt) throw new AppError("FORBIDDEN", ACCOUNT_MESSAGES.accountBlocked, { reason: "ACCOUNT_BLOCKED" });
  if (!user.emailVerifiedAt) {
    throw new AppError("FORBIDDEN", ACCOUNT_MESSAGES.emailNotVerified, { reason: "EMAIL_NOT_VERIFIED", details: { user_id: user.id } });
  }
  // Only the owner can succeed, so a success also forgets the strangers' failures.
  if (device) await resetRateLimit(ctx.db, "loginPerDevice", device);
  else await resetRateLimit(ctx.db, "loginPerEmailIp", perEmailIp);
  await resetRateLimit(ctx.db, "loginPerAccount", email);
  return user;
}

/** redirect_academia is "truthy" the way the previous clients sent it: true, 1, "1", "true", "yes"… */
export function isTruthy(value: unknown): boolean {
  if (typeof value === "boolean") return value;
  if (typeof value === "number") return value !== 0;
  if (typeof value === "string") return !["", "0", "false", "no", "null", "undefined"].includes(value.trim().toLowerCase());
  return false;
}
