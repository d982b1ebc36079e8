import { z } from "#common/zod";
import "#common/validation";
import { cnCheckDigit } from "./codes";
import { ADMINISTRATION_ROUTES, CATALOGUE_LIMITS, PHARMACEUTICAL_FORMS, PRESCRIPTION_TYPES, STRENGTH_UNITS } from "./vocabulary";

/**
 * A proposed product (nuevo-producto) or the proposed state of an existing one (sugerir-cambios):
 * the complete product, as the pages' forms and POST /api/visita/revisiones send it.
 */

const text = (min: number, max: number, what: string) =>
  z
    .string({ error: `${what} es obligatorio.` })
    .trim()
    .min(1, { error: `${what} es obligatorio.`, abort: true })
    .min(min, { error: `${what} debe tener al menos ${min} caracteres.` })
    .max(max, { error: `${what} no puede superar ${max} caracteres.` });

const optionalUrl = (what: string) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? null : value),
    z
      .string()
      .trim()
      .max(500, { error: `${what} no puede superar 500 caracteres.` })
      .regex(/^https:\/\/[^\s]+$/, { error: `${what} debe ser una dirección que empiece por https://.` })
      .nullable()
      .default(null),
  );

const id = (message: string) => z.coerce.number({ error: message }).int({ error: message }).positive({ error: message });

/** Six digits, or seven when the box's check digit is included (it must be right). */
export const cnSchema = z
  .string({ error: "El código nacional es obligatorio." })
  .trim()
  .transform((value) => value.replace(/[\s.]/g, ""))
  .refine((value) => /^\d{6}\d?$/.test(value), { error: "El código nacional son 6 cifras (o 7 con el dígito de control)." })
  .refine((value) => value.length === 6 || Number(value[6]) === cnCheckDigit(value.slice(0, 6)), {
    error: "El dígito de control del código nacional no es correcto.",
  })
  .transform((value) => value.slice(0, 6));

export const proposalSchema = z
  .object({
    // Tab datosObligatorios
    nombre: text(3, CATALOGUE_LIMITS.nameMax, "El nombre"),
    laboratorio_id: id("Elige el laboratorio titular."),
    numero_registro: z
      .string({ error: "El número de registro es obligatorio." })
      .trim()
      .regex(/^\d{4,12}$/, { error: "El número de registro son entre 4 y 12 cifras." }),
    forma: z.enum(PHARMACEUTICAL_FORMS, { error: "Elige la forma farmacéutica." }),
    receta: z.enum(PRESCRIPTION_TYPES, { error: "Elige las condiciones de dispensación." }),
    principios_activos: z
      .array(
        z.object({
          nombre: text(2, 120, "El principio activo"),
          dosis: z
            .string({ error: "La dosis es obligatoria." })
            .trim()
            .regex(/^\d+([.,]\d+)?(\/\d+([.,]\d+)?)?$/, { error: "La dosis es un número, por ejemplo 500 o 2,5." }),
          unidad: z.enum(STRENGTH_UNITS, { error: "Elige la unidad." }),
        }),
        { error: "Añade al menos un principio activo." },
      )
      .min(1, { error: "Añade al menos un principio activo." })
      .max(6, { error: "Como máximo 6 principios activos." }),
    presentaciones: z
      .array(z.object({ cn: cnSchema, nombre: text(3, CATALOGUE_LIMITS.nameMax, "La presentación") }), {
        error: "Añade al menos una presentación.",
      })
      .min(1, { error: "Añade al menos una presentación con su código nacional." })
      .max(10, { error: "Como máximo 10 presentaciones." }),
    // Tab datosOpcionales
    atc: z.preprocess(
      (value) => (typeof value === "string" ? value.trim().toUpperCase() || null : value),
      z
        .string()
        .regex(/^[A-Z](\d{2}([A-Z]([A-Z](\d{2})?)?)?)?$/, { error: "El código ATC no es válido (por ejemplo, M01AE01)." })
        .nullable()
        .default(null),
    ),
    laboratorio_comercializador_id: z.preprocess(
      (value) => (value === "" || value === undefined ? null : value),
      id("El laboratorio comercializador no es válido.").nullable(),
    ),
    vias: z.array(z.enum(ADMINISTRATION_ROUTES, { error: "Alguna vía de administración no es válida." })).default([]),
    generico: z.boolean().default(false),
    biosimilar: z.boolean().default(false),
    huerfano: z.boolean().default(false),
    triangulo_negro: z.boolean().default(false),
    comercializado: z.boolean().default(true),
    problema_suministro: z.boolean().default(false),
    prospecto_url: optionalUrl("El prospecto"),
    ficha_tecnica_url: optionalUrl("La ficha técnica"),
    descripcion: z.string().trim().max(2000, { error: "La descripción no puede superar 2000 caracteres." }).default(""),
  })
  .superRefine((value, issue) => {
    const seen = new Set<string>();
    value.presentaciones.forEach((p, i) => {
      if (seen.has(p.cn))
        issue.addIssue({ code: "custom", path: ["presentaciones", i, "cn"], message: "Este código nacional está repetido." });
      seen.add(p.cn);
    });
  });

