import { asc, eq, inArray } from "drizzle-orm";
import { formatCn } from "#common/visita/codes";
import type { ProposalData } from "#common/visita/proposal";
import { FORM_LABELS, PRESCRIPTION_LABELS, ROUTE_LABELS, type StrengthUnit } from "#common/visita/vocabulary";
import type { Db } from "#server/db/client";
import { activeIngredients, atcCodes, laboratories, productIngredients, productPresentations, products } from "#server/db/schema";

/**
 * A product and a proposal share one shape (ProposalData): the product's current state is read
 * into it to prefill sugerir-cambios, to keep a version's history and to compare side by side.
 */

export async function productAsProposal(db: Db, productId: number) {
  const [row] = await db.select().from(products).where(eq(products.id, productId));
  if (!row) return null;
  const [ingredients, presentations] = await Promise.all([
    db
      .select({ nombre: activeIngredients.name, dosis: productIngredients.strength, unidad: productIngredients.unit })
      .from(productIngredients)
      .innerJoin(activeIngredients, eq(activeIngredients.id, productIngredients.ingredientId))
      .where(eq(productIngredients.productId, productId))
      .orderBy(asc(productIngredients.position)),
    db
      .select({ cn: productPresentations.cn, nombre: productPresentations.name })
      .from(productPresentations)
      .where(eq(productPresentations.productId, productId))
      .orderBy(asc(productPresentations.cn)),
  ]);
  const data: ProposalData = {
    nombre: row.name,
    laboratorio_id: row.holderLaboratoryId,
    numero_registro: row.registrationNumber,
    forma: row.form,
    receta: row.prescription,
    principios_activos: ingredients.map((i) => ({ ...i, unidad: i.unidad as StrengthUnit })),
    presentaciones: presentations,
    atc: row.atcCode,
    laboratorio_comercializador_id: row.marketingLaboratoryId,
    vias: row.routes,
    generico: row.generic,
    biosimilar: row.biosimilar,
    huerfano: row.orphan,
    triangulo_negro: row.blackTriangle,
    comercializado: row.marketed,
    problema_suministro: row.supplyProblem,
    prospecto_url: row.leafletUrl,
    ficha_tecnica_url: row.smpcUrl,
    descripcion: row.description,
  };
  return { data, version: row.version, imageKey: row.imageKey, slug: row.slug, name: row.name };
}

/** Names of the laboratories and ATC codes a proposal refers to. */
export async function proposalNames(db: Db, items: ProposalData[]) {
  const labIds = [...new Set(items.flatMap((d) => [d.laboratorio_id, d.laboratorio_comercializador_id]).filter((v): v is number => !!v))];
  const codes = [...new Set(items.map((d) => d.atc).filter((v): v is string => !!v))];
  const [labs, atcs] = await Promise.all([
    labIds.length
      ? db
          .select({ id: laboratories.id, name: laboratories.name, slug: laboratories.slug })
          .from(laboratories)
          .where(inArray(laboratories.id, labIds))
      : [],
    codes.length ? db.select({ code: atcCodes.code, name: atcCodes.name }).from(atcCodes).where(inArray(atcCodes.code, codes)) : [],
  ]);
  return { labs: new Map(labs.map((l) => [l.id, l])), atcs: new Map(atcs.map((a) => [a.code, a.name])) };
}
export type ProposalNames = Awaited<ReturnType<typeof proposalNames>>;

const yesNo = (value: boolean) => (value ? "Sí" : "No");

/** Each field of a proposal as a label and the text a moderator reads, in the form's order. */
export function proposalFacts(data: ProposalData, names: ProposalNames): Array<{ campo: string; etiqueta: string; valor: string }> {
  const lab = (id: number | null) => (id ? (names.labs.get(id)?.name ?? `Laboratorio ${id}`) : "—");
  const facts: Array<[string, string, string]> = [
    ["nombre", "Nombre", data.nombre],
    ["laboratorio_id", "Laboratorio titular", lab(data.laboratorio_id)],
    ["numero_registro", "Nº de registro", data.numero_registro],
    ["forma", "Forma farmacéutica", FORM_LABELS[data.forma]],
    ["receta", "Dispensación", PRESCRIPTION_LABELS[data.receta]],
    ["principios_activos", "Principios activos", data.principios_activos.map((i) => `${i.nombre} ${i.dosis} ${i.unidad}`).join(" + ")],
    ["presentaciones", "Presentaciones", data.presentaciones.map((p) => `${formatCn(p.cn)} ${p.nombre}`).join("\n")],
    ["atc", "Código ATC", data.atc ? `${data.atc}${names.atcs.get(data.atc) ? ` · ${names.atcs.get(data.atc)}` : ""}` : "—"],
    ["laboratorio_comercializador_id", "Comercializa", lab(data.laboratorio_comercializador_id)],
    ["vias", "Vías de administración", data.vias.map((v) => ROUTE_LABELS[v]).join(", ") || "—"],
    ["generico", "Genérico", yesNo(data.generico)],
    ["biosimilar", "Biosimilar", yesNo(data.biosimilar)],
    ["huerfano", "Huérfano", yesNo(data.huerfano)],
    ["triangulo_negro", "Triángulo negro", yesNo(data.triangulo_negro)],
    ["comercializado", "Comercializado", yesNo(data.comercializado)],
    ["problema_suministro", "Problemas de suministro", yesNo(data.problema_suministro)],
    ["prospecto_url", "Prospecto", data.prospecto_url ?? "—"],
    ["ficha_tecnica_url", "Ficha técnica", data.ficha_tecnica_url ?? "—"],
    ["descripcion", "Descripción", data.descripcion || "—"],
  ];
  return facts.map(([campo, etiqueta, valor]) => ({ campo, etiqueta, valor }));
}

/** The proposal beside the current product, field by field, marking what changes. */
export function compareProposal(current: ProposalData | null, proposed: ProposalData, names: ProposalNames) {
  const before = current ? proposalFacts(current, names) : null;
  return proposalFacts(proposed, names).map((fact, i) => {
    const actual = before ? (before[i]?.valor ?? null) : null;
    return { ...fact, actual, cambia: actual !== fact.valor };
  });
}
