import { sql } from "drizzle-orm";
import type { AppContext } from "#server/context";
import { ofertas } from "#server/db/schema";
import { ensureDemoCompanies, insertGeneratedOffers } from "#server/jobs/seed";
import { seedNewsDemo } from "#server/news/seed";

/**
 * Bench data: the demo companies and `count` generated offers (the demo seed's generator, so the
 * texts, cities and titles are realistic), inserted in multi-row batches; then ANALYZE.
 * Returns sample offers for the detail scenarios, the same ones on every run over the same data.
 * A database that already holds `count` offers (BENCH_KEEP_DATABASE) is used as it is. The demo
 * newsroom (84 news items, 12 tribunas) is added once for the news pages.
 */
export async function seedBenchOffers(ctx: AppContext, count: number) {
  const [existing] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(ofertas);
  if (Number(existing?.n ?? 0) < count) {
    const companies = await ensureDemoCompanies(ctx);
    await insertGeneratedOffers(ctx, companies, count, { seed: 7, batch: 1000 });
    await ctx.db.execute(sql`ANALYZE`);
  }
  const sample = (await ctx.db.execute(sql`
    SELECT o.id, o.slug, e.slug AS empresa_slug FROM ofertas o JOIN empresas e ON e.id = o.empresa_id
    WHERE o.status = 'publicada' ORDER BY md5(o.id::text) LIMIT 500`)) as unknown as {
    rows: Array<{ id: number; slug: string; empresa_slug: string }>;
  };
  const [total] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(ofertas);
  await seedNewsDemo(ctx);
  const news = (await ctx.db.execute(sql`
    SELECT id, slug FROM noticias WHERE status = 'publicada' ORDER BY md5(id::text) LIMIT 50`)) as unknown as {
    rows: Array<{ id: number; slug: string }>;
  };
  const areas = (await ctx.db.execute(sql`SELECT id, slug FROM news_areas ORDER BY orden, id`)) as unknown as {
    rows: Array<{ id: number; slug: string }>;
  };
  return { total: Number(total?.n ?? 0), sample: sample.rows, noticias: news.rows, newsAreas: areas.rows };
}
