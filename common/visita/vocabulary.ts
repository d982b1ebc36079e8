/**
 * Visita: the medicines catalogue's vocabularies. Keys are what the database stores; labels are
 * what users read. The keys follow the categories Spain's medicines agency (AEMPS, CIMA) publishes.
 */

/** Prescription status (CIMA "condiciones de prescripción"). Everything but sin_receta needs a prescription. */
export const PRESCRIPTION_TYPES = ["sin_receta", "receta", "receta_especial", "uso_hospitalario", "diagnostico_hospitalario"] as const;
export type PrescriptionType = (typeof PRESCRIPTION_TYPES)[number];

export const PRESCRIPTION_LABELS: Record<PrescriptionType, string> = {
  sin_receta: "Sin receta",
  receta: "Con receta médica",
  receta_especial: "Receta médica especial (estupefacientes)",
  uso_hospitalario: "Uso hospitalario",
  diagnostico_hospitalario: "Diagnóstico hospitalario",
};

/** Prescription-only medicines sit behind the professional gate (Spanish law on advertising). */
export const isPrescriptionOnly = (prescription: PrescriptionType) => prescription !== "sin_receta";

/** Pharmaceutical forms (EDQM standard terms in Spanish, the ones the demo catalogue uses). */
export const PHARMACEUTICAL_FORMS = [
  "comprimido",
  "comprimido_recubierto",
  "comprimido_efervescente",
  "comprimido_bucodispersable",
  "comprimido_liberacion_prolongada",
  "capsula_dura",
  "capsula_blanda",
  "capsula_gastrorresistente",
  "granulado",
  "polvo_suspension_oral",
  "solucion_oral",
  "suspension_oral",
  "jarabe",
  "solucion_inyectable",
  "polvo_solucion_inyectable",
  "solucion_inyectable_pluma",
  "crema",
  "pomada",
  "gel",
  "colirio",
  "solucion_inhalacion",
  "polvo_inhalacion",
  "suspension_pulverizacion_nasal",
  "parche_transdermico",
  "supositorio",
  "ovulo",
] as const;
export type PharmaceuticalForm = (typeof PHARMACEUTICAL_FORMS)[number];

export const FORM_LABELS: Record<PharmaceuticalForm, string> = {
  comprimido: "Comprimido",
  comprimido_recubierto: "Comprimido recubierto con película",
  comprimido_efervescente: "Comprimido efervescente",
  comprimido_bucodispersable: "Comprimido bucodispersable",
  comprimido_liberacion_prolongada: "Comprimido de liberación prolongada",
  capsula_dura: "Cápsula dura",
  capsula_blanda: "Cápsula blanda",
  capsula_gastrorresistente: "Cápsula dura gastrorresistente",
  granulado: "Granulado para solución oral",
  polvo_suspension_oral: "Polvo para suspensión oral",
  solucion_oral: "Solución oral",
  suspension_oral: "Suspensión oral",
  jarabe: "Jarabe",
  solucion_inyectable: "Solución inyectable",
  polvo_solucion_inyectable: "Polvo para solución inyectable",
  solucion_inyectable_pluma: "Solución inyectable en pluma precargada",
  crema: "Crema",
  pomada: "Pomada",
  gel: "Gel",
  colirio: "Colirio en solución",
  solucion_inhalacion: "Solución para inhalación en envase a presión",
  polvo_inhalacion: "Polvo para inhalación",
  suspension_pulverizacion_nasal: "Suspensión para pulverización nasal",
  parche_transdermico: "Parche transdérmico",
  supositorio: "Supositorio",
  ovulo: "Óvulo vaginal",
};

/** Routes of administration. */
export const ADMINISTRATION_ROUTES = [
  "oral",
  "bucal",
  "sublingual",
  "intravenosa",
  "intramuscular",
  "subcutanea",
  "cutanea",
  "oftalmica",
  "inhalatoria",
  "nasal",
  "transdermica",
  "rectal",
  "vaginal",
] as const;
export type AdministrationRoute = (typeof ADMINISTRATION_ROUTES)[number];

export const ROUTE_LABELS: Record<AdministrationRoute, string> = {
  oral: "Vía oral",
  bucal: "Vía bucal",
  sublingual: "Vía sublingual",
  intravenosa: "Vía intravenosa",
  intramuscular: "Vía intramuscular",
  subcutanea: "Vía subcutánea",
  cutanea: "Vía cutánea",
  oftalmica: "Vía oftálmica",
  inhalatoria: "Vía inhalatoria",
  nasal: "Vía nasal",
  transdermica: "Vía transdérmica",
  rectal: "Vía rectal",
  vaginal: "Vía vaginal",
};

/** Units of an active ingredient's strength. */
export const STRENGTH_UNITS = ["mg", "g", "µg", "mg/ml", "mg/g", "µg/dosis", "UI", "UI/ml", "%", "mg/5 ml", "µg/h"] as const;
export type StrengthUnit = (typeof STRENGTH_UNITS)[number];

/** The 14 anatomical main groups of the ATC classification (level 1), in Spanish. */
export const ATC_GROUPS: Record<string, string> = {
  A: "Tracto alimentario y metabolismo",
  B: "Sangre y órganos hematopoyéticos",
  C: "Sistema cardiovascular",
  D: "Dermatológicos",
  G: "Sistema genitourinario y hormonas sexuales",
  H: "Preparados hormonales sistémicos",
  J: "Antiinfecciosos para uso sistémico",
  L: "Agentes antineoplásicos e inmunomoduladores",
  M: "Sistema musculoesquelético",
  N: "Sistema nervioso",
  P: "Antiparasitarios, insecticidas y repelentes",
  R: "Sistema respiratorio",
  S: "Órganos de los sentidos",
  V: "Varios",
};

/** Revisions of the catalogue proposed by representatives. */
export const REVISION_KINDS = ["nuevo", "cambios"] as const;
export type RevisionKind = (typeof REVISION_KINDS)[number];
/**
 * borrador: saved by its author to preview, not yet sent; only pendiente ones reach moderators.
 * cerrada: closed by a register sync or import that now covers it (decision 0123), with a note.
 */
export const REVISION_STATUSES = ["borrador", "pendiente", "aprobada", "rechazada", "cerrada"] as const;
export type RevisionStatus = (typeof REVISION_STATUSES)[number];

export const REVISION_STATUS_LABELS: Record<RevisionStatus, string> = {
  borrador: "Borrador sin enviar",
  pendiente: "Pendiente de revisión",
  aprobada: "Aprobada",
  rechazada: "Rechazada",
  cerrada: "Cerrada: ya está en el registro",
};

export const CATALOGUE_LIMITS = {
  qMax: 120,
  searchLimitDefault: 20,
  searchLimitMax: 50,
  noteMax: 1000,
  zonasMax: 60,
  nameMax: 200,
  reasonMax: 1000,
} as const;

/** The default tabs of product-spec §9. */
export const DEFAULT_TABS = { sugerirCambios: "editarProducto", asociarProducto: "vincular", nuevoProducto: "datosObligatorios" } as const;

/** A medicine's state in the AEMPS register (issue 29): suspended and revoked ones stay, flagged. */
export const REGISTER_STATUSES = ["autorizado", "suspendido", "revocado"] as const;
export type RegisterStatus = (typeof REGISTER_STATUSES)[number];

export const REGISTER_STATUS_LABELS: Record<RegisterStatus, string> = {
  autorizado: "Autorizado",
  suspendido: "Suspendido por la AEMPS",
  revocado: "Revocado por la AEMPS",
};
