import { and, eq } from "drizzle-orm";
import { OFFER_LIMITS, type OfferInput } from "#common/jobs";
import { slugify } from "#common/slug";
import { DEFAULT_TIME_ZONE, endOfDayIn, isoDateIn } from "#common/time-zone";
import type { Db } from "#server/db/client";
import { delegaciones, empresas, type ofertas } from "#server/db/schema";
import { validationError } from "#server/platform/errors";
import { estadoBelongsToPais, findCargoById, findEstadoById, findPaisById } from "#server/reference";
import { htmlToText, sanitizeDescription } from "./html";

/**
 * An expiry date (YYYY-MM-DD) means "open through that whole day" where the person who chose it
 * is: the end of that day in their time zone (Spain's by default), read back in the same zone.
 */
export const expiryFromDate = (date: string, timeZone = DEFAULT_TIME_ZONE) => endOfDayIn(date, timeZone);
export const dateFromExpiry = (expiresAt: Date | null, timeZone = DEFAULT_TIME_ZONE) => (expiresAt ? isoDateIn(expiresAt, timeZone) : null);

/** Words from other tables that the search vector should also find (see ofertas.busqueda_extra). */
export function searchExtraOf(parts: { cargoNombre?: string; empresaNombre?: string; ciudad: string; estadoNombre?: string }): string {
  return [parts.cargoNombre, parts.empresaNombre, parts.ciudad, parts.estadoNombre].filter(Boolean).join(" ");
}

/**
 * Checks what the shared schema cannot (references, the company's own delegation, the length of
 * the description's text) and turns the input into column values. 422 per field otherwise.
 */
export async function offerValuesFrom(db: Db, empresaId: number, input: OfferInput, timeZone = DEFAULT_TIME_ZONE) {
  const errors: Record<string, string[]> = {};
  const cargo = findCargoById(input.cargo_id);
  if (!cargo) errors.cargo_id = ["El puesto no existe."];
  const pais = findPaisById(input.pais_id);
  if (!pais) errors.pais_id = ["El país no existe."];
  if (input.estado_id && !estadoBelongsToPais(input.estado_id, input.pais_id)) {
    errors.estado_id = ["La provincia o estado no pertenece al país elegido."];
  }
  if (input.delegacion_id) {
    const [delegacion] = await db
      .select({ id: delegaciones.id })
      .from(delegaciones)
      .where(and(eq(delegaciones.id, input.delegacion_id), eq(delegaciones.empresaId, empresaId)));
    if (!delegacion) errors.delegacion_id = ["La delegación no pertenece a tu empresa."];
  }
  const descripcionHtml = sanitizeDescription(input.descripcion);
  const descripcionTexto = htmlToText(descripcionHtml);
  if (descripcionTexto.length < OFFER_LIMITS.descripcionMin) {
    errors.descripcion = [`La descripción debe tener al menos ${OFFER_LIMITS.descripcionMin} caracteres.`];
  } else if (descripcionTexto.length > OFFER_LIMITS.descripcionMax) {
    errors.descripcion = [`La descripción no puede superar ${OFFER_LIMITS.descripcionMax} caracteres.`];
  }
  if (Object.keys(errors).length) throw validationError(errors);

  const [empresa] = await db.select({ nombre: empresas.nombre }).from(empresas).where(eq(empresas.id, empresaId));
  const hasSalary = input.salario_min !== undefined || input.salario_max !== undefined;
  return {
    titulo: input.titulo,
    slug: slugify(input.titulo, 120) || "oferta",
    cargoId: input.cargo_id,
    paisId: input.pais_id,
    estadoId: input.estado_id ?? null,
    ciudad: input.ciudad,
    delegacionId: input.delegacion_id ?? null,
    modalidad: input.modalidad,
    contrato: input.contrato,
    jornada: input.jornada,
    salarioMin: input.salario_min ?? null,
    salarioMax: input.salario_max ?? null,
    salarioMoneda: hasSalary ? (input.salario_moneda ?? null) : null,
    salarioPeriodo: hasSalary ? (input.salario_periodo ?? null) : null,
    experiencia: input.experiencia,
    estudios: input.estudios,
    descripcionHtml,
    descripcionTexto,
    busquedaExtra: searchExtraOf({
      cargoNombre: cargo?.nombre,
      empresaNombre: empresa?.nombre,
      ciudad: input.ciudad,
      estadoNombre: input.estado_id ? findEstadoById(input.estado_id)?.nombre : undefined,
    }),
    vacantes: input.vacantes,
    preguntas: input.preguntas,
    expiresAt: expiryFromDate(input.fecha_expiracion, timeZone),
  } satisfies Partial<typeof ofertas.$inferInsert>;
}
