import { useEffect } from "react";
import { usePageviewTracking } from "#app/lib/analytics";
import { sessionStore, useSession } from "#app/lib/session-store";
import { useConsent } from "#app/ui/consent/consent";
import type { AuthUser } from "#common/accounts";

/**
 * Copies the server's view of the session into the browser store after hydration (and whenever
 * the root loader answers again), and sends page views when allowed.
 */
export function SessionSync({ authUser }: { authUser: AuthUser | null }) {
  useEffect(() => {
    sessionStore.syncFromServer(authUser);
  }, [authUser]);
  const { authUser: current } = useSession();
  const { consent } = useConsent();
  usePageviewTracking(current, Boolean(consent?.analytics));
  return null;
}
