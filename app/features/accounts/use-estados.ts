import { useEffect, useRef, useState } from "react";
import { api } from "#app/lib/api-client";
import type { Estado } from "#common/reference";
import type { Option } from "./register-form";

/** The sub-divisions of a country as select options, fetched when the country changes. */
export function useEstados(paisId: string | null | undefined, initial: Option[] = [], initialPaisId?: string): Option[] {
  const [options, setOptions] = useState<Option[]>(initial);
  // The loader's list for the initial country, kept for when the user picks that country again.
  const initialRef = useRef(initial);
  useEffect(() => {
    if (!paisId) {
      setOptions([]);
      return;
    }
    if (paisId === initialPaisId) {
      setOptions(initialRef.current);
      return;
    }
    let cancelled = false;
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
  }, [paisId, initialPaisId]);
  return options;
}
