import { createHash } from "node:crypto";
import { inArray, sql } from "drizzle-orm";
import { slugify } from "#common/slug";
import type { AppContext } from "#server/context";
import { activeIngredients, atcCodes, laboratories, productIngredients, productPresentations, products } from "#server/db/schema";
import { VISITA_CACHE_TAG } from "#server/visita/cache-tag";
import { searchExtraOf } from "#server/visita/search-text";
import { tellOwnersOfStatusChange } from "./notify";
import { formKeyOf, prescriptionOf, type RegisterRecord, registerStatusOf, routeKeysOf } from "./register-record";

type Tx = AppContext["db"];
export type ApplyCounts = { created: number; updated: number; unchanged: number; flagged: number };

const hashOf = (record: RegisterRecord) => createHash("sha256").update(JSON.stringify(record)).digest("hex");
const dateOf = (ms: number | null) => (ms === null ? null : new Date(ms));
const clip = (text: string, max: number) => text.slice(0, max);

async function ingredientIdsOf(tx: Tx, names: string[]): Promise<Map<string, number>> {
  const unique = [...new Set(names)];
  if (!unique.length) return new Map();
  await tx
    .insert(activeIngredients)
    .values(unique.map((name) => ({ name })))
    .onConflictDoNothing();
  const rows = await tx.select().from(activeIngredients).where(inArray(activeIngredients.name, unique));
  return new Map(rows.map((row) => [row.name, row.id]));
}

/** Laboratories are one per name; two names with one slug (case, accents) share the first row. */
async function laboratoryIds(tx: Tx, names: string[]): Promise<Map<string, number>> {
  const unique = [...new Set(names)];
  const slugs = unique.map((name) => clip(slugify(name, 160), 160) || "laboratorio");
  await tx
    .insert(laboratories)
    .values(unique.map((name, i) => ({ name, slug: slugs[i] as string })))
    .onConflictDoNothing();
  const rows = unique.length
    ? await tx.select({ id: laboratories.id, slug: laboratories.slug }).from(laboratories).where(inArray(laboratories.slug, slugs))
    : [];
  const bySlug = new Map(rows.map((row) => [row.slug, row.id]));
  return new Map(unique.map((name, i) => [name, bySlug.get(slugs[i] as string) as number]));
}

/**
 * Writes register records in one transaction: a product per registration number (created or
 * updated in place, so portfolios, verifications and promotions keep pointing at it), its
 * ingredients replaced, its presentations upserted by national code. A record identical to the
 * last one applied (same hash) is not written. A product that becomes suspended or revoked is
 * flagged, never deleted, and the owners of portfolio entries and promotions on it are told.
 */
