import { useEffect } from "react";
import { api } from "#app/lib/api-client";
import { whenIdle } from "#app/lib/when-idle";
import type { BeaconInput } from "#common/visita/stats";

// The pages' side of the figures (issue 32, decision 0097): a view is counted by a beacon sent
// after the page shows, so a cached page still counts and a crawler that runs no script does not.

/** Sends one beacon; counting never disturbs the page, so failures are dropped. */
export function countEvent(input: BeaconInput): void {
  api.post("/api/visita/estadisticas/eventos", input, { keepSessionOn401: true }).catch(() => {});
}

/** Counts a view of this page once per object shown, once the browser is idle. */
export function useCountView(input: BeaconInput | null): void {
  const key = input ? JSON.stringify(input) : "";
  useEffect(() => {
    if (!key) return;
    return whenIdle(() => countEvent(JSON.parse(key) as BeaconInput));
  }, [key]);
}
