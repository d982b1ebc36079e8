import type { AdministrationRoute, PharmaceuticalForm, PrescriptionType, RegisterStatus } from "#common/visita/vocabulary";
import type { CimaMedicine } from "./cima-shapes";

/** One medicine of the register, whichever source it came from (CIMA JSON or the Nomenclátor XML). */
export type RegisterRecord = {
  nregistro: string;
  name: string;
  holder: string;
  marketer: string | null;
  ingredients: Array<{ name: string; amount: string; unit: string }>;
  atcs: Array<{ code: string; name: string; level: number }>;
  formLabel: string | null;
  routeLabels: string[];
  /** `receta` and `cpresc` of the register, and the Nomenclátor's special-prescription switches. */
  receta: boolean;
  cpresc: string;
  generic: boolean;
  biosimilar: boolean;
  orphan: boolean;
  blackTriangle: boolean;
  drivingWarning: boolean;
  marketed: boolean;
  authorisedAt: number | null;
  suspendedAt: number | null;
  revokedAt: number | null;
  smpcUrl: string | null;
  leafletUrl: string | null;
  photos: Array<{ kind: string; url: string }>;
  presentations: Array<{
    cn: string;
    name: string;
    marketed: boolean;
    supplyProblem: boolean;
    supplyFrom?: number | null;
    supplyNote?: string | null;
  }>;
};

/** A CIMA /medicamento answer as a register record (presentations from it or from /presentaciones). */
export function recordOfCima(medicine: CimaMedicine, presentations = medicine.presentaciones ?? []): RegisterRecord {
  const doc = (tipo: number) => medicine.docs.find((d) => d.tipo === tipo);
  return {
    nregistro: medicine.nregistro,
    name: medicine.nombre,
    holder: medicine.labtitular,
    marketer: medicine.labcomercializador && medicine.labcomercializador !== medicine.labtitular ? medicine.labcomercializador : null,
    ingredients: [...medicine.principiosActivos]
      .sort((a, b) => (a.orden ?? 0) - (b.orden ?? 0))
      .map((p) => ({ name: p.nombre, amount: p.cantidad ?? "", unit: p.unidad ?? "" })),
    atcs: medicine.atcs.map((a) => ({ code: a.codigo, name: a.nombre, level: a.nivel })),
    formLabel: medicine.formaFarmaceutica?.nombre ?? null,
    routeLabels: medicine.viasAdministracion.map((v) => v.nombre),
    receta: medicine.receta,
    cpresc: medicine.cpresc,
    generic: medicine.generico,
    biosimilar: medicine.biosimilar,
    orphan: medicine.huerfano,
    blackTriangle: medicine.triangulo,
    drivingWarning: medicine.conduc,
    marketed: medicine.comerc,
    authorisedAt: medicine.estado.aut ?? null,
    suspendedAt: medicine.estado.susp ?? null,
    revokedAt: medicine.estado.rev ?? null,
    smpcUrl: doc(1)?.url ?? null,
    leafletUrl: doc(2)?.url ?? null,
    photos: medicine.fotos.map((f) => ({ kind: f.tipo, url: f.url })),
    presentations: presentations.map((p) => ({ cn: p.cn, name: p.nombre, marketed: p.comerc ?? false, supplyProblem: p.psum ?? false })),
  };
}

export function registerStatusOf(record: Pick<RegisterRecord, "suspendedAt" | "revokedAt">): RegisterStatus {
  if (record.revokedAt !== null) return "revocado";
  if (record.suspendedAt !== null) return "suspendido";
  return "autorizado";
}

const fold = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "");

/**
 * The gate's prescription type from the register: `receta` says whether a prescription is needed,
 * `cpresc` which kind (hospital use, hospital diagnosis, special prescription for narcotics).
 */
export function prescriptionOf(record: Pick<RegisterRecord, "receta" | "cpresc">): PrescriptionType {
  const kind = fold(record.cpresc);
  if (kind.includes("uso hospitalario")) return "uso_hospitalario";
  if (kind.includes("diagnostico hospitalario")) return "diagnostico_hospitalario";
  if (kind.includes("estupefaciente") || kind.includes("especial")) return "receta_especial";
  if (!record.receta || kind.includes("no sujeto")) return "sin_receta";
  return "receta";
}

/** Ordered: the first rule whose words all appear in the register's form name wins. */
const FORM_RULES: Array<[PharmaceuticalForm, string[]]> = [
  ["comprimido_efervescente", ["comprimido", "efervescente"]],
  ["comprimido_bucodispersable", ["comprimido", "bucodispersable"]],
  ["comprimido_liberacion_prolongada", ["comprimido", "liberacion"]],
  ["comprimido_recubierto", ["comprimido", "recubierto"]],
  ["comprimido", ["comprimido"]],
  ["capsula_gastrorresistente", ["capsula", "gastrorresistente"]],
  ["capsula_blanda", ["capsula", "blanda"]],
  ["capsula_dura", ["capsula"]],
  ["polvo_inhalacion", ["polvo", "inhalacion"]],
  ["polvo_suspension_oral", ["polvo", "suspension oral"]],
  ["polvo_solucion_inyectable", ["polvo", "inyectable"]],
  ["solucion_inyectable_pluma", ["inyectable", "pluma"]],
  ["solucion_inyectable", ["inyectable"]],
  ["solucion_inyectable", ["perfusion"]],
  ["solucion_inhalacion", ["inhalacion"]],
  ["suspension_pulverizacion_nasal", ["nasal"]],
  ["colirio", ["colirio"]],
  ["parche_transdermico", ["parche"]],
  ["supositorio", ["supositorio"]],
  ["ovulo", ["ovulo"]],
  ["ovulo", ["vaginal"]],
  ["granulado", ["granulado"]],
  ["granulado", ["sobre"]],
  ["jarabe", ["jarabe"]],
  ["suspension_oral", ["suspension oral"]],
  ["solucion_oral", ["oral"]],
  ["crema", ["crema"]],
  ["pomada", ["pomada"]],
  ["gel", ["gel"]],
];

/** The catalogue's form category nearest to the register's wording (which the page shows as is). */
export function formKeyOf(label: string | null): PharmaceuticalForm {
  const folded = fold(label ?? "");
  for (const [key, words] of FORM_RULES) if (words.every((word) => folded.includes(word))) return key;
  return folded.includes("inyec") ? "solucion_inyectable" : "comprimido";
}

const ROUTE_WORDS: Array<[AdministrationRoute, string]> = [
  ["sublingual", "sublingual"],
  ["bucal", "bucal"],
  ["oral", "oral"],
  ["intravenosa", "intravenosa"],
  ["intramuscular", "intramuscular"],
  ["subcutanea", "subcutanea"],
  ["transdermica", "transdermica"],
  ["cutanea", "cutanea"],
  ["oftalmica", "oftalmica"],
  ["inhalatoria", "inhalatoria"],
  ["inhalatoria", "respiratoria"],
  ["nasal", "nasal"],
  ["rectal", "rectal"],
  ["vaginal", "vaginal"],
];

/** The register's routes ("VÍA ORAL", "CUTÁNEA") as the catalogue's keys; others are left out. */
export function routeKeysOf(labels: string[]): AdministrationRoute[] {
  const keys = new Set<AdministrationRoute>();
  for (const label of labels) {
    const folded = fold(label);
    const match = ROUTE_WORDS.find(([, word]) => folded.includes(word) && !(word === "cutanea" && folded.includes("subcutanea")));
    if (match) keys.add(match[0]);
  }
  return [...keys];
}
