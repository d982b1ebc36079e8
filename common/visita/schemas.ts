import { optionalText } from "#common/validation";
import { z } from "#common/zod";
import { ATC_GROUPS, CATALOGUE_LIMITS, PHARMACEUTICAL_FORMS } from "./vocabulary";

/**
 * Visita payloads shared by the pages and the API (snake_case, like the specification's).
 */

/** Query-string flags: "si" or "no"; empty means "any". */
const yesNo = (message: string) =>
  z.preprocess((value) => (value === "" || value === null ? undefined : value), z.enum(["si", "no"], { error: message }).optional());

const emptyToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);

export const productSearchSchema = z.object({
  /** Name, active ingredient, laboratory, CN or the box's EAN-13; misspellings are tolerated. */
  q: optionalText(CATALOGUE_LIMITS.qMax),
  /** Laboratory slug. */
  laboratorio: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .max(160)
      .regex(/^[a-z0-9-]+$/, { error: "El laboratorio no es válido." })
      .optional(),
  ),
  forma: z.preprocess(emptyToUndefined, z.enum(PHARMACEUTICAL_FORMS, { error: "La forma farmacéutica no es válida." }).optional()),
  /** ATC anatomical main group (one letter). */
  atc: z.preprocess(
    (value) => (typeof value === "string" && value ? value.toUpperCase() : undefined),
    z.enum(Object.keys(ATC_GROUPS) as [string, ...string[]], { error: "El grupo ATC no es válido." }).optional(),
  ),
  receta: yesNo("El filtro de receta debe ser «si» o «no»."),
  generico: yesNo("El filtro de genérico debe ser «si» o «no»."),
  comercializado: yesNo("El filtro de comercialización debe ser «si» o «no»."),
  cursor: z.preprocess(emptyToUndefined, z.string().max(600).optional()),
  limit: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: "El límite debe estar entre 1 y 50." })
      .int({ error: "El límite debe estar entre 1 y 50." })
      .min(1, { error: "El límite debe estar entre 1 y 50." })
      .max(CATALOGUE_LIMITS.searchLimitMax, { error: "El límite debe estar entre 1 y 50." })
      .default(CATALOGUE_LIMITS.searchLimitDefault),
  ),
});
export type ProductSearchParams = z.output<typeof productSearchSchema>;

/** The filters a search page keeps in its address. */
export const PRODUCT_FILTER_KEYS = ["q", "laboratorio", "forma", "atc", "receta", "generico", "comercializado"] as const;

const zonaIds = z
  .array(
    z.coerce.number({ error: "Provincia no válida." }).int({ error: "Provincia no válida." }).positive({ error: "Provincia no válida." }),
    {
      error: "Elige al menos una provincia.",
    },
  )
  .min(1, { error: "Elige al menos una provincia." })
  .max(CATALOGUE_LIMITS.zonasMax, { error: `Como máximo ${CATALOGUE_LIMITS.zonasMax} provincias.` });

/** Adding a catalogue product to one's portfolio, or changing the entry. */
export const portfolioEntrySchema = z.object({
  zonas: zonaIds,
  nota: z
    .string()
    .trim()
    .max(CATALOGUE_LIMITS.noteMax, { error: `La nota no puede superar ${CATALOGUE_LIMITS.noteMax} caracteres.` })
    .optional()
    .default(""),
});
export type PortfolioEntryInput = z.output<typeof portfolioEntrySchema>;

export const portfolioCreateSchema = portfolioEntrySchema.extend({
  producto_id: z.coerce
    .number({ error: "Producto no válido." })
    .int({ error: "Producto no válido." })
    .positive({ error: "Producto no válido." }),
});
