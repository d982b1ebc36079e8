import { z } from "#common/zod";
import "#common/validation";

/** The largest logo file a company may upload (it is re-encoded to a small WebP anyway). */
export const COMPANY_LOGO_MAX_BYTES = 2 * 1024 * 1024;

/** The longest description a company may write for its public page (plain text). */
export const COMPANY_DESCRIPTION_MAX = 4000;

export const companyProfileSchema = z.object({
  descripcion: z
    .string({ error: "Escribe una descripción." })
    .trim()
    .max(COMPANY_DESCRIPTION_MAX, { error: `La descripción no puede superar ${COMPANY_DESCRIPTION_MAX} caracteres.` }),
});
export type CompanyProfileInput = z.output<typeof companyProfileSchema>;
