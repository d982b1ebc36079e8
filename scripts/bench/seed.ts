import { eq, sql } from "drizzle-orm";
import { seedAccountsDemo } from "#server/accounts/seed";
import type { AppContext } from "#server/context";
import { ofertas, portfolioEntries, products, representativeProfiles, users } from "#server/db/schema";
import { ensureDemoCompanies, insertGeneratedOffers } from "#server/jobs/seed";
import { seedNewsDemo } from "#server/news/seed";
import { profileHandle } from "#server/visita/representative-card";
import { generateCatalogue } from "#server/visita/seed/catalogue";
import { insertCatalogue } from "#server/visita/seed/index";
import { seedVerificationsDemo } from "#server/visita/seed/verifications";

/**
 * VACUUM ANALYZE after a bulk seed: the data as a running database has it once autovacuum has been
 * by (statistics and the visibility map, without which no index-only scan is used). A server run
 * with autovacuum off — as the bench machines' is — otherwise measures a state production never
 * stays in (decision 0137 found the laboratory facet reading a whole table for that reason).
 */
async function vacuumed(ctx: AppContext) {
  await ctx.db.execute(sql`VACUUM ANALYZE`);
}

/**
 * Bench data: the demo companies and `count` generated offers (the demo seed's generator, so the
 * texts, cities and titles are realistic), inserted in multi-row batches; then vacuumed.
 * Returns sample offers for the detail scenarios, the same ones on every run over the same data.
 * A database that already holds `count` offers (BENCH_KEEP_DATABASE) is used as it is. The demo
 * newsroom (84 news items, 12 tribunas) is added once for the news pages.
 */
export async function seedBenchOffers(ctx: AppContext, count: number) {
  const [existing] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(ofertas);
  if (Number(existing?.n ?? 0) < count) {
    const companies = await ensureDemoCompanies(ctx);
    await insertGeneratedOffers(ctx, companies, count, { seed: 7, batch: 1000 });
    await vacuumed(ctx);
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
  const tribunas = (await ctx.db.execute(sql`
    SELECT id, slug FROM tribunas WHERE status = 'publicada' ORDER BY md5(id::text) LIMIT 10`)) as unknown as {
    rows: Array<{ id: number; slug: string }>;
  };
  return { total: Number(total?.n ?? 0), sample: sample.rows, noticias: news.rows, newsAreas: areas.rows, tribunas: tribunas.rows };
}

/**
 * Drops the last letter of the query's first long word ("Ibuprofeno" → "Ibuprofen"): the kind of
 * slip the catalogue search must forgive, the same for every run over the same data.
 */
export const misspell = (name: string) => {
  const word = name.split(/\s+/).find((w) => w.length >= 6) ?? name.split(/\s+/)[0] ?? name;
  return word.slice(0, -1);
};

/**
 * The catalogue for the visita scenarios: `count` products from the demo generator (real
 * ingredients, ATC codes and forms; fictional brands), inserted in batches; then vacuumed. Returns
 * sample products without prescription for the product page (the full page, with its
 * representatives) and misspelt names for the search.
 */
export async function seedBenchProducts(ctx: AppContext, count: number) {
  const [existing] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(products);
  if (Number(existing?.n ?? 0) < count) {
    await insertCatalogue(ctx, generateCatalogue({ seed: 13, count }), { batch: 1000 });
    await vacuumed(ctx);
  }
  const sample = (await ctx.db.execute(sql`
    SELECT id, slug, name FROM products WHERE prescription = 'sin_receta' ORDER BY md5(id::text) LIMIT 200`)) as unknown as {
    rows: Array<{ id: number; slug: string; name: string }>;
  };
  const [total] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(products);
  return {
    total: Number(total?.n ?? 0),
    representative: await seedBenchRepresentative(
      ctx,
      sample.rows.slice(0, 8).map((row) => row.id),
    ),
    products: sample.rows.map((row) => ({ id: row.id, slug: row.slug })),
    misspelt: [...new Set(sample.rows.map((row) => misspell(row.name)))].slice(0, 50),
  };
}

/**
 * The demo representative with a public profile carrying some of the sample products (verified,
 * as the demo seed does): the public representative profile page. Returns its handle.
 */
async function seedBenchRepresentative(ctx: AppContext, productIds: number[]) {
  await seedAccountsDemo(ctx);
  const [rep] = await ctx.db
    .select({ id: users.id, nombre: users.nombre, apellidos: users.apellidos })
    .from(users)
    .where(eq(users.email, "demo-visita@farmanexo.test"));
  if (!rep) throw new Error("the demo representative was not seeded");
  const [published] = await ctx.db
    .select({ id: representativeProfiles.userId })
    .from(representativeProfiles)
    .where(eq(representativeProfiles.userId, rep.id));
  if (!published) {
    await ctx.db.insert(portfolioEntries).values(productIds.map((productId) => ({ userId: rep.id, productId, note: "" })));
    await seedVerificationsDemo(ctx, rep.id, productIds);
  }
  return profileHandle(rep.id, rep.nombre, rep.apellidos);
}
