import { crearCuentaStep, type GoogleRegisterInput } from "#common/accounts";
import type { AppContext } from "#server/context";
import { ANONYMOUS_BINDING } from "#server/platform/csrf";
import { AppError } from "#server/platform/errors";
import { isAcademiaConfigured, signedAcademiaUrl } from "./academia";
import { loadAuthUser } from "./auth-user";
import { csrfSetCookieLine } from "./csrf-cookie";
import { afterLogin } from "./destinations";
import { deviceCookieLine } from "./device-cookie";
import { signInWithGoogle } from "./google";
import { clearedSessionCookieLines, startPageLogin } from "./http";
import { authenticate, isTruthy } from "./login.service";
import { loginFailureEndsSession } from "./login-failure";
import { endLogin, type SessionUser } from "./session";

type PageCtx = Pick<AppContext, "db" | "config" | "secret" | "accountHooks">;

export type PageSignIn = {
  email: string;
  password: string;
  redirectUrl: string | null;
  /** redirect_academia as the form sent it ("1", "true"…: isTruthy). */
  redirectAcademia: string | null;
  /** The browser's current login, ended before the new one starts (no session fixation). */
  previous: SessionUser | null;
  /** The device cookie the browser sent (decision 0018: its own login throttle). */
  deviceCookie: string | undefined;
  clientIp: string;
  meta: { userAgent: string | null; ip: string | null };
};

/**
 * The sign-in page's form (a POST, decision 0095): the same checks, limits and destinations as
 * POST /api/login, answered as a redirect with the cookies of the new web session and the device
 * cookie. A refusal is thrown as the AppError the API would answer; the page shows it in the form.
 */
export async function signInFromPage(ctx: PageCtx, input: PageSignIn): Promise<{ location: string; setCookies: string[] }> {
  const user = await authenticate(ctx, input, input.clientIp, input.deviceCookie);
  const setCookies = [deviceCookieLine(ctx, user.email), ...(await startPageLogin(ctx, user.id, input.previous, input.meta))];
  if (isTruthy(input.redirectAcademia) && isAcademiaConfigured(ctx.config))
    return { location: signedAcademiaUrl(ctx.config, user), setCookies };
  const authUser = await loadAuthUser(ctx, user.id);
  return { location: afterLogin(ctx.config, authUser ?? { roles: {} }, input.redirectUrl), setCookies };
}

/**
 * "Continuar con Google" posted to the sign-in page's action (Google Identity Services' callback
 * hands the page an ID token): the same verification and accounts as POST /api/register/google,
 * answered as a redirect with the new web session's cookies. The destination is the API's: the
 * profile step until the profile is complete, then where the user belongs (or redirect_url).
 */
export async function signInWithGoogleFromPage(
  ctx: AppContext,
  input: GoogleRegisterInput & Pick<PageSignIn, "previous" | "meta">,
): Promise<{ location: string; setCookies: string[] }> {
  const { userId } = await signInWithGoogle(ctx, input);
  const setCookies = await startPageLogin(ctx, userId, input.previous, input.meta);
  const user = await loadAuthUser(ctx, userId);
  if (!user) throw new AppError("UNAUTHENTICATED");
  const location = user.profile_completed ? afterLogin(ctx.config, user, input.redirect_url) : crearCuentaStep(user.register_type);
  return { location, setCookies };
}

/**
 * What a refused sign-in does to the browser's current login (product-spec §4: a failed login
 * leaves the session not authenticated), as Set-Cookie lines for the refusal: the same rule as the
 * API (login-failure.ts).
 */
export async function refusedSignInCookies(
  ctx: Pick<AppContext, "db" | "config" | "secret">,
  previous: SessionUser | null,
  status: number,
  code: string | undefined,
) {
  if (!previous || !loginFailureEndsSession(status, code)) return [];
  await endLogin(ctx.db, previous);
  return [...clearedSessionCookieLines(ctx.config), csrfSetCookieLine(ctx, ANONYMOUS_BINDING)];
}

/**
 * The sign-out form (a POST; GET /app/auth/logout only asks): the same as POST /api/logout. Ends the
 * browser's login, if any, and returns the Set-Cookie lines that forget it and bind a new XSRF-TOKEN
 * to no session.
 */
export async function signOutFromPage(ctx: Pick<AppContext, "db" | "config" | "secret">, user: SessionUser | null): Promise<string[]> {
  if (user) await endLogin(ctx.db, user);
  return [...clearedSessionCookieLines(ctx.config), csrfSetCookieLine(ctx, ANONYMOUS_BINDING)];
}
