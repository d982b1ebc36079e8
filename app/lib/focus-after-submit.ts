import { useEffect, useRef } from "react";
import { useFetchers, useNavigation } from "react-router";

/** A control marked invalid (Mantine's inputs set aria-invalid; the plain layer's, data-invalid). */
const FIRST_INVALID = '[aria-invalid="true"]:not([type="hidden"]), input[data-invalid="true"]';

/**
 * Every page form, one rule (decision 0060): when a submission settles and the form that was sent is
 * still on the page with a field marked invalid, that field gets the focus — whether the page reads
 * its failure with useFormFailure() or renders the errors itself. Mounted once, by the page shell.
 */
export function useFocusFirstInvalidAfterSubmit() {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const sent = useRef<HTMLFormElement | null>(null);
  const busy = navigation.state !== "idle" || fetchers.some((fetcher) => fetcher.state !== "idle");

  useEffect(() => {
    const remember = (event: SubmitEvent) => {
      if (event.target instanceof HTMLFormElement && event.target.method.toLowerCase() === "post") sent.current = event.target;
    };
    document.addEventListener("submit", remember, true);
    return () => document.removeEventListener("submit", remember, true);
  }, []);

  useEffect(() => {
    if (busy || !sent.current) return;
    const form = sent.current;
    sent.current = null;
    // After React has rendered the action's answer.
    requestAnimationFrame(() => {
      if (!form.isConnected || (form.contains(document.activeElement) && document.activeElement?.matches(FIRST_INVALID))) return;
      form.querySelector<HTMLElement>(FIRST_INVALID)?.focus();
    });
  }, [busy]);
}