export async function applyRecords(ctx: AppContext, records: RegisterRecord[], now = new Date()): Promise<ApplyCounts> {
  const counts: ApplyCounts = { created: 0, updated: 0, unchanged: 0, flagged: 0 };
  if (!records.length) return counts;
  await ctx.db.transaction(async (tx) => {
    const existing = await tx
      .select({ id: products.id, nregistro: products.registrationNumber, hash: products.registerHash, status: products.registerStatus })
      .from(products)
      .where(
        inArray(
          products.registrationNumber,
          records.map((r) => r.nregistro),
        ),
      );
    const before = new Map(existing.map((row) => [row.nregistro, row]));
    const changed = records
      .map((record) => ({ record, hash: hashOf(record) }))
      .filter(({ record, hash }) => before.get(record.nregistro)?.hash !== hash);
    counts.unchanged = records.length - changed.length;
    if (!changed.length) return;

    const labIds = await laboratoryIds(
      tx,
      changed.flatMap(({ record }) => [record.holder, ...(record.marketer ? [record.marketer] : [])]),
    );
    const ingredientIds = await ingredientIdsOf(
      tx,
      changed.flatMap(({ record }) => record.ingredients.map((i) => i.name.toLowerCase())),
    );
    const atcs = changed.flatMap(({ record }) => record.atcs);
    if (atcs.length) {
      const unique = [...new Map(atcs.map((a) => [a.code, a])).values()];
      await tx
        .insert(atcCodes)
        .values(unique.map((a) => ({ code: a.code, name: a.name || a.code, level: a.level })))
        .onConflictDoNothing();
    }

    for (const { record, hash } of changed) {
      const atc = [...record.atcs].sort((a, b) => b.level - a.level)[0]?.code ?? null;
      const status = registerStatusOf(record);
      const values = {
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
        registerStatus: status,
        authorisedAt: dateOf(record.authorisedAt),
        suspendedAt: dateOf(record.suspendedAt),
        revokedAt: dateOf(record.revokedAt),
        registerHash: hash,
        registerSyncedAt: now,
        searchExtra: searchExtraOf({
          ingredients: record.ingredients.map((i) => i.name.toLowerCase()),
          laboratories: [record.holder, ...(record.marketer ? [record.marketer] : [])],
          atcCode: atc,
        }),
        updatedAt: now,
      };
      const { registrationNumber: _, ...changes } = values;
      const [row] = await tx
        .insert(products)
        .values(values)
        .onConflictDoUpdate({ target: products.registrationNumber, set: changes })
        .returning({ id: products.id, slug: products.slug });
      const productId = (row as { id: number }).id;
      const previous = before.get(record.nregistro);
      if (previous) counts.updated++;
      else counts.created++;

      await tx.delete(productIngredients).where(sql`${productIngredients.productId} = ${productId}`);
      const seen = new Set<number>();
      const ingredientRows = record.ingredients.flatMap((ingredient, position) => {
        const ingredientId = ingredientIds.get(ingredient.name.toLowerCase()) as number;
        if (seen.has(ingredientId)) return [];
        seen.add(ingredientId);
        return [{ productId, ingredientId, strength: clip(ingredient.amount, 20), unit: clip(ingredient.unit, 20), position }];
      });
      if (ingredientRows.length) await tx.insert(productIngredients).values(ingredientRows);
      if (record.presentations.length) {
        const unique = [...new Map(record.presentations.map((p) => [p.cn, p])).values()];
        await tx
          .insert(productPresentations)
          .values(unique.map((p) => presentationValues(productId, p)))
          .onConflictDoUpdate({
            target: productPresentations.cn,
            set: {
              productId: sql`excluded.product_id`,
              name: sql`excluded.name`,
              marketed: sql`excluded.marketed`,
              supplyProblem: sql`excluded.supply_problem`,
              supplyFrom: sql`coalesce(excluded.supply_from, ${productPresentations.supplyFrom})`,
              supplyNote: sql`coalesce(excluded.supply_note, ${productPresentations.supplyNote})`,
            },
          });
      }
      if (previous && previous.status !== status && status !== "autorizado") {
        counts.flagged++;
        await tellOwnersOfStatusChange(ctx, tx, { id: productId, name: record.name, slug: (row as { slug: string }).slug, status });
      }
    }
  });
  if (counts.created + counts.updated) await ctx.pageCache.invalidate(VISITA_CACHE_TAG);
  return counts;
}

function presentationValues(productId: number, p: RegisterRecord["presentations"][number]) {
  return {
    productId,
    cn: p.cn,
    name: p.name,
    marketed: p.marketed,
    supplyProblem: p.supplyProblem,
    supplyFrom: p.supplyFrom ? new Date(p.supplyFrom) : null,
    supplyNote: p.supplyNote ?? null,
  };
}

/** Medicines the change log says were removed from the register: revoked (kept, flagged), owners told. */
export async function markRevoked(ctx: AppContext, gone: Array<{ nregistro: string; at: number }>): Promise<number> {
  let flagged = 0;
  await ctx.db.transaction(async (tx) => {
    for (const item of gone) {
      const rows = await tx
        .update(products)
        .set({ registerStatus: "revocado", revokedAt: new Date(item.at), registerHash: null, updatedAt: new Date() })
        .where(sql`${products.registrationNumber} = ${item.nregistro} AND ${products.registerStatus} <> 'revocado'`)
        .returning({ id: products.id, name: products.name, slug: products.slug });
      for (const row of rows) {
        flagged++;
        await tellOwnersOfStatusChange(ctx, tx, { ...row, status: "revocado" });
      }
    }
  });
  if (flagged) await ctx.pageCache.invalidate(VISITA_CACHE_TAG);
  return flagged;
}
