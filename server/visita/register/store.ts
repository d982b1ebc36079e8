import { getTableColumns, inArray, type SQL, sql } from "drizzle-orm";
import { slugify } from "#common/slug";
import type { RegisterStatus } from "#common/visita/vocabulary";
import type { AppContext } from "#server/context";
import { activeIngredients, atcCodes, laboratories, productIngredients, productPresentations, products } from "#server/db/schema";
import { VISITA_CACHE_TAG } from "#server/visita/cache-tag";
import { tellOwnersOfStatusChange } from "./notify";
import { chunksOf, clip, hashOf, ingredientNamesOf, ingredientRows, laboratoriesOf, presentationRow, productValues } from "./record-rows";
import type { RegisterRecord } from "./register-record";

type Tx = AppContext["db"];
export type ApplyCounts = { created: number; updated: number; unchanged: number; flagged: number };

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
  if (!unique.length) return new Map();
  const slugs = unique.map((name) => clip(slugify(name, 160), 160) || "laboratorio");
  await tx
    .insert(laboratories)
    .values(unique.map((name, i) => ({ name, slug: slugs[i] as string })))
    .onConflictDoNothing();
  const rows = await tx
    .select({ id: laboratories.id, slug: laboratories.slug })
    .from(laboratories)
    .where(inArray(laboratories.slug, slugs));
  const bySlug = new Map(rows.map((row) => [row.slug, row.id]));
  return new Map(unique.map((name, i) => [name, bySlug.get(slugs[i] as string) as number]));
}

/** `SET column = excluded.column` for every column an upsert writes (all but the conflict key). */
function fromExcluded<T extends Record<string, unknown>>(table: typeof products, values: T, key: keyof T): Record<string, SQL> {
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  return Object.fromEntries(
    Object.keys(values)
      .filter((field) => field !== key)
      .map((field) => [field, sql.raw(`excluded."${columns[field]?.name}"`)]),
  );
}

/**
 * Writes register records in one transaction, with a few multi-row statements whatever the number
 * of records (decision 0105): a product per registration number (created or updated in place, so
 * portfolios, verifications and promotions keep pointing at it), its ingredients replaced, its
 * presentations upserted by national code. A record identical to the last one applied (same hash)
 * is not written. A product that becomes suspended or revoked is flagged, never deleted, and the
 * owners of portfolio entries and promotions on it are told. A registration number given twice is
 * applied once, with its last record.
 */
export async function applyRecords(ctx: AppContext, records: RegisterRecord[], now = new Date()): Promise<ApplyCounts> {
  const counts: ApplyCounts = { created: 0, updated: 0, unchanged: 0, flagged: 0 };
  const latest = [...new Map(records.map((record) => [record.nregistro, record])).values()];
  if (!latest.length) return counts;
  await ctx.db.transaction(async (tx) => {
    const existing = await tx
      .select({ nregistro: products.registrationNumber, hash: products.registerHash, status: products.registerStatus })
      .from(products)
      .where(
        inArray(
          products.registrationNumber,
          latest.map((r) => r.nregistro),
        ),
      );
    const before = new Map(existing.map((row) => [row.nregistro, row]));
    const changed = latest
      .map((record) => ({ record, hash: hashOf(record) }))
      .filter(({ record, hash }) => before.get(record.nregistro)?.hash !== hash);
    counts.unchanged = latest.length - changed.length;
    if (!changed.length) return;

    const labIds = await laboratoryIds(
      tx,
      changed.flatMap(({ record }) => laboratoriesOf(record)),
    );
    const ingredientIds = await ingredientIdsOf(
      tx,
      changed.flatMap(({ record }) => ingredientNamesOf(record)),
    );
    const atcs = [...new Map(changed.flatMap(({ record }) => record.atcs).map((a) => [a.code, a])).values()];
    if (atcs.length)
      await tx
        .insert(atcCodes)
        .values(atcs.map((a) => ({ code: a.code, name: a.name || a.code, level: a.level })))
        .onConflictDoNothing();

    const rows = changed.map(({ record, hash }) => productValues(record, hash, labIds, now));
    const written = new Map<string, { id: number; slug: string; status: RegisterStatus }>();
    for (const chunk of chunksOf(rows)) {
      const returned = await tx
        .insert(products)
        .values(chunk)
        .onConflictDoUpdate({
          target: products.registrationNumber,
          set: fromExcluded(products, chunk[0] as (typeof rows)[0], "registrationNumber"),
        })
        .returning({ id: products.id, nregistro: products.registrationNumber, slug: products.slug, status: products.registerStatus });
      for (const row of returned) written.set(row.nregistro, row);
    }
    const idOf = (record: RegisterRecord) => (written.get(record.nregistro) as { id: number }).id;

    await tx.delete(productIngredients).where(
      inArray(
        productIngredients.productId,
        [...written.values()].map((row) => row.id),
      ),
    );
    const ingredients = changed.flatMap(({ record }) => ingredientRows(idOf(record), record, ingredientIds));
    for (const chunk of chunksOf(ingredients)) await tx.insert(productIngredients).values(chunk);
    // One row per national code: a code listed again (under another medicine) goes to the last one.
    const presentations = [
      ...new Map(changed.flatMap(({ record }) => record.presentations.map((p) => [p.cn, presentationRow(idOf(record), p)]))).values(),
    ];
    for (const chunk of chunksOf(presentations))
      await tx
        .insert(productPresentations)
        .values(chunk)
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

    for (const { record } of changed) {
      const previous = before.get(record.nregistro);
      const row = written.get(record.nregistro) as { id: number; slug: string; status: RegisterStatus };
      if (previous) counts.updated++;
      else counts.created++;
      if (previous && previous.status !== row.status && row.status !== "autorizado") {
        counts.flagged++;
        await tellOwnersOfStatusChange(ctx, tx, { id: row.id, name: record.name, slug: row.slug, status: row.status });
      }
    }
  });
  if (counts.created + counts.updated) await ctx.pageCache.invalidate(VISITA_CACHE_TAG);
  return counts;
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
