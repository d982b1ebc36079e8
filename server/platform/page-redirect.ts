import { redirect } from "react-router";
import { appPathRelative, linkTo } from "#common/route-names";

/**
 * A redirect thrown or returned by a page loader or action. React Router resolves a path location
 * against the basename ("/app/x" would become "/app/app/x", decision 0003), so full app paths are
 * made basename-relative, other paths on this origin absolute (when the request is known), and
 * absolute URLs are kept. Use it for configured destinations; for a named route use linkTo().
 */
export function pageRedirect(target: string, status = 302, request?: Request): Response {
  const inApp = appPathRelative(target);
  if (inApp) return redirect(inApp, status);
  if (request && target.startsWith("/") && !target.startsWith("//")) return redirect(new URL(target, request.url).toString(), status);
  return redirect(target, status);
}

/**
 * The page path of a loader's request. Client-side navigations fetch "<path>.data" (the root
 * route "<basename>/_root.data"), so loaders must not read the raw pathname.
 */
export function pagePathOf(from: Request | URL): string {
  const url = from instanceof URL ? from : new URL(from.url);
  return (
    url.pathname
      .replace(/\.data$/, "")
      .replace(/\/_root$/, "")
      .replace(/\/+$/, "") || "/"
  );
}

/**
 * The page a visitor asked for, to come back to after logging in. A client-side navigation
 * requests "<path>.data"; the way back is the page itself.
 */
export function backPathOf(from: Request | URL): string {
  const url = from instanceof URL ? from : new URL(from.url);
  const path = pagePathOf(url);
  const search = new URLSearchParams(url.search);
  search.delete("_routes"); // React Router's own data-request parameter
  const query = search.toString();
  return path + (query ? `?${query}` : "");
}

/** To the login page, with the way back (product-spec §6). */
export function loginRedirectFor(from: Request | URL): Response {
  return redirect(linkTo("login", {}, { redirect_url: backPathOf(from) }));
}
