/**
 * Medicines in CIMA's exact JSON shapes (the /medicamento detail: nregistro, nombre, labtitular,
 * cpresc, estado {aut, susp, rev} in epoch ms, receta, comerc, psum, docs, fotos, atcs,
 * principiosActivos, vtm, formaFarmaceutica, viasAdministracion, presentaciones). Invented
 * registration numbers and codes; real ingredients, ATC codes, forms and routes.
 */
export type CimaDetail = Record<string, unknown> & { nregistro: string; nombre: string };

const AUT = Date.UTC(2008, 2, 14, 22); // CIMA's dates are midnight in Madrid, as epoch ms
const doc = (nregistro: string, tipo: number) => ({
  tipo,
  url: `https://cima.aemps.es/cima/pdfs/${tipo === 1 ? "ft" : "p"}/${nregistro}/${tipo === 1 ? "FT" : "P"}_${nregistro}.pdf`,
  secc: true,
  urlHtml: `https://cima.aemps.es/cima/dochtml/${tipo === 1 ? "ft" : "p"}/${nregistro}/${tipo === 1 ? "FT" : "P"}_${nregistro}.html`,
  fecha: AUT + 86_400_000 * 400,
});

type Options = {
  nregistro: string;
  nombre: string;
  labtitular: string;
  labcomercializador?: string;
  cpresc: string;
  receta: boolean;
  generico?: boolean;
  pa: Array<[string, string, string]>;
  atc: [string, string];
  forma: [number, string];
  vias: Array<[number, string]>;
  presentaciones: Array<[string, string, boolean?, boolean?]>;
  estado?: { aut?: number; susp?: number; rev?: number };
};

export function cimaDetail(o: Options): CimaDetail {
  return {
    nregistro: o.nregistro,
    nombre: o.nombre,
    pactivos: o.pa.map(([n]) => n).join(", "),
    labtitular: o.labtitular,
    ...(o.labcomercializador ? { labcomercializador: o.labcomercializador } : {}),
    cpresc: o.cpresc,
    estado: o.estado ?? { aut: AUT },
    comerc: o.presentaciones.some(([, , comerc = true]) => comerc),
    receta: o.receta,
    generico: o.generico ?? false,
    conduc: false,
    triangulo: false,
    huerfano: false,
    biosimilar: false,
    nosustituible: { id: 0, nombre: "N/A" },
    psum: o.presentaciones.some(([, , , psum = false]) => psum),
    notas: false,
    materialesInf: false,
    ema: false,
    docs: [doc(o.nregistro, 1), doc(o.nregistro, 2)],
    fotos: [
      {
        tipo: "materialas",
        url: `https://cima.aemps.es/cima/fotos/full/materialas/${o.nregistro}/${o.nregistro}_materialas.jpg`,
        fecha: AUT,
      },
      {
        tipo: "formafarmac",
        url: `https://cima.aemps.es/cima/fotos/full/formafarmac/${o.nregistro}/${o.nregistro}_formafarmac.jpg`,
        fecha: AUT,
      },
    ],
    atcs: [
      { codigo: o.atc[0].slice(0, 1), nombre: "Grupo", nivel: 1 },
      { codigo: o.atc[0], nombre: o.atc[1], nivel: 5 },
    ],
    principiosActivos: o.pa.map(([nombre, cantidad, unidad], i) => ({
      id: 1000 + i,
      codigo: `${1000 + i}A`,
      nombre,
      cantidad,
      unidad,
      orden: i + 1,
    })),
    excipientes: [],
    vtm: { id: 1, nombre: o.pa.map(([n]) => n.toLowerCase()).join(" + ") },
    formaFarmaceutica: { id: o.forma[0], nombre: o.forma[1] },
    formaFarmaceuticaSimplificada: { id: 1, nombre: o.forma[1].split(" ")[0] },
    viasAdministracion: o.vias.map(([id, nombre]) => ({ id, nombre })),
    presentaciones: o.presentaciones.map(([cn, nombre, comerc = true, psum = false]) => ({
      cn,
      nombre,
      estado: { aut: AUT },
      comerc,
      psum,
    })),
    dosis: o.pa[0]?.[1] ?? "",
  };
}

