import { z } from "#common/zod";
import { LEGAL_MESSAGES } from "./documents";

/** A new version of a legal text, as the back office publishes it. */
export const publishLegalSchema = z.object({
  body: z
    .string({ error: LEGAL_MESSAGES.bodyRequired })
    .trim()
    .min(200, { error: LEGAL_MESSAGES.bodyRequired })
    .max(100_000, { error: "El texto no puede superar los 100.000 caracteres." }),
  summary: z
    .string({ error: LEGAL_MESSAGES.summaryRequired })
    .trim()
    .min(3, { error: LEGAL_MESSAGES.summaryRequired })
    .max(300, { error: LEGAL_MESSAGES.summaryRequired }),
  /** A material change of the terms: every user accepts it again before going on. */
  material: z
    .union([z.boolean(), z.literal("1"), z.literal("on"), z.literal("")])
    .nullish()
    .transform((value) => value === true || value === "1" || value === "on"),
});
export type PublishLegalInput = z.input<typeof publishLegalSchema>;

/**
 * The registration's explicit acceptance (not pre-ticked): true, 1, "1", "true" or "on". Absent is
 * refused too (an optional schema would let a missing key through).
 */
export const acceptanceField = z
  .unknown()
  .refine((value) => value === true || value === 1 || value === "1" || value === "true" || value === "on", {
    error: LEGAL_MESSAGES.acceptRequired,
  });
