import { useEffect } from "react";
import { useLocation } from "react-router";
import type { AuthUser } from "#common/accounts";
import { BASENAME } from "#common/route-names";
import { api } from "./api-client";

/** The role sent with page views: the first granted role, else the account type. */
export function analyticsRole(user: Pick<AuthUser, "roles" | "register_type"> | null): string | null {
  if (!user) return null;
  const granted = Object.entries(user.roles).find(([, value]) => (value as unknown) === 1 || (value as unknown) === true);
  return granted?.[0] ?? user.register_type ?? null;
}

/** Whether a page view may be sent: only for signed-in visitors who accepted analytics cookies. */
export function shouldTrack(input: { analyticsConsent: boolean; isLogued: boolean }): boolean {
  return input.analyticsConsent && input.isLogued;
}

export function sendPageview(path: string, role: string | null) {
  // Analytics must never disturb the page: failures are dropped.
  api.post("/api/analytics/pageview", { path, role }, { keepSessionOn401: true }).catch(() => {});
}

/**
 * On each navigation while logged in, the role and the page view go to analytics (product-spec §2),
 * once the visitor has accepted analytics cookies.
 */
export function usePageviewTracking(user: AuthUser | null, analyticsConsent: boolean) {
  const location = useLocation();
  const path = `${BASENAME}${location.pathname === "/" ? "" : location.pathname}`;
  const role = analyticsRole(user);
  const isLogued = Boolean(user);
  useEffect(() => {
    if (!shouldTrack({ analyticsConsent, isLogued })) return;
    sendPageview(path, role);
  }, [path, role, isLogued, analyticsConsent]);
}
