import { useEffect } from "react";
import { whenIdle } from "#app/lib/when-idle";

// The offer page's side of the per-offer figures (decision 0111, as visita's beacon, decision 0097):
// a view is counted by a beacon sent once the browser is idle after the page shows, so a cached page
// still counts and a crawler that runs no script does not. Nothing about the visitor is sent or stored.

/** Counts one view of the offer; the API client loads only then, off the page's first load. */
export function useCountOfferView(ofertaId: number): void {
  useEffect(
    () =>
      whenIdle(() => {
        import("#app/lib/api-client")
          .then(({ api }) => api.post(`/api/empleo/ofertas/${ofertaId}/vistas`, {}, { keepSessionOn401: true }))
          .catch(() => {}); // counting never disturbs the page
      }),
    [ofertaId],
  );
}
