import { useEffect, useRef } from "react";
import type { FormFailure } from "#server/platform/page-form";

export type { FormFailure } from "#server/platform/page-form";

/** The failure branch of an action's result type (FormFailure with the page's values), or FormFailure. */
export type FailureOf<R> = unknown extends R ? FormFailure : Extract<NonNullable<R>, { ok: false }>;

/** The action's FormFailure (decision 0060), or null for a success or no submit yet. */
export function formFailure<R>(result: R, intent?: string): FailureOf<R> | null {
  if (typeof result !== "object" || result === null) return null;
  const candidate = result as Partial<FormFailure>;
  if (candidate.ok !== false || typeof candidate.message !== "string" || typeof candidate.errors !== "object") return null;
  if (intent !== undefined && candidate.intent !== intent) return null;
  return candidate as FailureOf<R>;
}

/**
 * Focuses the first field, in page order, that has an error. A field is found by its name (not a
 * hidden input), by `#campo-<name>` (a custom control's focus target) or by the element a
 * `<name>-label` labels (Mantine's Select and radio groups); a field outside the form but tied to
 * it by `form="<id>"` (a table row's form) counts too. Returns whether one was focused.
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
  const inside = form.querySelector<HTMLElement>(selector);
  const tiedTo = (id: string) => names.map((name) => `[form="${CSS.escape(id)}"][name="${name}"]:not([type="hidden"])`).join(", ");
  const tied = form.id ? form.ownerDocument.querySelector<HTMLElement>(tiedTo(form.id)) : null;
  // Whichever comes first in the page.
  const first =
    inside && tied ? (inside.compareDocumentPosition(tied) & Node.DOCUMENT_POSITION_FOLLOWING ? inside : tied) : (inside ?? tied);
  first?.focus();
  return Boolean(first);
}

/**
 * What a page form needs from its action's failure: the message, each field's first error, what was
 * typed, and a ref for the <Form> so that after a failed submit the first invalid field gets the
 * focus. Without JavaScript the same failure renders on the server (errors and values), so the form
 * works before hydration; the focus follows once it hydrates.
 */
export function useFormFailure<R>(result: R, intent?: string) {
  const formRef = useRef<HTMLFormElement>(null);
  const failure = formFailure(result, intent);
  useEffect(() => {
    if (failure) focusFirstInvalid(formRef.current, (failure as FormFailure).errors);
  }, [failure]);
  return {
    formRef,
    failure,
    message: (failure as FormFailure | null)?.message,
    errors: (failure as FormFailure | null)?.errors,
    error: (field: string): string | undefined => (failure as FormFailure | null)?.errors[field]?.[0],
    value: (field: string, fallback = ""): string => {
      const typed = (failure as FormFailure | null)?.values[field];
      return typeof typed === "string" ? typed : fallback;
    },
  };
}

/**
 * What a component that renders a page's form receives when the page reads the failure with
 * useFormFailure() and passes it down (the component's props name this type: decision 0132).
 */
export type FormFailureView<F = unknown> = Pick<ReturnType<typeof useFormFailure>, "formRef" | "message" | "errors" | "error" | "value"> & {
  /** The failure itself, for a component that reads the page's own typed values. */
  failure: F | null;
};
