import type { Context } from "hono";
import { data } from "react-router";
import { type BackofficeTask, can, type Rule } from "#common/accounts/permissions";
import type { PageLoadContext } from "#server/context";
import type { AppEnv } from "#server/env";
import { AppError } from "#server/platform/errors";
import { loginRedirectFor } from "#server/platform/page-redirect";
import type { SessionUser } from "./session";

// The server's guards (decision 0061). Each takes one of three starting points:
//   (c)                 an API handler's Hono context: 401/403 as application errors (JSON);
//   (context, from)     a page's load context and its request or normalised URL: anonymous visitors
//                       go to login with the way back (product-spec §6), others get the 403 page;
//   (user)              a service's actor, possibly null: 401/403 as application errors.

/** What a guard may start from: a Hono context, a page's load context (with its request), or a user. */
type Start = Context<AppEnv> | PageLoadContext | SessionUser | null;

const PAGE_FORBIDDEN = "No tienes permiso para ver esta página.";

const isPageStart = (from: unknown): from is Request | URL => from instanceof Request || from instanceof URL;
const isHonoContext = (start: Start): start is Context<AppEnv> => Boolean(start && "req" in start && typeof start.get === "function");

function userOf(start: Start): SessionUser | null {
  if (!start) return null;
  if (isHonoContext(start)) return start.get("user");
  if ("app" in start && "requestId" in start) return (start as PageLoadContext).user;
  return start as SessionUser;
}

/** The signed-in user: 401 in the API and in services, the login page (with the way back) in pages. */
export function requireUser(c: Context<AppEnv>): SessionUser;
export function requireUser(context: PageLoadContext, from: Request | URL): SessionUser;
export function requireUser(start: Start, from?: Request | URL): SessionUser {
  const user = userOf(start);
  if (user) return user;
  if (isPageStart(from)) throw loginRedirectFor(from);
  throw new AppError("UNAUTHENTICATED");
}

type What = BackofficeTask | Rule<SessionUser>;

/**
 * The signed-in user if they may do a back-office task or what an area's rule allows: otherwise
 * 401 (the login page for pages), then 403 (the rule's refusal in the API, the 403 page for pages).
 */
export function assertCan(c: Context<AppEnv>, what: What): SessionUser;
export function assertCan(context: PageLoadContext, from: Request | URL, what: What): SessionUser;
export function assertCan(user: SessionUser | null, what: What): SessionUser;
export function assertCan(start: Start, second: Request | URL | What, third?: What): SessionUser {
  if (isPageStart(second)) {
    const user = requireUser(start as PageLoadContext, second);
    if (!can(user, third as What)) throw data(PAGE_FORBIDDEN, { status: 403 });
    return user;
  }
  const user = userOf(start);
  if (!user) throw new AppError("UNAUTHENTICATED");
  if (!can(user, second)) throw new AppError("FORBIDDEN", typeof second === "string" ? undefined : second.refusal);
  return user;
}
