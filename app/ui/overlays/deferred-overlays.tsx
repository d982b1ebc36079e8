import { lazy, Suspense, useEffect, useState } from "react";
import { whenIdle } from "#app/lib/when-idle";
import { onModalRequested, startQueueingModalEvents } from "./modal-event-queue";

const loadOverlays = () => import("./overlays");
const Overlays = lazy(loadOverlays);

startQueueingModalEvents();

/**
 * Dialogs and notifications are not part of any page's first JavaScript (issue 10: ≤ 150 KB gzip;
 * decision 0041), nor of the tasks that hydrate it (decision 0053): their module is fetched when the
 * browser is idle, and they mount the first time a dialog or a notification is asked for. Nothing
 * is lost meanwhile: dialog requests are queued (modal-event-queue.ts), and notifications wait in
 * Mantine's store, to show as soon as the module has arrived.
 */
export function DeferredOverlays() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    let stopNotifications = () => {};
    let live = true;
    const stopModals = onModalRequested(want);
    const cancelPreload = whenIdle(() => {
      loadOverlays().then(
        (module) => {
          if (live) stopNotifications = module.onNotification(want);
        },
        () => {}, // a network blip: the first dialog tries again
      );
    });
    return () => {
      live = false;
      stopModals();
      stopNotifications();
      cancelPreload();
    };
  }, [wanted]);
  return wanted ? (
    <Suspense fallback={null}>
      <Overlays />
    </Suspense>
  ) : null;
}
