import { slugify } from "#common/slug";
import {
  type AdministrationRoute,
  ATC_GROUPS,
  FORM_LABELS,
  type PharmaceuticalForm,
  type PrescriptionType,
} from "#common/visita/vocabulary";
import { createRng, type Rng } from "#server/jobs";
import { INGREDIENT_TEMPLATES, type IngredientTemplate } from "./ingredients";

/** Fictional laboratories of the demo catalogue (any likeness to a real one is accidental). */
export const DEMO_LABORATORIES = [
  "Laboratorios Almenara",
  "Farmalia Ibérica",
  "Quimifarma Levante",
  "Laboratorios Sierra Nevada",
  "Biocántabra",
  "Laboratorios Ebro Salud",
  "Galenia Norte",
  "Farmacéutica del Duero",
  "Laboratorios Mistral",
  "Teide Pharma",
  "Laboratorios Alhambra",
  "Medicalia Sur",
  "Laboratorios Cierzo",
  "Pirineo Farma",
  "Laboratorios Guadiana",
  "Atlántica Medicamentos",
  "Laboratorios Mediterránea",
  "Farmaceutica Valdés",
  "Laboratorios Osuna",
  "Cantabria Biotech",
  "Laboratorios Tajo",
  "Farmagenérica Castilla",
  "Laboratorios Albufera",
  "Iberofarma",
  "Laboratorios Montseny",
  "Genéricos del Segura",
  "Laboratorios Miño",
  "Farma Garona",
  "Laboratorios Urbión",
  "Balear Pharma",
  "Laboratorios Moncayo",
  "Farmacia Industrial Bética",
  "Laboratorios Gredos",
  "Nervión Farma",
  "Laboratorios Aneto",
  "Genfarma Rioja",
  "Laboratorios Júcar",
  "Canarias Biofarma",
  "Laboratorios Ordesa",
  "Farmaindustria Lusitana",
  "Laboratorios Cabo Mayor",
  "Astur Pharma",
  "Laboratorios Estrella Polar",
  "Bioterapia Navarra",
  "Laboratorios Doñana",
  "Oncofarma Ibérica",
  "Laboratorios Peñalara",
  "Vitalis Genéricos",
];

/** The demo catalogue's marker: pages and e-mails say the data is a demonstration. */
export const DEMO_NOTE =
  "Datos de demostración: marcas, laboratorios y códigos son ficticios; principios activos, códigos ATC y formas son reales.";

const ROUTES_BY_FORM: Record<PharmaceuticalForm, AdministrationRoute[]> = {
  comprimido: ["oral"],
  comprimido_recubierto: ["oral"],
  comprimido_efervescente: ["oral"],
  comprimido_bucodispersable: ["bucal", "oral"],
  comprimido_liberacion_prolongada: ["oral"],
  capsula_dura: ["oral"],
  capsula_blanda: ["oral", "vaginal"],
  capsula_gastrorresistente: ["oral"],
  granulado: ["oral"],
  polvo_suspension_oral: ["oral"],
  solucion_oral: ["oral"],
  suspension_oral: ["oral"],
  jarabe: ["oral"],
  solucion_inyectable: ["intravenosa", "subcutanea"],
  polvo_solucion_inyectable: ["intravenosa"],
  solucion_inyectable_pluma: ["subcutanea"],
  crema: ["cutanea"],
  pomada: ["cutanea"],
  gel: ["cutanea"],
  colirio: ["oftalmica"],
  solucion_inhalacion: ["inhalatoria"],
  polvo_inhalacion: ["inhalatoria"],
  suspension_pulverizacion_nasal: ["nasal"],
  parche_transdermico: ["transdermica"],
  supositorio: ["rectal"],
  ovulo: ["vaginal"],
};

