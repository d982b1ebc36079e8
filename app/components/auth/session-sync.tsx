import { useEffect } from "react";
import type { AuthUser } from "../../../common/accounts";
import { usePageviewTracking } from "../../lib/analytics";
import { sessionStore, useSession } from "../../lib/session-store";
import { useConsent } from "../consent/consent";

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
