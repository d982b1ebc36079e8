import { redirect } from "react-router";
import { BASENAME, linkTo } from "../../../common/route-names";
import type { SessionUser } from "../../../server/accounts/session";
import type { PageLoadContext } from "../../../server/context";
import type { Role } from "../../../server/db/schema";

/**
 * A redirect from a loader. React Router resolves a path location against the basename (a
 * "/app/…" location would become "/app/app/…"), so app paths are made basename-relative, paths
 * outside the app absolute on this origin, and absolute URLs are kept.
 */
export function pageRedirect(request: Request, target: string, status = 302): Response {
  if (target === BASENAME || target.startsWith(`${BASENAME}/`) || target.startsWith(`${BASENAME}?`)) {
    return redirect(target.slice(BASENAME.length) || "/", status);
  }
  if (target.startsWith("/") && !target.startsWith("//")) return redirect(new URL(target, request.url).toString(), status);
  return redirect(target, status);
}

/** Signed-in users only: others go to login with the way back (product-spec §6). */
export function requireSignedIn(context: PageLoadContext, request: Request): SessionUser {
  if (context.user) return context.user;
  const url = new URL(request.url);
  const back = url.pathname.replace(/\.data$/, "") + url.search;
  throw redirect(linkTo("login", {}, { redirect_url: back }));
}

/** A role is needed too: others see 403. */
export function requireSignedInRole(context: PageLoadContext, request: Request, ...roles: Role[]): SessionUser {
  const user = requireSignedIn(context, request);
  if (!roles.some((role) => user.roles.includes(role))) throw new Response("No tienes permiso para ver esta página.", { status: 403 });
  return user;
}
