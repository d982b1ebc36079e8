import { and, eq, type SQL, sql } from "drizzle-orm";
import { isId } from "#common/ids";
import type { ScreeningQuestion } from "#common/jobs";
import { pathTo } from "#common/route-names";
import type { Db } from "#server/db/client";
import { delegaciones, empresas, ofertas } from "#server/db/schema";
import { findCargoById, findEstadoById, findPaisById } from "#server/reference";
import { logoUrlOf } from "./company-logo.service";
import { snippetOf } from "./html";
import type { OfferDetail, OfferSummary } from "./types";

/**
 * Open = published, not closed, and not past its expiry. The date is checked here rather than
 * trusted to the hourly job, so an offer is gone the moment it expires.
 */
export const openOfferSql = sql`(${ofertas.status} = 'publicada' AND (${ofertas.expiresAt} IS NULL OR ${ofertas.expiresAt} > now()))`;

/** Columns every listing needs (one join; reference names come from memory). */
export const summaryColumns = {
  id: ofertas.id,
  slug: ofertas.slug,
  titulo: ofertas.titulo,
  empresaId: empresas.id,
  empresaNombre: empresas.nombre,
  empresaSlug: empresas.slug,
  empresaLogo: empresas.logo,
  cargoId: ofertas.cargoId,
  paisId: ofertas.paisId,
  estadoId: ofertas.estadoId,
  ciudad: ofertas.ciudad,
  modalidad: ofertas.modalidad,
  contrato: ofertas.contrato,
  jornada: ofertas.jornada,
  salarioMin: ofertas.salarioMin,
  salarioMax: ofertas.salarioMax,
  salarioMoneda: ofertas.salarioMoneda,
  salarioPeriodo: ofertas.salarioPeriodo,
  status: ofertas.status,
  publishedAt: ofertas.publishedAt,
  expiresAt: ofertas.expiresAt,
  createdAt: ofertas.createdAt,
  updatedAt: ofertas.updatedAt,
  excerpt: sql<string>`left(${ofertas.descripcionTexto}, 260)`,
};

export type SummaryRow = {
  id: number;
  slug: string;
  titulo: string;
  empresaId: number;
  empresaNombre: string;
  empresaSlug: string;
  empresaLogo: string | null;
  cargoId: number;
  paisId: number;
  estadoId: number | null;
  ciudad: string;
  modalidad: string;
  contrato: string;
  jornada: string;
  salarioMin: number | null;
  salarioMax: number | null;
  salarioMoneda: string | null;
  salarioPeriodo: string | null;
  status: string;
  publishedAt: Date | null;
  expiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  excerpt: string;
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function offerUrl(row: { id: number; slug: string; empresaSlug: string }): string {
  return pathTo("empleo-oferta", { slugEmpresa: row.empresaSlug, idSlugOferta: `${row.id}-${row.slug}` });
}

export function isOpenRow(row: { status: string; expiresAt: Date | null }, now = new Date()): boolean {
  return row.status === "publicada" && (row.expiresAt === null || new Date(row.expiresAt) > now);
}

export function closedReasonOf(row: { status: string; expiresAt: Date | null }, now = new Date()): "cerrada" | "caducada" | null {
  if (row.status === "cerrada") return "cerrada";
  if (row.status === "caducada") return "caducada";
  if (row.status === "publicada" && row.expiresAt !== null && new Date(row.expiresAt) <= now) return "caducada";
  return null;
}

export function toSummary(row: SummaryRow): OfferSummary {
  const cargo = findCargoById(row.cargoId);
  const pais = findPaisById(row.paisId);
  const estado = row.estadoId ? findEstadoById(row.estadoId) : undefined;
  const hasSalary = row.salarioMoneda !== null && (row.salarioMin !== null || row.salarioMax !== null);
  return {
    id: row.id,
    slug: row.slug,
    titulo: row.titulo,
    url: offerUrl(row),
    empresa: { id: row.empresaId, nombre: row.empresaNombre, slug: row.empresaSlug, logo: logoUrlOf(row.empresaId, row.empresaLogo) },
    cargo: { id: row.cargoId, slug: cargo?.slug ?? "", nombre: cargo?.nombre ?? "" },
    pais: { id: row.paisId, slug: pais?.slug ?? "", nombre: pais?.nombre ?? "", iso: pais?.iso ?? "" },
    estado: estado ? { id: estado.id, nombre: estado.nombre } : null,
    ciudad: row.ciudad,
    modalidad: row.modalidad as OfferSummary["modalidad"],
    contrato: row.contrato as OfferSummary["contrato"],
    jornada: row.jornada as OfferSummary["jornada"],
    salario: hasSalary
      ? { min: row.salarioMin, max: row.salarioMax, moneda: row.salarioMoneda ?? "", periodo: row.salarioPeriodo ?? "anual" }
      : null,
    publicadaEn: iso(row.publishedAt ?? row.createdAt) ?? "",
    expiraEn: iso(row.expiresAt),
    snippet: snippetOf(row.excerpt ?? ""),
  };
}

export const detailColumns = {
  ...summaryColumns,
  delegacionId: delegaciones.id,
  delegacionNombre: delegaciones.nombre,
  experiencia: ofertas.experiencia,
  estudios: ofertas.estudios,
  descripcionHtml: ofertas.descripcionHtml,
  vacantes: ofertas.vacantes,
  preguntas: ofertas.preguntas,
};

export type DetailRow = SummaryRow & {
  delegacionId: number | null;
  delegacionNombre: string | null;
  experiencia: string;
  estudios: string;
  descripcionHtml: string;
  vacantes: number;
  preguntas: ScreeningQuestion[];
};

export function toDetail(row: DetailRow, now = new Date()): OfferDetail {
  return {
    ...toSummary(row),
    delegacion: row.delegacionId !== null ? { id: row.delegacionId, nombre: row.delegacionNombre ?? "" } : null,
    experiencia: row.experiencia as OfferDetail["experiencia"],
    estudios: row.estudios as OfferDetail["estudios"],
    descripcionHtml: row.descripcionHtml,
    vacantes: row.vacantes,
    preguntas: row.preguntas ?? [],
    status: row.status as OfferDetail["status"],
    actualizadaEn: iso(row.updatedAt) ?? "",
    isOpen: isOpenRow(row, now),
    closedReason: closedReasonOf(row, now),
  };
}

/** One offer with everything the detail page needs, or undefined (also when `also`, a further condition, fails). */
export async function findOfferRow(db: Db, id: number, also?: SQL): Promise<DetailRow | undefined> {
  if (!isId(id)) return undefined;
  const [row] = await db
    .select(detailColumns)
    .from(ofertas)
    .innerJoin(empresas, eq(empresas.id, ofertas.empresaId))
    .leftJoin(delegaciones, eq(delegaciones.id, ofertas.delegacionId))
    .where(and(eq(ofertas.id, id), also))
    .limit(1);
  return row as DetailRow | undefined;
}
