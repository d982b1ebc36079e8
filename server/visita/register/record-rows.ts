import { createHash } from "node:crypto";
import { slugify } from "#common/slug";
import { searchExtraOf } from "#server/visita/search-text";
import { formKeyOf, prescriptionOf, type RegisterRecord, registerStatusOf, routeKeysOf } from "./register-record";

/** How register records become rows of products, product_ingredients and product_presentations. */

export const hashOf = (record: RegisterRecord) => createHash("sha256").update(JSON.stringify(record)).digest("hex");
const dateOf = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : new Date(ms));
export const clip = (text: string, max: number) => text.slice(0, max);

/** The laboratories a record names: its holder, and its marketer when another company. */
export const laboratoriesOf = (record: RegisterRecord) => [record.holder, ...(record.marketer ? [record.marketer] : [])];
export const ingredientNamesOf = (record: RegisterRecord) => record.ingredients.map((i) => i.name.toLowerCase());
/** The most specific ATC code of the record (level 5 before level 4…). */
export const atcOf = (record: RegisterRecord) => [...record.atcs].sort((a, b) => b.level - a.level)[0]?.code ?? null;

export function productValues(record: RegisterRecord, hash: string, labIds: Map<string, number>, now: Date) {
  const atc = atcOf(record);
  return {
    name: record.name,
    slug: slugify(record.name, 200) || record.nregistro,
    registrationNumber: record.nregistro,
    holderLaboratoryId: labIds.get(record.holder) as number,
    marketingLaboratoryId: record.marketer ? (labIds.get(record.marketer) ?? null) : null,
    atcCode: atc,
    form: formKeyOf(record.formLabel),
    formLabel: record.formLabel,
    routes: routeKeysOf(record.routeLabels),
    prescription: prescriptionOf(record),
    generic: record.generic,
    biosimilar: record.biosimilar,
    orphan: record.orphan,
    blackTriangle: record.blackTriangle,
    drivingWarning: record.drivingWarning,
    marketed: record.marketed,
    supplyProblem: record.presentations.some((p) => p.supplyProblem),
    smpcUrl: record.smpcUrl,
    leafletUrl: record.leafletUrl,
    photos: record.photos,
    registerStatus: registerStatusOf(record),
    authorisedAt: dateOf(record.authorisedAt),
    suspendedAt: dateOf(record.suspendedAt),
    revokedAt: dateOf(record.revokedAt),
    registerHash: hash,
    registerSyncedAt: now,
    searchExtra: searchExtraOf({ ingredients: ingredientNamesOf(record), laboratories: laboratoriesOf(record), atcCode: atc }),
    updatedAt: now,
  };
}

/** A product's ingredients in the register's order; an ingredient listed twice is kept once. */
export function ingredientRows(productId: number, record: RegisterRecord, ingredientIds: Map<string, number>) {
  const seen = new Set<number>();
  return record.ingredients.flatMap((ingredient, position) => {
    const ingredientId = ingredientIds.get(ingredient.name.toLowerCase()) as number;
    if (seen.has(ingredientId)) return [];
    seen.add(ingredientId);
    return [{ productId, ingredientId, strength: clip(ingredient.amount, 20), unit: clip(ingredient.unit, 20), position }];
  });
}

export function presentationRow(productId: number, p: RegisterRecord["presentations"][number]) {
  return {
    productId,
    cn: p.cn,
    name: p.name,
    marketed: p.marketed,
    supplyProblem: p.supplyProblem,
    supplyFrom: dateOf(p.supplyFrom),
    supplyNote: p.supplyNote ?? null,
  };
}

/** Splits rows so that one statement stays far below PostgreSQL's 65,535 bind parameters. */
export function chunksOf<T>(rows: T[], size = 1000): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < rows.length; start += size) chunks.push(rows.slice(start, start + size));
  return chunks;
}
