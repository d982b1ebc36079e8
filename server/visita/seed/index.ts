import { eq, inArray } from "drizzle-orm";
import { slugify } from "#common/slug";
import type { AppContext } from "#server/context";
import type { Db } from "#server/db/client";
import {
  activeIngredients,
  atcCodes,
  laboratories,
  portfolioEntries,
  portfolioZones,
  productIngredients,
  productPresentations,
  products,
  users,
  userZonas,
} from "#server/db/schema";
import { searchExtraOf } from "#server/visita/search-text";
import { DEMO_LABORATORIES, demoAtcCodes, type GeneratedProduct, generateCatalogue } from "./catalogue";
import { seedVerificationsDemo } from "./verifications";

async function ensureLaboratories(db: Db): Promise<number[]> {
  const rows = DEMO_LABORATORIES.map((name) => ({ name, slug: slugify(name) }));
  await db.insert(laboratories).values(rows).onConflictDoNothing();
  const stored = await db
    .select({ id: laboratories.id, slug: laboratories.slug })
    .from(laboratories)
    .where(
      inArray(
        laboratories.slug,
        rows.map((row) => row.slug),
      ),
    );
  const bySlug = new Map(stored.map((row) => [row.slug, row.id]));
  return rows.map((row) => bySlug.get(row.slug) as number);
}

async function ensureIngredients(db: Db, names: string[]): Promise<Map<string, number>> {
  const unique = [...new Set(names)];
  await db
    .insert(activeIngredients)
    .values(unique.map((name) => ({ name })))
    .onConflictDoNothing();
  const rows = await db.select().from(activeIngredients).where(inArray(activeIngredients.name, unique));
  return new Map(rows.map((row) => [row.name, row.id]));
}

/**
 * Inserts generated products with their ingredients and presentations in multi-row batches (the
 * demo seed and the benchmark's 50,000 use the same path). Laboratories, ingredients and ATC codes
 * are created when missing.
 */
export async function insertCatalogue(ctx: AppContext, generated: GeneratedProduct[], options: { batch?: number } = {}) {
  const db = ctx.db;
  const batch = options.batch ?? 500;
  const labIds = await ensureLaboratories(db);
  await db.insert(atcCodes).values(demoAtcCodes()).onConflictDoNothing();
  const ingredientIds = await ensureIngredients(
    db,
    generated.flatMap((p) => p.ingredients.map((i) => i.name)),
  );
  const productIds: number[] = [];
  for (let start = 0; start < generated.length; start += batch) {
    const chunk = generated.slice(start, start + batch);
    const inserted = await db
      .insert(products)
      .values(
        chunk.map((p) => {
          const holderId = labIds[p.holder] as number;
          const marketerId = p.marketer === null ? null : (labIds[p.marketer] as number);
          return {
            name: p.name,
            slug: p.slug,
            registrationNumber: p.registrationNumber,
            holderLaboratoryId: holderId,
            marketingLaboratoryId: marketerId,
            atcCode: p.atcCode,
            form: p.form,
            routes: p.routes,
            prescription: p.prescription,
            generic: p.generic,
            biosimilar: p.biosimilar,
            orphan: p.orphan,
            blackTriangle: p.blackTriangle,
            marketed: p.marketed,
            supplyProblem: p.supplyProblem,
            description: p.description,
            searchExtra: searchExtraOf({
              ingredients: p.ingredients.map((i) => i.name),
              laboratories: [
                DEMO_LABORATORIES[p.holder] as string,
                ...(p.marketer === null ? [] : [DEMO_LABORATORIES[p.marketer] as string]),
              ],
              atcCode: p.atcCode,
            }),
          };
        }),
      )
      .returning({ id: products.id });
    const ids = inserted.map((row) => row.id);
    productIds.push(...ids);
    await db.insert(productIngredients).values(
      chunk.flatMap((p, i) =>
        p.ingredients.map((ingredient, position) => ({
          productId: ids[i] as number,
          ingredientId: ingredientIds.get(ingredient.name) as number,
          strength: ingredient.strength,
          unit: ingredient.unit,
          position,
        })),
      ),
    );
    await db
      .insert(productPresentations)
      .values(chunk.flatMap((p, i) => p.presentations.map((pres) => ({ productId: ids[i] as number, ...pres }))));
  }
  return productIds;
}

/**
 * The visita demo: the catalogue (600 medicines from 48 laboratories) and a portfolio for the demo
 * representative in their two provinces. (The demo moderator comes from the back-office seed.)
 */
export async function seedVisitaDemo(ctx: AppContext): Promise<void> {
  const generated = generateCatalogue({ seed: 13, count: 600 });
  const ids = await insertCatalogue(ctx, generated);

  const [rep] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, "demo-visita@farmanexo.test"));
  if (!rep) return;
  const zonas = (await ctx.db.select({ estadoId: userZonas.estadoId }).from(userZonas).where(eq(userZonas.userId, rep.id))).map(
    (z) => z.estadoId,
  );
  // A handful of products across groups, spread through the catalogue.
  const picks = [0, 37, 90, 151, 233, 310, 402, 515].map((i) => ids[i]).filter((id): id is number => id !== undefined);
  for (const [n, productId] of picks.entries()) {
    const [entry] = await ctx.db
      .insert(portfolioEntries)
      .values({ userId: rep.id, productId, note: n % 2 === 0 ? "Disponible para presentaciones en centros de salud y farmacias." : "" })
      .returning({ id: portfolioEntries.id });
    if (entry && zonas.length) await ctx.db.insert(portfolioZones).values(zonas.map((estadoId) => ({ entryId: entry.id, estadoId })));
  }
  // Issue 14: verifications, the public profile and the marketing demo's laboratory.
  await seedVerificationsDemo(ctx, rep.id, picks);
}
