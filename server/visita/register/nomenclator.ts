import type { RegisterRecord } from "./register-record";
import { ImportError, readXmlRecords, textOf, type XmlNode } from "./xml-reader";

/**
 * The AEMPS Nomenclátor de prescripción (monthly XML dumps): Prescripcion.xml holds one
 * <prescription> per presentation (cod_nacion, nro_definitivo, des_nomco, des_prese, sw_* switches
 * as 0/1, dates as dd/mm/yyyy, nested formasfarmaceuticas/composicion_pa/viasadministracion, atc,
 * problemassuministro); the DICCIONARIO_*.xml files name the codes it uses.
 */
const DICTIONARIES: Record<string, { key: string[]; value: string; into: keyof Dictionaries }> = {
  aemps_prescripcion_laboratorios: { key: ["codigolaboratorio"], value: "laboratorio", into: "labs" },
  aemps_prescripcion_principios_activos: {
    key: ["nroprincipioactivo", "codigoprincipioactivo"],
    value: "principioactivo",
    into: "ingredients",
  },
  aemps_prescripcion_formas_farmaceuticas: { key: ["codigoformafarmaceutica"], value: "formafarmaceutica", into: "forms" },
  aemps_prescripcion_vias_administracion: { key: ["codigoviaadministracion"], value: "viaadministracion", into: "routes" },
  aemps_prescripcion_atc: { key: ["codigoatc"], value: "descatc", into: "atcs" },
};
export type Dictionaries = Record<"labs" | "ingredients" | "forms" | "routes" | "atcs", Map<string, string>>;
export const PRESCRIPTION_ROOT = "aemps_prescripcion";

export const emptyDictionaries = (): Dictionaries => ({
  labs: new Map(),
  ingredients: new Map(),
  forms: new Map(),
  routes: new Map(),
  atcs: new Map(),
});

/** Reads one Nomenclátor file into `dictionaries` or `rows`, by its root element. */
export async function readNomenclatorFile(file: string, dictionaries: Dictionaries, rows: XmlNode[]): Promise<void> {
  let kind: (typeof DICTIONARIES)[string] | "prescription" | null = null;
  await readXmlRecords(
    file,
    (root) => {
      if (root === PRESCRIPTION_ROOT) kind = "prescription";
      else if (DICTIONARIES[root]) kind = DICTIONARIES[root];
      else {
        throw new ImportError(
          `${file.split("/").pop()}: formato desconocido (elemento raíz <${root}>); se espera el Nomenclátor de la AEMPS (<${PRESCRIPTION_ROOT}>) o sus diccionarios.`,
        );
      }
    },
    (node) => {
      if (kind === "prescription") {
        if (node.name === "prescription") rows.push(node);
      } else if (kind) {
        const dictionary = kind;
        for (const key of dictionary.key) {
          const code = textOf(node, key);
          // ATC names come as "A02BC01 - OMEPRAZOL".
          if (code) dictionaries[dictionary.into].set(code, textOf(node, dictionary.value).replace(`${code} - `, ""));
        }
      }
    },
  );
}

const flag = (node: XmlNode, name: string) => textOf(node, name) === "1";
/** dd/mm/yyyy as epoch ms (midnight UTC of that day). */
function dayOf(text: string): number | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  return match ? Date.UTC(Number(match[3]), Number(match[2]) - 1, Number(match[1])) : null;
}
const all = (node: XmlNode, name: string): XmlNode[] =>
  node.children.flatMap((child) => (child.name === name ? [child] : all(child, name)));

