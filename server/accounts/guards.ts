import type { Context, MiddlewareHandler } from "hono";
import { redirect } from "react-router";
import { pathTo } from "../../common/route-names";
import type { PageLoadContext } from "../context";
import type { Role } from "../db/schema";
import type { AppEnv } from "../env";
import { AppError } from "../lib/errors";
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

// Page guards: throw redirects, to the login page with the way back (product-spec §6).

export function requirePageUser(context: PageLoadContext, request: Request): SessionUser {
  if (context.user) return context.user;
  const url = new URL(request.url);
  throw redirect(pathTo("login", {}, { redirect_url: url.pathname + url.search }));
}

export function requirePageRole(context: PageLoadContext, request: Request, ...roles: Role[]): SessionUser {
  const user = requirePageUser(context, request);
  if (!hasRole(user, ...roles)) throw new Response("No tienes permiso para ver esta página.", { status: 403 });
  return user;
}

/** Route middleware: 401 before the body is even validated (a stranger learns nothing about it). */
export const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireUser(c);
  await next();
};
