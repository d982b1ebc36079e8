import { z } from "#common/zod";

// Zod speaks Spanish on both sides: every default message (required, too short, not an e-mail…).
z.config(z.locales.es());

/** Flattens a ZodError into { "field.path": ["mensaje", …] } for forms and JSON errors. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "_";
    result[key] = [...(result[key] ?? []), issue.message];
  }
  return result;
}

/** An optional query or form text: trimmed, at most `max` characters, and absent when empty (search filters of jobs and visita). */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Máximo ${max} caracteres.` })
    .optional()
    .transform((value) => (value ? value : undefined));