export const IBUPROFENO = cimaDetail({
  nregistro: "70001",
  nombre: "IBUPROFENO NORTEFARMA 600 mg COMPRIMIDOS RECUBIERTOS CON PELICULA EFG",
  labtitular: "Nortefarma, S.A.",
  cpresc: "Medicamento Sujeto A Prescripción Médica",
  receta: true,
  generico: true,
  pa: [["IBUPROFENO", "600", "mg"]],
  atc: ["M01AE01", "IBUPROFENO"],
  forma: [40, "COMPRIMIDO RECUBIERTO CON PELÍCULA"],
  vias: [[48, "VÍA ORAL"]],
  presentaciones: [
    ["700011", "IBUPROFENO NORTEFARMA 600 mg COMPRIMIDOS RECUBIERTOS CON PELICULA EFG, 40 comprimidos"],
    ["700012", "IBUPROFENO NORTEFARMA 600 mg COMPRIMIDOS RECUBIERTOS CON PELICULA EFG, 500 comprimidos", false],
  ],
});

export const PARACETAMOL = cimaDetail({
  nregistro: "70002",
  nombre: "PARACETAMOL SURLAB 500 mg COMPRIMIDOS",
  labtitular: "Surlab Pharma, S.L.",
  labcomercializador: "Distribuciones Surlab, S.L.",
  cpresc: "Medicamento No Sujeto A Prescripción Médica",
  receta: false,
  pa: [["PARACETAMOL", "500", "mg"]],
  atc: ["N02BE01", "PARACETAMOL"],
  forma: [10, "COMPRIMIDO"],
  vias: [[48, "VÍA ORAL"]],
  presentaciones: [["700021", "PARACETAMOL SURLAB 500 mg COMPRIMIDOS, 20 comprimidos"]],
});

export const AMOXICILINA = cimaDetail({
  nregistro: "70003",
  nombre: "AMOXICILINA/ÁCIDO CLAVULÁNICO NORTEFARMA 875 mg/125 mg POLVO PARA SUSPENSIÓN ORAL EN SOBRE EFG",
  labtitular: "Nortefarma, S.A.",
  cpresc: "Medicamento Sujeto A Prescripción Médica",
  receta: true,
  generico: true,
  pa: [
    ["AMOXICILINA TRIHIDRATO", "875", "mg"],
    ["CLAVULANATO POTASIO", "125", "mg"],
  ],
  atc: ["J01CR02", "AMOXICILINA E INHIBIDORES DE LA BETALACTAMASA"],
  forma: [57, "POLVO PARA SUSPENSIÓN ORAL EN SOBRE"],
  vias: [[48, "VÍA ORAL"]],
  presentaciones: [["700031", "AMOXICILINA/ÁCIDO CLAVULÁNICO NORTEFARMA 875 mg/125 mg, 12 sobres", true, true]],
});

export const HEPARINA = cimaDetail({
  nregistro: "70004",
  nombre: "ENOXAPARINA HOSPIMED 4.000 UI SOLUCIÓN INYECTABLE EN JERINGA PRECARGADA",
  labtitular: "Hospimed Biológicos, S.A.",
  cpresc: "Uso Hospitalario",
  receta: true,
  pa: [["ENOXAPARINA SODICA", "4000", "UI"]],
  atc: ["B01AB05", "ENOXAPARINA"],
  forma: [36, "SOLUCIÓN INYECTABLE EN JERINGA PRECARGADA"],
  vias: [
    [58, "VÍA SUBCUTÁNEA"],
    [54, "VÍA INTRAVENOSA"],
  ],
  presentaciones: [["700041", "ENOXAPARINA HOSPIMED 4.000 UI, 10 jeringas precargadas"]],
});

/** A detail without labtitular nor receta: reported with its registration number and skipped. */
export const BROKEN = { nregistro: "70005", nombre: "DICLOFENACO ROTO 50 mg COMPRIMIDOS", estado: { aut: AUT }, cpresc: "" };

/** The list's rows (/medicamentos): the summary fields CIMA returns for each medicine. */
export const summaryOf = (detail: Record<string, unknown>) => {
  const { principiosActivos: _p, excipientes: _e, atcs: _a, presentaciones: _pr, pactivos: _pa, ...summary } = detail;
  return summary;
};

/** /psuministro rows: the amoxicillin pack's supply problem, from fini to the expected ffin. */
export const SUPPLY = [
  {
    cn: "700031",
    nombre: "AMOXICILINA/ÁCIDO CLAVULÁNICO NORTEFARMA 875 mg/125 mg, 12 sobres",
    fini: Date.UTC(2026, 9, 1, 22),
    ffin: Date.UTC(2026, 11, 14, 23),
    observ: "Existe otro medicamento con el mismo principio activo y para la misma vía de administración",
    activo: true,
  },
];
