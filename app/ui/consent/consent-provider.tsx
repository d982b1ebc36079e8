import { type ReactNode, useCallback, useMemo, useState } from "react";
import { type Consent, ConsentContext, writeConsent } from "./consent";

/** Holds the cookie choices; starts from the value the root loader read, so SSR and hydration agree. */
export function ConsentProvider({ initial, children }: { initial: Consent | null; children: ReactNode }) {
  const [consent, setConsent] = useState<Consent | null>(initial);
  const save = useCallback((next: Consent) => {
    setConsent(writeConsent(next));
  }, []);
  const value = useMemo(() => ({ consent, save }), [consent, save]);
  return <ConsentContext.Provider value={value}>{children}</ConsentContext.Provider>;
}
