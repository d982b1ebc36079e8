import type { NavigateFunction } from "react-router";
import { appPathRelative } from "#common/route-names";

/**
 * Goes to a server-given destination: an app path ("/app/…") through the router, anything else
 * (another basename, an external site such as the academy) with a full page load.
 */
export function goTo(navigate: NavigateFunction, target: string, options: { replace?: boolean } = {}) {
  const inApp = appRelative(target);
  if (inApp !== undefined) {
    navigate(inApp, options);
    return;
  }
  if (options.replace) window.location.replace(target);
  else window.location.assign(target);
}

/** The basename-relative path of an in-app target, or undefined when it leaves the app. */
export function appRelative(target: string): string | undefined {
  let path = target;
  if (/^https?:\/\//i.test(target)) {
    if (typeof window === "undefined") return undefined;
    const url = new URL(target);
    if (url.origin !== window.location.origin) return undefined;
    path = url.pathname + url.search + url.hash;
  }
  return appPathRelative(path) ?? undefined;
}
