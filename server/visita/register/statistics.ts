import { sql } from "drizzle-orm";
import type { AppContext } from "#server/context";

/**
 * After a sync or import that wrote products: VACUUM (ANALYZE) the catalogue tables (decision 0137).
 * A register-sized import leaves PostgreSQL without statistics and without a visibility map until
 * autovacuum comes by (never, where it is off): the planner then guesses, and the laboratory facet
 * cannot be counted from the products_holder_facets index alone (an index-only scan needs the
 * visibility map), so it reads the whole 33 MB table instead — 33 ms of the laboratory filter's
 * 33 ms at 25,000 medicines (docs/perf/0123-register-sync-figures.md). On an unchanged table it
 * costs little: VACUUM skips the pages the visibility map marks all-visible.
 */
export async function refreshCatalogueStatistics(ctx: AppContext, counts: Record<string, number | undefined>): Promise<boolean> {
  if (!((counts.created ?? 0) + (counts.updated ?? 0) + (counts.flagged ?? 0))) return false;
  try {
    await ctx.db.execute(sql`VACUUM (ANALYZE) products, product_presentations, product_ingredients, laboratories, active_ingredients`);
    return true;
  } catch (error) {
    // The catalogue is written already: stale statistics slow searches down, they do not break them.
    ctx.logger.warn({ err: error }, "catalogue: VACUUM (ANALYZE) after the register's changes failed");
    return false;
  }
}
