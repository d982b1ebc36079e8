import { sql } from "drizzle-orm";
import type { AppContext } from "#server/context";
import { VISITA_CACHE_TAG } from "#server/visita/cache-tag";
import type { CimaSupply } from "./cima-shapes";

/**
 * Applies CIMA's list of supply problems (/psuministro) to presentations: the active ones get the
 * flag, start, expected end and note; presentations no longer listed lose them. Products carry the
 * flag when any presentation has it. Only rows that differ are written; returns how many changed.
 */
export async function applySupplyProblems(ctx: AppContext, supplies: CimaSupply[]): Promise<number> {
  const active = [...new Map(supplies.filter((s) => s.activo).map((s) => [s.cn, s])).values()];
  const payload = JSON.stringify(
    active.map((s) => ({
      cn: s.cn,
      from: new Date(s.fini).toISOString(),
      until: s.ffin === undefined ? null : new Date(s.ffin).toISOString(),
      note: s.observ ?? null,
    })),
  );
  const changed = await ctx.db.transaction(async (tx) => {
    const set = (await tx.execute(sql`
      WITH listed AS (
        SELECT * FROM jsonb_to_recordset(${payload}::jsonb) AS x(cn text, "from" timestamptz, "until" timestamptz, note text)
      )
      UPDATE product_presentations p SET supply_problem = true, supply_from = l."from", supply_until = l."until", supply_note = l.note
      FROM listed l
      WHERE p.cn = l.cn AND (p.supply_problem IS DISTINCT FROM true OR p.supply_from IS DISTINCT FROM l."from"
        OR p.supply_until IS DISTINCT FROM l."until" OR p.supply_note IS DISTINCT FROM l.note)
      RETURNING p.id`)) as unknown as { rows: unknown[] };
    const cleared = (await tx.execute(sql`
      UPDATE product_presentations p SET supply_problem = false, supply_from = NULL, supply_until = NULL, supply_note = NULL
      WHERE (p.supply_problem OR p.supply_from IS NOT NULL)
        AND p.cn NOT IN (SELECT x.cn FROM jsonb_to_recordset(${payload}::jsonb) AS x(cn text))
        AND p.product_id IN (SELECT id FROM products WHERE register_hash IS NOT NULL)
      RETURNING p.id`)) as unknown as { rows: unknown[] };
    await tx.execute(sql`
      UPDATE products pr SET supply_problem = x.any_problem
      FROM (SELECT product_id, bool_or(supply_problem) AS any_problem FROM product_presentations GROUP BY product_id) x
      WHERE pr.id = x.product_id AND pr.register_hash IS NOT NULL AND pr.supply_problem IS DISTINCT FROM x.any_problem`);
    return set.rows.length + cleared.rows.length;
  });
  if (changed) await ctx.pageCache.invalidate(VISITA_CACHE_TAG);
  return changed;
}
