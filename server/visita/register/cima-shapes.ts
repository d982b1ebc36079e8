import { z } from "zod";

/**
 * The AEMPS CIMA REST API's JSON, as its documentation and public clients describe it: field names
 * in Spanish, dates as epoch milliseconds, lists in a paged envelope. Only what the catalogue uses
 * is checked; other fields pass through.
 */
const epochMs = z.number().int();
const item = z.object({ id: z.number().int().optional(), codigo: z.string().optional(), nombre: z.string() });

export const cimaStatusSchema = z.object({ aut: epochMs.optional(), susp: epochMs.optional(), rev: epochMs.optional() });

export const cimaPresentationSchema = z.object({
  cn: z.string().regex(/^\d{6}$/, { error: "cn no es un código nacional de 6 cifras" }),
  nombre: z.string().min(1),
  estado: cimaStatusSchema.optional(),
  comerc: z.boolean().optional(),
  psum: z.boolean().optional(),
});

export const cimaMedicineSchema = z.object({
  nregistro: z.string().min(1),
  nombre: z.string().min(1, { error: "falta nombre" }),
  labtitular: z.string().min(1, { error: "falta labtitular" }),
  labcomercializador: z.string().optional(),
  cpresc: z.string().default(""),
  estado: cimaStatusSchema,
  comerc: z.boolean().default(false),
  receta: z.boolean(),
  generico: z.boolean().default(false),
  conduc: z.boolean().default(false),
  triangulo: z.boolean().default(false),
  huerfano: z.boolean().default(false),
  biosimilar: z.boolean().default(false),
  psum: z.boolean().default(false),
  docs: z.array(z.object({ tipo: z.number().int(), url: z.string(), urlHtml: z.string().optional() })).default([]),
  fotos: z.array(z.object({ tipo: z.string(), url: z.string() })).default([]),
  atcs: z.array(z.object({ codigo: z.string().max(7), nombre: z.string(), nivel: z.number().int() })).default([]),
  principiosActivos: z
    .array(
      z.object({ nombre: z.string().min(1), cantidad: z.string().optional(), unidad: z.string().optional(), orden: z.number().optional() }),
    )
    .default([]),
  vtm: item.optional(),
  formaFarmaceutica: item.optional(),
  formaFarmaceuticaSimplificada: item.optional(),
  viasAdministracion: z.array(item).default([]),
  presentaciones: z.array(cimaPresentationSchema).optional(),
});
export type CimaMedicine = z.infer<typeof cimaMedicineSchema>;

export const pageSchema = z.object({
  totalFilas: z.number().int().min(0),
  pagina: z.number().int().min(1),
  tamanioPagina: z.number().int().min(1),
  resultados: z.array(z.unknown()),
});
export type CimaPage = z.infer<typeof pageSchema>;

/** A row of /registroCambios: tipoCambio 1 new, 2 deleted, 3 modified. */
export const changeSchema = z.object({
  nregistro: z.string().min(1),
  fecha: epochMs,
  tipoCambio: z.number().int(),
  cambios: z.array(z.string()).optional(),
});

/** A row of /psuministro: a presentation's supply problem, from fini until ffin. */
export const supplySchema = z.object({
  cn: z.string().regex(/^\d{6}$/),
  nombre: z.string().optional(),
  fini: epochMs,
  ffin: epochMs.optional(),
  observ: z.string().optional(),
  activo: z.boolean(),
});
export type CimaSupply = z.infer<typeof supplySchema>;

/** The first problem of a failed parse, as "campo: mensaje". */
export function firstProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.join(".") || "registro"}: ${issue.message}` : "registro no válido";
}
