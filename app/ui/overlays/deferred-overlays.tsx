import { lazy, Suspense, useEffect, useState } from "react";
import { startQueueingModalEvents } from "./modal-event-queue";

const Overlays = lazy(() => import("./overlays"));

startQueueingModalEvents();

/**
 * Dialogs and notifications load right after hydration instead of with every page's first
 * JavaScript (issue 10: ≤ 150 KB gzip; decision 0041). Nothing is lost meanwhile: notifications
 * live in Mantine's store and dialog requests are queued (modal-event-queue.ts).
 */
export function DeferredOverlays() {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return ready ? (
    <Suspense fallback={null}>
      <Overlays />
    </Suspense>
  ) : null;
}