/** Pack sizes and how a pack of each form is described. */
const PACKS: Record<string, { sizes: number[]; noun: (n: number) => string }> = {
  comprimido: { sizes: [10, 20, 28, 30, 56, 60], noun: (n) => `${n} comprimidos` },
  capsula: { sizes: [14, 28, 30, 56], noun: (n) => `${n} cápsulas` },
  sobre: { sizes: [1, 2, 10, 20, 30], noun: (n) => `${n} ${n === 1 ? "sobre" : "sobres"}` },
  frasco: { sizes: [100, 120, 200, 250], noun: (n) => `1 frasco de ${n} ml` },
  inyectable: { sizes: [1, 2, 4, 10], noun: (n) => `${n} ${n === 1 ? "jeringa precargada" : "jeringas precargadas"}` },
  vial: { sizes: [1, 5], noun: (n) => `${n} ${n === 1 ? "vial" : "viales"}` },
  pluma: { sizes: [1, 2, 4], noun: (n) => `${n} ${n === 1 ? "pluma precargada" : "plumas precargadas"}` },
  tubo: { sizes: [15, 30, 60], noun: (n) => `1 tubo de ${n} g` },
  colirio: { sizes: [3, 5, 10], noun: (n) => `1 frasco de ${n} ml` },
  inhalador: { sizes: [60, 120, 200], noun: (n) => `1 inhalador de ${n} dosis` },
  nasal: { sizes: [60, 120, 140], noun: (n) => `1 frasco pulverizador de ${n} dosis` },
  parche: { sizes: [5, 7, 14, 30], noun: (n) => `${n} parches` },
  supositorio: { sizes: [6, 12], noun: (n) => `${n} supositorios` },
  ovulo: { sizes: [1, 3, 6], noun: (n) => `${n} ${n === 1 ? "óvulo" : "óvulos"}` },
};
const PACK_OF_FORM: Record<PharmaceuticalForm, keyof typeof PACKS> = {
  comprimido: "comprimido",
  comprimido_recubierto: "comprimido",
  comprimido_efervescente: "comprimido",
  comprimido_bucodispersable: "comprimido",
  comprimido_liberacion_prolongada: "comprimido",
  capsula_dura: "capsula",
  capsula_blanda: "capsula",
  capsula_gastrorresistente: "capsula",
  granulado: "sobre",
  polvo_suspension_oral: "frasco",
  solucion_oral: "frasco",
  suspension_oral: "frasco",
  jarabe: "frasco",
  solucion_inyectable: "inyectable",
  polvo_solucion_inyectable: "vial",
  solucion_inyectable_pluma: "pluma",
  crema: "tubo",
  pomada: "tubo",
  gel: "tubo",
  colirio: "colirio",
  solucion_inhalacion: "inhalador",
  polvo_inhalacion: "inhalador",
  suspension_pulverizacion_nasal: "nasal",
  parche_transdermico: "parche",
  supositorio: "supositorio",
  ovulo: "ovulo",
};

export type GeneratedProduct = {
  name: string;
  slug: string;
  registrationNumber: string;
  holder: number; // index into DEMO_LABORATORIES
  marketer: number | null;
  atcCode: string;
  form: PharmaceuticalForm;
  routes: AdministrationRoute[];
  prescription: PrescriptionType;
  generic: boolean;
  biosimilar: boolean;
  orphan: boolean;
  blackTriangle: boolean;
  marketed: boolean;
  supplyProblem: boolean;
  description: string;
  ingredients: Array<{ name: string; strength: string; unit: string }>;
  presentations: Array<{ cn: string; name: string; marketed: boolean; supplyProblem: boolean }>;
};

const BRAND_ENDINGS = ["ax", "ol", "en", "ina", "ex", "or", "il", "an", "ium", "yl", "ara", "eno", "ix", "on", "ec", "asa"];
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const shortLab = (name: string) => name.replace(/^Laboratorios /, "").replace(/ (Pharma|Farma|Biotech|Genéricos|Medicamentos)$/, "");

/** A fictional brand made from the ingredient's stem: "ibuprofeno" → "Ibupax". */
function brandOf(rng: Rng, dci: string): string {
  const stem = dci
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z]/g, "")
    .slice(0, rng.int(3, 5));
  return capitalise(stem + rng.pick(BRAND_ENDINGS));
}

function prescriptionOf(template: IngredientTemplate, strength: string): PrescriptionType {
  if (template.otcUpTo !== undefined && Number(strength.replace(",", ".")) <= template.otcUpTo) return "sin_receta";
  return template.rx;
}

/** "Ibuprofeno Almenara 600 mg comprimidos recubiertos con película EFG". */
function productName(base: string, strength: string, template: IngredientTemplate, generic: boolean) {
  const form = FORM_LABELS[template.form].toLowerCase();
  return `${base} ${strength} ${template.unit} ${form}${generic ? " EFG" : ""}`;
}