/** Groups presentations by registration number into register records; rows without the required fields are skipped. */
export function recordsOfNomenclator(rows: XmlNode[], dictionaries: Dictionaries, skipped: Array<{ nregistro: string; problem: string }>) {
  const byRegistration = new Map<string, RegisterRecord>();
  const lookup = (map: Map<string, string>, code: string) => map.get(code) ?? code;
  for (const row of rows) {
    const nregistro = textOf(row, "nro_definitivo");
    const cn = textOf(row, "cod_nacion");
    const missing = ["nro_definitivo", "cod_nacion", "des_nomco", "laboratorio_titular"].find((field) => !textOf(row, field));
    if (missing || !/^\d{6}$/.test(cn)) {
      skipped.push({
        nregistro: nregistro || `CN ${cn || "?"}`,
        problem: missing ? `falta ${missing}` : `cod_nacion «${cn}» no es un código nacional`,
      });
      continue;
    }
    const supply = all(row, "problemassuministro")[0];
    const presentation = {
      cn,
      name: textOf(row, "des_prese") || textOf(row, "des_nomco"),
      marketed: flag(row, "sw_comercializado"),
      supplyProblem: Boolean(supply),
      supplyFrom: supply ? dayOf(textOf(supply, "fecha_inicio")) : null,
      supplyNote: supply ? textOf(supply, "observaciones") || null : null,
    };
    const existing = byRegistration.get(nregistro);
    if (existing) {
      existing.presentations.push(presentation);
      existing.marketed ||= presentation.marketed;
      continue;
    }
    const form = all(row, "formasfarmaceuticas")[0];
    const status = textOf(row, "cod_sitreg");
    const statusDate = dayOf(textOf(row, "fecha_situacion_registro"));
    const marketer = textOf(row, "laboratorio_comercializador");
    const special = flag(row, "sw_estupefaciente");
    byRegistration.set(nregistro, {
      nregistro,
      name: textOf(row, "des_nomco"),
      holder: lookup(dictionaries.labs, textOf(row, "laboratorio_titular")),
      marketer: marketer && marketer !== textOf(row, "laboratorio_titular") ? lookup(dictionaries.labs, marketer) : null,
      ingredients: (form ? all(form, "composicion_pa") : []).map((pa) => ({
        name: lookup(dictionaries.ingredients, textOf(pa, "cod_principio_activo")),
        amount: textOf(pa, "dosis_pa"),
        unit: textOf(pa, "unidad_dosis_pa"),
      })),
      atcs: all(row, "atc").map((atc) => {
        const code = textOf(atc, "cod_atc");
        return {
          code,
          name: dictionaries.atcs.get(code) ?? code,
          level: code.length >= 7 ? 5 : code.length >= 5 ? 4 : code.length >= 4 ? 3 : code.length >= 3 ? 2 : 1,
        };
      }),
      formLabel: form ? lookup(dictionaries.forms, textOf(form, "cod_forfar")) : null,
      routeLabels: (form ? all(form, "cod_via_admin") : []).map((via) => lookup(dictionaries.routes, via.text.trim())),
      receta: flag(row, "sw_receta") || special,
      cpresc: flag(row, "sw_uso_hospitalario")
        ? "Uso Hospitalario"
        : flag(row, "sw_diagnostico_hospitalario")
          ? "Diagnóstico Hospitalario"
          : special
            ? "Estupefaciente"
            : flag(row, "sw_receta")
              ? "Medicamento Sujeto A Prescripción Médica"
              : "Medicamento No Sujeto A Prescripción Médica",
      generic: flag(row, "sw_generico"),
      biosimilar: flag(row, "biosimilar"),
      orphan: flag(row, "sw_huerfano"),
      blackTriangle: flag(row, "sw_triangulo_negro"),
      drivingWarning: flag(row, "sw_afecta_conduccion"),
      marketed: presentation.marketed,
      authorisedAt: dayOf(textOf(row, "fecha_autorizacion")),
      suspendedAt: status === "2" ? statusDate : null,
      revokedAt: status === "3" ? statusDate : null,
      smpcUrl: textOf(row, "url_fictec") || null,
      leafletUrl: textOf(row, "url_prosp") || null,
      photos: [],
      presentations: [presentation],
    });
  }
  return [...byRegistration.values()];
}
