import type { Context } from "hono";
import { data } from "react-router";
import { type BackofficeTask, canDo } from "#common/admin/tasks";
import type { SessionUser } from "#server/accounts";
import { requirePageUser, requireUser } from "#server/accounts";
import type { PageLoadContext } from "#server/context";
import type { AppEnv } from "#server/env";
import { AppError } from "#server/platform/errors";

export type { BackofficeTask } from "#common/admin/tasks";

/** Service-side check: 401 without a session, 403 without the task's role. */
export function assertCan(user: SessionUser | null, task: BackofficeTask): SessionUser {
  if (!user) throw new AppError("UNAUTHENTICATED");
  if (!canDo(user, task)) throw new AppError("FORBIDDEN");
  return user;
}

/** API guard for /api/admin routes. */
export function requireTask(c: Context<AppEnv>, task: BackofficeTask): SessionUser {
  return assertCan(requireUser(c), task);
}

/**
 * Page guard for /app/admin pages: anonymous visitors go to login with the way back, signed-in
 * users without the role get the 403 page. Every admin page's loader and action calls it: React
 * Router runs a page's loader in parallel with its layout's, so the layout's check alone is not enough.
 */
export function requireTaskPage(context: PageLoadContext, from: Request | URL, task: BackofficeTask): SessionUser {
  const user = requirePageUser(context, from);
  if (!canDo(user, task)) throw data("No tienes permiso para ver esta página.", { status: 403 });
  return user;
}
