import { useEffect, useRef } from "react";
import type { FormFailure, FormValues } from "#server/platform/page-form";

export type { FormFailure, FormValues } from "#server/platform/page-form";

/** The action's FormFailure (decision 0060), or null for a success or no submit yet. */
export function formFailure<V = FormValues>(result: unknown, intent?: string): FormFailure<V> | null {
  if (typeof result !== "object" || result === null) return null;
  const candidate = result as Partial<FormFailure<V>>;
  if (candidate.ok !== false || typeof candidate.message !== "string" || typeof candidate.errors !== "object") return null;
  if (intent !== undefined && candidate.intent !== intent) return null;
  return candidate as FormFailure<V>;
}

/**
 * Focuses the first field, in page order, that has an error. A field is found by its name (not a
 * hidden input), by `#campo-<name>` (a custom control's focus target) or by the element a
 * `<name>-label` labels (Mantine's Select and radio groups). Returns whether one was focused.
 */
export function focusFirstInvalid(form: HTMLFormElement | null, errors: Record<string, string[]> | undefined): boolean {
  const names = Object.keys(errors ?? {}).filter((name) => errors?.[name]?.length);
  if (!form || names.length === 0) return false;
  const selector = names
    .map((name) => {
      // Names such as "preguntas.0.texto": escaped, the dots are not class selectors.
      const escaped = CSS.escape(name);
      return `[name="${name}"]:not([type="hidden"]), #campo-${escaped}, [aria-labelledby="${escaped}-label"]`;
    })
    .join(", ");
  const first = form.querySelector<HTMLElement>(selector);
  first?.focus();
  return Boolean(first);
}

/**
 * What a page form needs from its action's failure: the message, each field's first error, what was
 * typed, and a ref for the <Form> so that after a failed submit the first invalid field gets the
 * focus. Without JavaScript the same failure renders on the server (errors and values), so the form
 * works before hydration; the focus follows once it hydrates.
 */
export function useFormFailure<V = FormValues>(result: unknown, intent?: string) {
  const formRef = useRef<HTMLFormElement>(null);
  const failure = formFailure<V>(result, intent);
  useEffect(() => {
    if (failure) focusFirstInvalid(formRef.current, failure.errors);
  }, [failure]);
  return {
    formRef,
    failure,
    message: failure?.message,
    errors: failure?.errors,
    error: (field: string): string | undefined => failure?.errors[field]?.[0],
    value: (field: string, fallback = ""): string => (failure?.values as FormValues | undefined)?.[field] ?? fallback,
  };
}
