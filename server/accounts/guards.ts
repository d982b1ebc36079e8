import type { Context } from "hono";
import { data } from "react-router";
import type { PageLoadContext } from "#server/context";
import type { Role } from "#server/db/schema";
import type { AppEnv } from "#server/env";
import { AppError } from "#server/platform/errors";
import { loginRedirectFor } from "#server/platform/page-redirect";
import { hasRole, type SessionUser } from "./session";

// API guards: throw 401/403 application errors.

export function requireUser(c: Context<AppEnv>): SessionUser {
  const user = c.get("user");
  if (!user) throw new AppError("UNAUTHENTICATED");
  return user;
}

export function requireRole(c: Context<AppEnv>, ...roles: Role[]): SessionUser {
  const user = requireUser(c);
  if (!hasRole(user, ...roles)) throw new AppError("FORBIDDEN");
  return user;
}

// Page guards: anonymous visitors go to login with the way back (product-spec §6); other roles
// get the 403 page. `from` is the loader's request or its normalised URL.

export function requirePageUser(context: PageLoadContext, from: Request | URL): SessionUser {
  if (context.user) return context.user;
  throw loginRedirectFor(from);
}

export function requirePageRole(context: PageLoadContext, from: Request | URL, ...roles: Role[]): SessionUser {
  const user = requirePageUser(context, from);
  if (!hasRole(user, ...roles)) throw data("No tienes permiso para ver esta página.", { status: 403 });
  return user;
}
