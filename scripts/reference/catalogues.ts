/**
 * Hand-kept catalogues of the pharma / healthcare sector in Spain and LATAM:
 * job titles (cargos) and company types (empresa-tipos). Slugs are derived
 * from the names; ids are stable (see assignStableIds), so a name may be
 * edited only if its slug must change too — better add a new entry.
 */
import type { Cargo, EmpresaTipo } from "#common/reference";
import { assignStableIds, compareEs, slugify } from "./util";

export const CARGOS: readonly string[] = [
  // Sales and field force
  "Visitador médico",
  "Key Account Manager (KAM)",
  "Delegado de ventas",
  "Delegado hospitalario",
  "Jefe de ventas / Gerente de distrito",
  "Promotor farmacéutico (dermocosmética)",
  "Asesor de dermocosmética",
  "Business Development",
  "Country Manager",
  "Director general",
  // Marketing and market access
  "Product Manager",
  "Brand manager",
  "Marketing farmacéutico",
  "Trade marketing",
  "Acceso al mercado (Market Access)",
  // Medical affairs and clinical research
  "Medical Science Liaison (MSL)",
  "Medical Advisor",
  "Director médico",
  "Comunicación médica",
  "Monitor de ensayos clínicos (CRA)",
  "Coordinador de ensayos clínicos (CTA)",
  "Investigador",
  "Bioestadístico",
  "Data Scientist / Analista de datos",
  // Regulatory, pharmacovigilance and quality
  "Técnico de registros (Asuntos regulatorios)",
  "Técnico de farmacovigilancia",
  "Técnico de calidad (QA)",
  "Control de calidad (QC)",
  "Director técnico",
  // Manufacturing, laboratory and supply chain
  "Farmacéutico de industria",
  "Responsable de producción",
  "Técnico de producción",
  "Ingeniero de procesos",
  "Técnico de laboratorio",
  "Responsable de compras",
  "Logística / Distribución farmacéutica",
  // Pharmacy
  "Farmacéutico comunitario",
  "Farmacéutico hospitalario",
  "Técnico en farmacia",
  "Auxiliar de farmacia",
  "Técnico ortopédico",
  // Healthcare professionals
  "Médico",
  "Enfermero/a",
  "Nutricionista",
  "Óptico",
  "Fisioterapeuta",
  "Veterinario",
  // Support functions
  "Consultor",
  "Recursos humanos",
  "Administración",
  "Atención al cliente",
  "Formación",
  "Otro",
];

/** Kept in this order (the order of the sign-up select), "Otro" last. */
export const EMPRESA_TIPOS: readonly string[] = [
  "Laboratorio farmacéutico",
  "Distribuidora farmacéutica",
  "Oficina de farmacia",
  "Hospital / Clínica",
  "CRO",
  "Consultora",
  "Agencia de comunicación / marketing",
  "Empresa de tecnología sanitaria",
  "Parafarmacia / Dermocosmética",
  "Administración pública",
  "Asociación / Colegio profesional",
  "Centro de formación / Universidad",
  "Empresa de selección de personal",
  "Otro",
];

type Entry = { id: number; slug: string; nombre: string };

function buildCatalogue(names: readonly string[], previous: Pick<Entry, "slug" | "id">[], sort: boolean): Entry[] {
  const rows = names.map((nombre) => ({ slug: slugify(nombre), nombre }));
  if (sort) rows.sort((a, b) => compareEs(a.nombre, b.nombre));
  const seen = new Set<string>();
  for (const { slug } of rows) {
    if (seen.has(slug)) throw new Error(`Duplicate catalogue slug ${slug}`);
    seen.add(slug);
  }
  const ids = assignStableIds(
    rows.map((r) => r.slug),
    new Map(previous.map((p) => [p.slug, p.id])),
  );
  return rows.map((r) => ({ id: ids.get(r.slug) as number, ...r }));
}

/** Sorted by nombre (Spanish collation), ids keyed by slug. */
export function buildCargos(previous: Pick<Cargo, "slug" | "id">[]): Cargo[] {
  return buildCatalogue(CARGOS, previous, true);
}

/** Kept in EMPRESA_TIPOS order, ids keyed by slug. */
export function buildEmpresaTipos(previous: Pick<EmpresaTipo, "slug" | "id">[]): EmpresaTipo[] {
  return buildCatalogue(EMPRESA_TIPOS, previous, false);
}
