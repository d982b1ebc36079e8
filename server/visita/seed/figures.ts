import { eq, ne } from "drizzle-orm";
import { DEFAULT_TIME_ZONE, isoDateIn } from "#common/time-zone";
import type { CountedEvent } from "#common/visita/stats";
import type { AppContext } from "#server/context";
import { portfolioEntries, promotions, users, userZonas, visitaDailyCounts } from "#server/db/schema";

const DAY_MS = 24 * 60 * 60 * 1000;
const DAYS = 45;

/** A deterministic count that rises over the period, with a weekly dip (no Math.random: the demo is the same every time). */
const countOf = (daysAgo: number, weight: number, salt: number) => {
  const weekday = (daysAgo + salt) % 7;
  const base = Math.max(0, Math.round(weight * (1 + (DAYS - daysAgo) / DAYS) * (weekday >= 5 ? 0.4 : 1)));
  return base + ((daysAgo * 7 + salt * 3) % 3);
};

/**
 * Issue 32's demo: a month and a half of aggregated figures for the demo representative's profile,
 * portfolio and every demo promotion, some with the province of the representative's zones, so the
 * representative's and the laboratory's statistics pages have trends to show.
 */
export async function seedFiguresDemo(ctx: AppContext): Promise<void> {
  const [rep] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, "demo-visita@farmanexo.test"));
  if (!rep) return;
  const entries = await ctx.db
    .select({ productId: portfolioEntries.productId })
    .from(portfolioEntries)
    .where(eq(portfolioEntries.userId, rep.id));
  const zones = await ctx.db.select({ estadoId: userZonas.estadoId }).from(userZonas).where(eq(userZonas.userId, rep.id));
  // Every published demo promotion (the representative's and the laboratory's): figures go to its
  // author. A draft is never shown, so it has no figures (the beacon drops it too).
  const promos = await ctx.db
    .select({ id: promotions.id, productId: promotions.productId, authorId: promotions.authorId })
    .from(promotions)
    .where(ne(promotions.status, "borrador"));
  const provinces = [null, ...zones.map((zone) => zone.estadoId)];
  const rows: Array<typeof visitaDailyCounts.$inferInsert> = [];
  const add = (daysAgo: number, event: CountedEvent, ids: Partial<typeof visitaDailyCounts.$inferInsert>, weight: number, salt: number) => {
    const day = isoDateIn(new Date(Date.now() - daysAgo * DAY_MS), DEFAULT_TIME_ZONE);
    for (const [p, estadoId] of provinces.entries()) {
      const today = daysAgo === 0 ? 0.5 : 1; // the day is not over
      const count = countOf(daysAgo, (p === 0 ? weight : weight / 2) * today, salt + p);
      if (count > 0) rows.push({ day, event, estadoId, productId: null, representativeId: null, promotionId: null, ...ids, count });
    }
  };
  // From today (a partial day, so a trend does not end on an empty day) back DAYS days.
  for (let daysAgo = 0; daysAgo <= DAYS; daysAgo++) {
    add(daysAgo, "vista_perfil", { representativeId: rep.id }, 6, 1);
    for (const [n, entry] of entries.entries()) {
      add(daysAgo, "vista_producto", { productId: entry.productId }, 9 - n, n);
      add(daysAgo, "vista_cartera", { productId: entry.productId, representativeId: rep.id }, 3, n + 2);
      if ((daysAgo + n) % 3 === 0) add(daysAgo, "contacto", { productId: entry.productId, representativeId: rep.id }, 1, n);
      if ((daysAgo + n) % 5 === 0) add(daysAgo, "chat_iniciado", { productId: entry.productId, representativeId: rep.id }, 0.5, n);
    }
    for (const [n, promo] of promos.entries()) {
      const ids = { promotionId: promo.id, productId: promo.productId, representativeId: promo.authorId };
      add(daysAgo, "vista_promocion", ids, 4, n + 4);
      if (daysAgo % 2 === 0) add(daysAgo, "clic_promocion", ids, 1, n);
    }
  }
  for (let start = 0; start < rows.length; start += 500) {
    await ctx.db
      .insert(visitaDailyCounts)
      .values(rows.slice(start, start + 500))
      .onConflictDoNothing();
  }
}
