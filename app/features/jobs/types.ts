/** Who is looking at a jobs page, as far as the page needs to know. */
export type Viewer = { signedIn: boolean; isCandidate: boolean; isCompany: boolean };

/** Per-field form errors: { field: ["mensaje", …] }. */
export type FormErrors = Record<string, string[]>;

/** The first error of a field, for a Mantine input's `error` prop. */
export function firstError(errors: FormErrors | undefined, field: string): string | undefined {
  return errors?.[field]?.[0];
}

/**
 * Mantine draws input descriptions in the "dimmed" grey, below WCAG AA contrast on white; ours use
 * gray.7 like the rest of the secondary text.
 */
export const readableDescription = { description: { color: "var(--mantine-color-gray-7)" } } as const;
