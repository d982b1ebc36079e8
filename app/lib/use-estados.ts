import { useEffect, useRef, useState } from "react";
import { api } from "#app/lib/api-client";
import type { Estado } from "#common/reference";

type Option = { value: string; label: string };

/**
 * The sub-divisions of a country as select options, fetched when the country changes: the one hook
 * of every form with a country and a province (accounts, alerts, offers). `initial` is the loader's
 * list for `initialPaisId`, remembered from the first render for when the user picks that country
 * again; while another country's list is on its way the options are empty, so no province of the
 * previous country can be picked.
 */
export function useEstados(paisId: string | null | undefined, initial: Option[] = [], initialPaisId?: string): Option[] {
  const [options, setOptions] = useState<Option[]>(initial);
  const initialRef = useRef({ paisId: initialPaisId, options: initial });
  useEffect(() => {
    if (!paisId) {
      setOptions([]);
      return;
    }
    if (paisId === initialRef.current.paisId) {
      setOptions(initialRef.current.options);
      return;
    }
    let cancelled = false;
    setOptions([]);
    api
      .get<Estado[]>(`/api/paises/${encodeURIComponent(paisId)}/estados`)
      .then((estados) => {
        if (!cancelled) setOptions(estados.map((e) => ({ value: String(e.id), label: e.nombre })));
      })
      .catch(() => {
        if (!cancelled) setOptions([]);
      });
    return () => {
      cancelled = true;
    };
  }, [paisId]);
  return options;
}
