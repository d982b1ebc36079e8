import { and, inArray, isNull, sql } from "drizzle-orm";
import { slugify } from "#common/slug";
import type { AppContext } from "#server/context";
import { laboratories, products } from "#server/db/schema";
import { VISITA_CACHE_TAG } from "#server/visita/cache-tag";
import { DEMO_LABORATORIES } from "#server/visita/seed/catalogue";

/**
 * After a real import the operator may drop the demo catalogue: the seed's products (fictional
 * laboratories, never from the register nor proposed by a user) go, with what points at them
 * (demo portfolios, verifications, promotions); the demo laboratories left without products too.
 * Products from the register and those users proposed stay.
 */
export async function removeDemoCatalogue(ctx: AppContext): Promise<{ products: number; laboratories: number }> {
  const slugs = DEMO_LABORATORIES.map((name) => slugify(name));
  const result = await ctx.db.transaction(async (tx) => {
    const labs = await tx.select({ id: laboratories.id }).from(laboratories).where(inArray(laboratories.slug, slugs));
    const labIds = labs.map((lab) => lab.id);
    if (!labIds.length) return { products: 0, laboratories: 0 };
    const removed = await tx
      .delete(products)
      .where(and(inArray(products.holderLaboratoryId, labIds), isNull(products.registerHash), isNull(products.createdBy)))
      .returning({ id: products.id });
    const emptyLabs = await tx
      .delete(laboratories)
      .where(
        and(
          inArray(laboratories.id, labIds),
          sql`NOT EXISTS (SELECT 1 FROM products p WHERE p.holder_laboratory_id = ${laboratories.id} OR p.marketing_laboratory_id = ${laboratories.id})`,
          sql`NOT EXISTS (SELECT 1 FROM promotions pr WHERE pr.laboratory_id = ${laboratories.id})`,
        ),
      )
      .returning({ id: laboratories.id });
    return { products: removed.length, laboratories: emptyLabs.length };
  });
  if (result.products) await ctx.pageCache.invalidate(VISITA_CACHE_TAG);
  return result;
}