export type ProposalData = z.output<typeof proposalSchema>;

/** What the API receives: the product, the product it changes (sugerir-cambios) and a note to the moderator. */
export const revisionCreateSchema = z.object({
  producto_id: z.preprocess((value) => (value === "" ? null : value), id("Producto no válido.").nullable().default(null)),
  datos: proposalSchema,
  comentario: z
    .string()
    .trim()
    .max(CATALOGUE_LIMITS.noteMax, { error: `Máximo ${CATALOGUE_LIMITS.noteMax} caracteres.` })
    .default(""),
  /** false keeps it as a draft to preview (the pages' flow); the API sends it for review by default. */
  enviar: z.boolean().default(true),
});
export type RevisionCreateInput = z.output<typeof revisionCreateSchema>;

export const rejectSchema = z.object({
  motivo: text(5, CATALOGUE_LIMITS.reasonMax, "El motivo"),
});

const BOOLEAN_FIELDS = ["generico", "biosimilar", "huerfano", "triangulo_negro", "comercializado", "problema_suministro"] as const;

/**
 * Reads the proposal form (native fields: "principios_activos.0.nombre", checkboxes present when
 * ticked, "vias" repeated) into the JSON shape. Rows left completely empty are dropped.
 */
export function proposalFromForm(form: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const rows: Record<string, Array<Record<string, string>>> = { principios_activos: [], presentaciones: [] };
  for (const [key, value] of form.entries()) {
    if (typeof value !== "string") continue;
    const match = /^(principios_activos|presentaciones)\.(\d{1,2})\.(\w+)$/.exec(key);
    if (match) {
      const list = rows[match[1] as string] as Array<Record<string, string>>;
      const index = Number(match[2]);
      list[index] = { ...(list[index] ?? {}), [match[3] as string]: value };
    } else if (key !== "vias") out[key] = value;
  }
  for (const [key, list] of Object.entries(rows)) {
    out[key] = list.filter((row) => row && Object.values(row).some((v) => v.trim() !== ""));
  }
  out.vias = form.getAll("vias").filter((v): v is string => typeof v === "string" && v !== "");
  for (const key of BOOLEAN_FIELDS) out[key] = form.get(key) === "on" || form.get(key) === "true";
  return out;
}

/** Which tab each field lives on, so the form opens the tab with the first error. */
export function tabOfField(field: string): "datosObligatorios" | "datosOpcionales" | "imagenes" {
  const root = field.split(".")[0] ?? "";
  if (root === "imagen") return "imagenes";
  return ["nombre", "laboratorio_id", "numero_registro", "forma", "receta", "principios_activos", "presentaciones"].includes(root)
    ? "datosObligatorios"
    : "datosOpcionales";
}

/** The proposal form's fields as strings and lists, from a saved proposal or from what was typed. */
export type ProposalFormValues = {
  nombre: string;
  laboratorio_id: string;
  numero_registro: string;
  forma: string;
  receta: string;
  principios_activos: Array<{ nombre: string; dosis: string; unidad: string }>;
  presentaciones: Array<{ cn: string; nombre: string }>;
  atc: string;
  laboratorio_comercializador_id: string;
  vias: string[];
  generico: boolean;
  biosimilar: boolean;
  huerfano: boolean;
  triangulo_negro: boolean;
  comercializado: boolean;
  problema_suministro: boolean;
  prospecto_url: string;
  ficha_tecnica_url: string;
  descripcion: string;
  comentario: string;
};

const str = (value: unknown) => (value === null || value === undefined ? "" : String(value));
const rowsOf = (value: unknown, keys: string[]) =>
  (Array.isArray(value) ? value : []).map((row) => Object.fromEntries(keys.map((k) => [k, str((row as Record<string, unknown>)?.[k])])));

export function toFormValues(raw: Record<string, unknown> | null, comentario = ""): ProposalFormValues {
  const v = raw ?? {};
  return {
    nombre: str(v.nombre),
    laboratorio_id: str(v.laboratorio_id),
    numero_registro: str(v.numero_registro),
    forma: str(v.forma),
    receta: str(v.receta),
    principios_activos: rowsOf(v.principios_activos, ["nombre", "dosis", "unidad"]) as ProposalFormValues["principios_activos"],
    presentaciones: rowsOf(v.presentaciones, ["cn", "nombre"]) as ProposalFormValues["presentaciones"],
    atc: str(v.atc),
    laboratorio_comercializador_id: str(v.laboratorio_comercializador_id),
    vias: Array.isArray(v.vias) ? v.vias.map(str) : [],
    generico: v.generico === true,
    biosimilar: v.biosimilar === true,
    huerfano: v.huerfano === true,
    triangulo_negro: v.triangulo_negro === true,
    comercializado: raw === null ? true : v.comercializado === true,
    problema_suministro: v.problema_suministro === true,
    prospecto_url: str(v.prospecto_url),
    ficha_tecnica_url: str(v.ficha_tecnica_url),
    descripcion: str(v.descripcion),
    comentario: str(v.comentario ?? comentario),
  };
}