export type CatalogueOptions = { seed?: number; count?: number };

/**
 * The demo catalogue: for each template and strength an original brand and a few generics (or
 * biosimilars) from other laboratories, until `count` products exist. Deterministic for a seed;
 * registration numbers and national codes are sequential, so they never collide.
 */
export function generateCatalogue(options: CatalogueOptions = {}): GeneratedProduct[] {
  const rng = createRng(options.seed ?? 13);
  const count = options.count ?? 600;
  const products: GeneratedProduct[] = [];
  const usedNames = new Set<string>();
  let registration = 60_000;
  let cn = 600_000;
  for (let round = 0; products.length < count; round++) {
    for (const template of INGREDIENT_TEMPLATES) {
      if (products.length >= count) break;
      const dcis = template.dci.split("+");
      const display = capitalise(dcis.join("/"));
      for (const strength of template.strengths) {
        if (products.length >= count) break;
        const copies = round === 0 ? rng.int(1, 3) : 1;
        for (let copy = 0; copy < copies && products.length < count; copy++) {
          // The first product of a strength is the original brand; later ones are generics/biosimilars.
          const original = round === 0 && copy === 0;
          const holder = rng.int(0, DEMO_LABORATORIES.length - 1);
          const labName = DEMO_LABORATORIES[holder] as string;
          const generic = !original && !template.biosimilar && !template.orphan;
          let base = original || !generic ? brandOf(rng, dcis[0] as string) : `${display} ${shortLab(labName)}`;
          let name = productName(base, strength, template, generic);
          for (let attempt = 2; usedNames.has(name); attempt++) {
            // An ingredient has only a few dozen brand stems: past them (large catalogues, such as
            // the benchmark's 50,000), a brand is told apart by its laboratory and a number.
            const brand = original || !generic ? brandOf(rng, dcis[0] as string) : display;
            base = (original || !generic) && attempt <= 20 ? brand : `${brand} ${shortLab(labName)} ${attempt}`;
            name = productName(base, strength, template, generic);
          }
          usedNames.add(name);
          const strengths = strength.split("/");
          const marketed = rng.next() > 0.06;
          const packs = PACKS[PACK_OF_FORM[template.form]] as (typeof PACKS)[string];
          const presentations = rng
            .sample(packs.sizes, rng.int(1, 2))
            .sort((a, b) => a - b)
            .map((size) => ({
              cn: String(cn++),
              name: `${name}, ${packs.noun(size)}`,
              marketed,
              supplyProblem: marketed && rng.next() < 0.04,
            }));
          products.push({
            name,
            slug: slugify(name, 190),
            registrationNumber: String(registration++),
            holder,
            marketer: rng.next() < 0.15 ? rng.int(0, DEMO_LABORATORIES.length - 1) : null,
            atcCode: template.atc,
            form: template.form,
            routes: ROUTES_BY_FORM[template.form],
            prescription: prescriptionOf(template, strength),
            generic,
            biosimilar: Boolean(template.biosimilar) && !original,
            orphan: Boolean(template.orphan),
            blackTriangle: Boolean(template.blackTriangle),
            marketed,
            supplyProblem: presentations.some((p) => p.supplyProblem),
            description: `${display} (${ATC_GROUPS[template.atc.charAt(0)]?.toLowerCase() ?? "medicamento"}), ${FORM_LABELS[template.form].toLowerCase()} de ${strength} ${template.unit}. ${DEMO_NOTE}`,
            ingredients: dcis.map((dci, i) => ({ name: dci, strength: strengths[i] ?? (strengths[0] as string), unit: template.unit })),
            presentations,
          });
        }
      }
    }
  }
  return products;
}

/** ATC codes of the templates (level 5, named after their ingredient) and the level-1 groups. */
export function demoAtcCodes(): Array<{ code: string; name: string; level: number }> {
  const codes = new Map<string, { code: string; name: string; level: number }>();
  for (const [code, name] of Object.entries(ATC_GROUPS)) codes.set(code, { code, name, level: 1 });
  for (const template of INGREDIENT_TEMPLATES) {
    if (!codes.has(template.atc)) codes.set(template.atc, { code: template.atc, name: template.dci.split("+").join(" y "), level: 5 });
  }
  return [...codes.values()];
}
