/** Who is looking at a jobs page, as far as the page needs to know. */
export type Viewer = { signedIn: boolean; isCandidate: boolean; isCompany: boolean };

/** Per-field form errors: { field: ["mensaje", …] }. */
export type FormErrors = Record<string, string[]>;

/** The first error of a field, for a Mantine input's `error` prop. */
export function firstError(errors: FormErrors | undefined, field: string): string | undefined {
  return errors?.[field]?.[0];
}
