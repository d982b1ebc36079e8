import { type SQL, sql } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { AppError } from "./errors";

/** Named limits per action: how many attempts in how many seconds. */
export const RATE_LIMITS = {
  loginPerEmailIp: { limit: 5, windowSeconds: 15 * 60 },
  /** Attempts from browsers without this account's device cookie: strangers share this one. */
  loginPerAccount: { limit: 20, windowSeconds: 60 * 60 },
  /** Attempts from a browser that signed in to the account before (device cookie). */
  loginPerDevice: { limit: 10, windowSeconds: 15 * 60 },
  /** Re-entering the password while signed in (change password, delete account). */
  passwordConfirm: { limit: 10, windowSeconds: 15 * 60 },
  register: { limit: 10, windowSeconds: 60 * 60 },
  passwordReset: { limit: 5, windowSeconds: 60 * 60 },
  verificationResend: { limit: 5, windowSeconds: 60 * 60 },
  checkEmail: { limit: 30, windowSeconds: 60 },
  feedback: { limit: 10, windowSeconds: 60 * 60 },
  upload: { limit: 30, windowSeconds: 60 * 60 },
  pageview: { limit: 600, windowSeconds: 60 * 60 },
  /** Visita figures' beacons per signed-in user or, anonymous, per IP address; excess beacons are dropped silently. */
  visitaBeacon: { limit: 300, windowSeconds: 60 * 60 },
  /** Job offer views' beacons, counted the same way (decision 0111); excess beacons are dropped silently. */
  offerViewBeacon: { limit: 300, windowSeconds: 60 * 60 },
  chatSend: { limit: 60, windowSeconds: 60 },
  chatRequest: { limit: 20, windowSeconds: 60 * 60 },
  chatReport: { limit: 20, windowSeconds: 60 * 60 },
  linkPreview: { limit: 60, windowSeconds: 60 },
  /** Visit verifications: e-mails a representative sends (requests and resends) per day. */
  /** Verified-professional requests (issue 30): each carries an uploaded proof. */
  professionalVerificationRequest: { limit: 10, windowSeconds: 24 * 60 * 60 },
  visitVerificationSend: { limit: 30, windowSeconds: 24 * 60 * 60 },
  /** The public verification page (views and answers) per IP address. */
  visitVerificationPublic: { limit: 60, windowSeconds: 60 * 60 },
} as const;

export type RateLimitName = keyof typeof RATE_LIMITS;

/**
 * The upsert that counts one attempt against a fixed window, returning `count` and `reset_at`:
 * atomic in the database so every instance shares the counter. Callers may fold it into a
 * statement of their own (a WITH clause) to save a round trip.
 */
export function rateLimitUpsert(name: RateLimitName, subject: string): SQL {
  const { windowSeconds } = RATE_LIMITS[name];
  const key = `${name}:${subject}`.slice(0, 200);
  return sql`
    INSERT INTO rate_limits (key, count, reset_at)
    VALUES (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
      reset_at = CASE WHEN rate_limits.reset_at <= now() THEN now() + make_interval(secs => ${windowSeconds}) ELSE rate_limits.reset_at END
    RETURNING count, reset_at`;
}

/** Whether the counted attempt (`count`, `reset_at` of rateLimitUpsert) is allowed, and the seconds until the window resets. */
export function rateLimitVerdict(
  name: RateLimitName,
  count: number,
  resetAt: string | Date | undefined,
): { allowed: boolean; retryAfter: number } {
  const retryAfter = Math.max(1, Math.ceil((new Date(resetAt ?? Date.now()).getTime() - Date.now()) / 1000));
  return { allowed: count <= RATE_LIMITS[name].limit, retryAfter };
}

/** Counts one attempt; returns whether it is allowed and, if not, the seconds until the window resets. */
export async function hitRateLimit(db: Db, name: RateLimitName, subject: string): Promise<{ allowed: boolean; retryAfter: number }> {
  const result = (await db.execute(rateLimitUpsert(name, subject))) as unknown as {
    rows: Array<{ count: number; reset_at: string | Date }>;
  };
  const row = result.rows[0];
  return rateLimitVerdict(name, Number(row?.count ?? 1), row?.reset_at);
}

/** The 429 of a spent limit, with a Spanish message. */
export function throttledError(retryAfter: number): AppError {
  const minutes = Math.ceil(retryAfter / 60);
  return new AppError("THROTTLED", `Demasiados intentos. Vuelve a intentarlo en ${minutes} ${minutes === 1 ? "minuto" : "minutos"}.`, {
    retryAfter,
  });
}

/** Throws 429 with a Spanish message once the limit is exceeded. */
export async function enforceRateLimit(db: Db, name: RateLimitName, subject: string): Promise<void> {
  const { allowed, retryAfter } = await hitRateLimit(db, name, subject);
  if (!allowed) throw throttledError(retryAfter);
}

/** Clears every counter of a limit whose subject starts with a prefix (e.g. all addresses of an e-mail). */
export async function resetRateLimitsStartingWith(db: Db, name: RateLimitName, subjectPrefix: string): Promise<void> {
  const prefix = `${name}:${subjectPrefix}`.replace(/[\\%_]/g, (ch) => `\\${ch}`);
  await db.execute(sql`DELETE FROM rate_limits WHERE key LIKE ${`${prefix}%`}`);
}

/** Clears a counter (e.g. after a successful login). */
export async function resetRateLimit(db: Db, name: RateLimitName, subject: string): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limits WHERE key = ${`${name}:${subject}`.slice(0, 200)}`);
}
