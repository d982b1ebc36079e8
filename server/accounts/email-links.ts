import { ACCOUNT_MESSAGES, crearCuentaStep } from "#common/accounts";
import type { AppContext } from "#server/context";
import { AppError } from "#server/platform/errors";
import { peekAuthToken } from "./auth-tokens";
import { loadAuthUser } from "./auth-user";
import { afterLogin } from "./destinations";
import { startPageLogin } from "./http";
import { verifyEmail } from "./registration.service";
import type { SessionUser } from "./session";

/**
 * The pages the account e-mails link to (verification, password reset). Opening them (GET, and
 * their `.data`) only reads whether the link still works: mail scanners open every link before
 * people do. The token is spent by the page's form (a POST), like the visit-verification page.
 */

/** The Spanish reason an e-mailed link no longer works, or null while it does (spends nothing). */
export async function emailLinkProblem(ctx: Pick<AppContext, "db">, kind: "verify" | "reset", token: string): Promise<string | null> {
  const state = await peekAuthToken(ctx.db, kind === "verify" ? "verify_email" : "reset_password", token);
  if (state === "ok") return null;
  if (kind === "verify") return state === "expired" ? ACCOUNT_MESSAGES.verificationExpired : ACCOUNT_MESSAGES.verificationInvalid;
  return state === "expired" ? ACCOUNT_MESSAGES.resetExpired : ACCOUNT_MESSAGES.resetInvalid;
}

/**
 * The verification page's button: spends the token, confirms the address and signs this browser
 * in (product-spec §2), as GET /api/email/verify/{token} does for API clients. Answers the next
 * step (the profile step of the account's type, carrying redirect_url; or, once the profile is
 * complete, the destination after login) and the Set-Cookie lines of the new session.
 */
export async function verifyEmailFromPage(
  ctx: AppContext,
  input: {
    token: string;
    redirectUrl: string | null;
    previous: SessionUser | null;
    meta: { userAgent: string | null; ip: string | null };
  },
): Promise<{ redirect: string; setCookies: string[] }> {
  const verified = await verifyEmail(ctx, input.token);
  const setCookies = await startPageLogin(ctx, verified.user.id, input.previous, input.meta);
  const user = await loadAuthUser(ctx, verified.user.id);
  if (!user) throw new AppError("UNAUTHENTICATED");
  const redirectUrl = verified.redirectUrl || input.redirectUrl;
  if (user.profile_completed) return { redirect: afterLogin(ctx.config, user, redirectUrl), setCookies };
  const step = crearCuentaStep(verified.registerType);
  return { redirect: redirectUrl ? `${step}?redirect_url=${encodeURIComponent(redirectUrl)}` : step, setCookies };
}
