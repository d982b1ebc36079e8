import { eq, sql } from "drizzle-orm";
import { pathTo } from "#common/route-names";
import { ATC_GROUPS, FORM_LABELS, isPrescriptionOnly, PRESCRIPTION_LABELS, type RegisterStatus } from "#common/visita/vocabulary";
import { atcCodes, laboratories, portfolioEntries, products } from "#server/db/schema";
import type { ProductSummary } from "./api-schemas";
import { canSeeDetail } from "./policy";
import type { CatalogueViewer } from "./viewer";

/** The columns of a product summary: one row per product, ingredients aggregated in the same query. */
export const summaryColumns = {
  id: products.id,
  name: products.name,
  slug: products.slug,
  labId: laboratories.id,
  labName: laboratories.name,
  labSlug: laboratories.slug,
  form: products.form,
  atcCode: products.atcCode,
  atcName: atcCodes.name,
  prescription: products.prescription,
  generic: products.generic,
  biosimilar: products.biosimilar,
  orphan: products.orphan,
  blackTriangle: products.blackTriangle,
  marketed: products.marketed,
  supplyProblem: products.supplyProblem,
  registerStatus: products.registerStatus,
  formLabel: products.formLabel,
  imageKey: products.imageKey,
  version: products.version,
  ingredients: sql<Array<{ nombre: string; dosis: string; unidad: string }> | null>`(
    SELECT json_agg(json_build_object('nombre', ai.name, 'dosis', pi.strength, 'unidad', pi.unit) ORDER BY pi.position)
    FROM product_ingredients pi JOIN active_ingredients ai ON ai.id = pi.ingredient_id
    WHERE pi.product_id = ${products.id})`,
};

export type SummaryRow = {
  id: number;
  name: string;
  slug: string;
  labId: number;
  labName: string;
  labSlug: string;
  form: keyof typeof FORM_LABELS;
  atcCode: string | null;
  atcName: string | null;
  prescription: keyof typeof PRESCRIPTION_LABELS;
  generic: boolean;
  biosimilar: boolean;
  orphan: boolean;
  blackTriangle: boolean;
  marketed: boolean;
  supplyProblem: boolean;
  /** From the register (issue 29); absent in rows some older queries build. */
  registerStatus?: RegisterStatus;
  formLabel?: string | null;
  imageKey: string | null;
  version: number;
  ingredients: Array<{ nombre: string; dosis: string; unidad: string }> | null | string;
};

/** The register writes forms in capitals ("COMPRIMIDO RECUBIERTO CON PELÍCULA"). */
const sentenceCase = (text: string) => text.charAt(0).toUpperCase() + text.slice(1).toLowerCase();

export const productUrl = (slug: string, id: number) => pathTo("producto", { product: slug, id });
export const productImageUrl = (id: number, version: number) => `/api/visita/productos/${id}/imagen?v=${version}`;

function parseIngredients(value: SummaryRow["ingredients"]) {
  if (!value) return [];
  return typeof value === "string" ? (JSON.parse(value) as Array<{ nombre: string; dosis: string; unidad: string }>) : value;
}

export function toSummary(row: SummaryRow, viewer: CatalogueViewer): ProductSummary {
  const requiresPrescription = isPrescriptionOnly(row.prescription);
  const group = row.atcCode ? row.atcCode.charAt(0) : null;
  return {
    id: row.id,
    nombre: row.name,
    slug: row.slug,
    url: productUrl(row.slug, row.id),
    laboratorio: { id: row.labId, nombre: row.labName, slug: row.labSlug },
    requiere_receta: requiresPrescription,
    estado_registro: row.registerStatus ?? "autorizado",
    detalle: canSeeDetail(viewer, row.prescription)
      ? {
          forma: { clave: row.form, nombre: row.formLabel ? sentenceCase(row.formLabel) : FORM_LABELS[row.form] },
          atc: row.atcCode ? { codigo: row.atcCode, nombre: row.atcName, grupo: group ? (ATC_GROUPS[group] ?? null) : null } : null,
          receta: row.prescription,
          receta_texto: PRESCRIPTION_LABELS[row.prescription],
          principios_activos: parseIngredients(row.ingredients),
          generico: row.generic,
          biosimilar: row.biosimilar,
          huerfano: row.orphan,
          triangulo_negro: row.blackTriangle,
          comercializado: row.marketed,
          problema_suministro: row.supplyProblem,
          imagen_url: productImageUrl(row.id, row.version),
        }
      : null,
  };
}

export const holderJoin = eq(laboratories.id, products.holderLaboratoryId);
export const atcJoin = eq(atcCodes.code, products.atcCode);

/**
 * A portfolio entry's provinces as a JSON list by name (a column of a select over portfolio_entries);
 * PGlite returns it as a string, PostgreSQL as parsed JSON: parseZones reads either.
 */
type ZoneList = Array<{ id: number; nombre: string }>;
export const zonesJson = sql<ZoneList | string | null>`(
  SELECT json_agg(json_build_object('id', e.id, 'nombre', e.nombre) ORDER BY e.nombre)
  FROM portfolio_zones pz JOIN estados e ON e.id = pz.estado_id WHERE pz.entry_id = ${portfolioEntries.id})`;
export const parseZones = (value: ZoneList | string | null): ZoneList => (typeof value === "string" ? JSON.parse(value) : (value ?? []));
