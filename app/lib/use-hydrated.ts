import { useEffect, useState } from "react";

/**
 * False in the server's HTML and until the page hydrates, then true: for what a form shows only
 * without JavaScript (a submit button that hydration makes unnecessary, a refusal said in place of
 * the dialog that cannot open yet).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
