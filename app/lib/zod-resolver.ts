import type { z } from "zod";

/**
 * The sign-in page's check before it posts to /api/login (the last form that does): the first message
 * of each field of a shared zod schema, keyed by its dotted path (the same keys as the API's 422).
 */
export function zodResolver<Schema extends z.ZodType>(schema: Schema) {
  return (values: unknown): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    return issuesToErrors(result.error.issues);
  };
}

export function issuesToErrors(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".") || "_";
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

/** The API's `{ field: [messages] }` as form errors (first message per field). */
export function apiFieldErrors(errors: Record<string, string[] | string>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(errors)) {
    const message = Array.isArray(value) ? value[0] : value;
    if (message) result[key] = message;
  }
  return result;
}
