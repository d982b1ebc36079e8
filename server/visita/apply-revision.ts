import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { slugify } from "#common/slug";
import type { ProposalData } from "#common/visita/proposal";
import type { Db } from "#server/db/client";
import { firstOrThrow } from "#server/db/first-or-throw";
import { activeIngredients, productIngredients, productPresentations, products, productVersions } from "#server/db/schema";
import { AppError } from "#server/platform/errors";
import { proposalNames } from "./revision-data";
import { searchExtraOf } from "./search-text";

/** The product's columns for a proposal (search_extra copies the words that live in other tables). */
async function productColumns(tx: Db, data: ProposalData) {
  const names = await proposalNames(tx, [data]);
  const labNames = [data.laboratorio_id, data.laboratorio_comercializador_id]
    .map((id) => (id ? names.labs.get(id)?.name : undefined))
    .filter((name): name is string => !!name);
  return {
    name: data.nombre,
    slug: slugify(data.nombre, 190),
    registrationNumber: data.numero_registro,
    holderLaboratoryId: data.laboratorio_id,
    marketingLaboratoryId: data.laboratorio_comercializador_id,
    atcCode: data.atc,
    form: data.forma,
    routes: data.vias,
    prescription: data.receta,
    generic: data.generico,
    biosimilar: data.biosimilar,
    orphan: data.huerfano,
    blackTriangle: data.triangulo_negro,
    marketed: data.comercializado,
    supplyProblem: data.problema_suministro,
    leafletUrl: data.prospecto_url,
    smpcUrl: data.ficha_tecnica_url,
    description: data.descripcion,
    searchExtra: searchExtraOf({
      ingredients: data.principios_activos.map((i) => i.nombre.toLowerCase()),
      laboratories: labNames,
      atcCode: data.atc,
    }),
  };
}

async function writeChildren(tx: Db, productId: number, data: ProposalData) {
  const ingredientNames = [...new Set(data.principios_activos.map((i) => i.nombre.toLowerCase()))];
  await tx
    .insert(activeIngredients)
    .values(ingredientNames.map((name) => ({ name })))
    .onConflictDoNothing();
  const rows = await tx.select().from(activeIngredients).where(inArray(activeIngredients.name, ingredientNames));
  const ids = new Map(rows.map((row) => [row.name, row.id]));
  await tx.delete(productIngredients).where(eq(productIngredients.productId, productId));
  const seen = new Set<number>();
  const ingredientRows = data.principios_activos.flatMap((i, position) => {
    const ingredientId = ids.get(i.nombre.toLowerCase()) as number;
    if (seen.has(ingredientId)) return [];
    seen.add(ingredientId);
    return [{ productId, ingredientId, strength: i.dosis.replace(",", "."), unit: i.unidad, position }];
  });
  await tx.insert(productIngredients).values(ingredientRows);
  await tx.delete(productPresentations).where(eq(productPresentations.productId, productId));
  await tx.insert(productPresentations).values(
    data.presentaciones.map((p) => ({
      productId,
      cn: p.cn,
      name: p.nombre,
      marketed: data.comercializado,
      supplyProblem: data.problema_suministro,
    })),
  );
}

/** Codes and registration numbers belong to one product: a clash found at approval time is a 409. */
async function assertUnique(tx: Db, data: ProposalData, productId: number | null) {
  const cnClash = await tx
    .select({ cn: productPresentations.cn, name: products.name })
    .from(productPresentations)
    .innerJoin(products, eq(products.id, productPresentations.productId))
    .where(
      and(
        inArray(
          productPresentations.cn,
          data.presentaciones.map((p) => p.cn),
        ),
        productId === null ? undefined : ne(productPresentations.productId, productId),
      ),
    )
    .limit(1);
  if (cnClash[0]) throw new AppError("CONFLICT", `El código nacional ${cnClash[0].cn} ya pertenece a «${cnClash[0].name}» en el catálogo.`);
  const [registration] = await tx
    .select({ name: products.name })
    .from(products)
    .where(and(eq(products.registrationNumber, data.numero_registro), productId === null ? undefined : ne(products.id, productId)))
    .limit(1);
  if (registration)
    throw new AppError("CONFLICT", `El número de registro ${data.numero_registro} ya pertenece a «${registration.name}» en el catálogo.`);
}

/** Creates the proposed product; returns its id. */
export async function insertProposedProduct(tx: Db, data: ProposalData, input: { authorId: number | null; imageKey: string | null }) {
  await assertUnique(tx, data, null);
  const row = firstOrThrow(
    await tx
      .insert(products)
      .values({ ...(await productColumns(tx, data)), createdBy: input.authorId, imageKey: input.imageKey })
      .returning({ id: products.id, version: products.version }),
    "product insert",
  );
  await writeChildren(tx, row.id, data);
  return row;
}

/**
 * Applies a change to an existing product: the state it replaces is kept in product_versions and
 * the version goes up by one. The caller has checked the proposal was made against this version.
 */
export async function updateProductFromProposal(
  tx: Db,
  productId: number,
  input: {
    before: ProposalData;
    beforeVersion: number;
    data: ProposalData;
    imageKey: string | null;
    revisionId: number;
    reviewerId: number;
  },
) {
  await assertUnique(tx, input.data, productId);
  await tx.insert(productVersions).values({
    productId,
    version: input.beforeVersion,
    data: input.before as unknown as Record<string, unknown>,
    revisionId: input.revisionId,
    changedBy: input.reviewerId,
  });
  const [row] = await tx
    .update(products)
    .set({
      ...(await productColumns(tx, input.data)),
      ...(input.imageKey ? { imageKey: input.imageKey } : {}),
      version: sql`${products.version} + 1`,
      updatedAt: new Date(),
    })
    .where(and(eq(products.id, productId), eq(products.version, input.beforeVersion)))
    .returning({ id: products.id, version: products.version });
  if (!row) throw new AppError("CONFLICT", "El producto ha cambiado mientras revisabas la propuesta. Vuelve a abrirla.");
  await writeChildren(tx, productId, input.data);
  return row;
}
