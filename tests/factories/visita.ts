import { eq } from "drizzle-orm";
import { slugify } from "#common/slug";
import type { PharmaceuticalForm, PrescriptionType } from "#common/visita/vocabulary";
import type { AppContext } from "#server/context";
import { activeIngredients, atcCodes, laboratories, productIngredients, productPresentations, products } from "#server/db/schema";
import { searchExtraOf } from "#server/visita/search-text";

// Test data builders of the visita area.

export const MADRID = 412;
export const BARCELONA = 390;

let counter = 0;

export async function createLaboratory(ctx: AppContext, name: string) {
  const slug = slugify(name);
  const [existing] = await ctx.db.select().from(laboratories).where(eq(laboratories.slug, slug));
  if (existing) return existing;
  const [row] = await ctx.db.insert(laboratories).values({ name, slug }).returning();
  if (!row) throw new Error("laboratory insert returned nothing");
  return row;
}

export type ProductOverrides = {
  name?: string;
  laboratory?: string;
  ingredients?: Array<{ name: string; strength: string; unit: string }>;
  atcCode?: string;
  form?: PharmaceuticalForm;
  prescription?: PrescriptionType;
  generic?: boolean;
  marketed?: boolean;
  cns?: string[];
};

/** Inserts a product with its laboratory, ingredients and presentations (codes made unique unless given). */
export async function createProduct(ctx: AppContext, overrides: ProductOverrides = {}) {
  counter++;
  const lab = await createLaboratory(ctx, overrides.laboratory ?? "Laboratorios Prueba");
  const ingredients = overrides.ingredients ?? [{ name: "paracetamol", strength: "500", unit: "mg" }];
  const atc = overrides.atcCode ?? "N02BE01";
  await ctx.db
    .insert(atcCodes)
    .values({ code: atc, name: ingredients.map((i) => i.name).join(" y "), level: 5 })
    .onConflictDoNothing();
  const name = overrides.name ?? `Producto de prueba ${counter} 500 mg comprimidos`;
  const [product] = await ctx.db
    .insert(products)
    .values({
      name,
      slug: slugify(name),
      registrationNumber: String(90_000 + counter + Math.floor(Math.random() * 1_000_000) * 100),
      holderLaboratoryId: lab.id,
      atcCode: atc,
      form: overrides.form ?? "comprimido",
      routes: ["oral"],
      prescription: overrides.prescription ?? "sin_receta",
      generic: overrides.generic ?? false,
      marketed: overrides.marketed ?? true,
      description: "Medicamento de prueba.",
      searchExtra: searchExtraOf({ ingredients: ingredients.map((i) => i.name), laboratories: [lab.name], atcCode: atc }),
    })
    .returning();
  if (!product) throw new Error("product insert returned nothing");
  for (const [position, ingredient] of ingredients.entries()) {
    await ctx.db.insert(activeIngredients).values({ name: ingredient.name }).onConflictDoNothing();
    const [row] = await ctx.db.select().from(activeIngredients).where(eq(activeIngredients.name, ingredient.name));
    await ctx.db
      .insert(productIngredients)
      .values({ productId: product.id, ingredientId: row?.id as number, strength: ingredient.strength, unit: ingredient.unit, position });
  }
  const cns = overrides.cns ?? [String(100_000 + ((counter * 7919 + Math.floor(Math.random() * 800_000)) % 800_000))];
  for (const cn of cns) await ctx.db.insert(productPresentations).values({ productId: product.id, cn, name: `${name}, 20 comprimidos` });
  return { ...product, laboratory: lab, cns };
}
