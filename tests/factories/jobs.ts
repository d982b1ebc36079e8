import { eq } from "drizzle-orm";
import { addDaysIsoDate } from "#common/jobs";
import { createEmpleoUser, createUser } from "#server/accounts/factories";
import type { AppContext } from "#server/context";
import { empresas, mailOutbox, ofertas } from "#server/db/schema";
import { searchExtraOf } from "#server/jobs/offer-input";
import { findCargoById, findEstadoById } from "#server/reference/catalog";
import type { BrowserClient } from "#tests/support/browser-client";

// Fixtures for the jobs integration tests.

export const MADRID = 412;
export const BARCELONA = 390;
export const VISITADOR = 53; // cargos.json: visitador-medico
export const FARMACEUTICO_COMUNITARIO = 21;

type OfferOverrides = Partial<typeof ofertas.$inferInsert>;

let counter = 0;

/** Inserts an offer directly (published an hour ago, open for 30 days unless overridden). */
export async function insertOffer(ctx: AppContext, empresaId: number, overrides: OfferOverrides = {}) {
  counter++;
  const [empresa] = await ctx.db.select({ nombre: empresas.nombre }).from(empresas).where(eq(empresas.id, empresaId));
  const cargoId = overrides.cargoId ?? VISITADOR;
  const estadoId = overrides.estadoId === undefined ? MADRID : overrides.estadoId;
  const ciudad = overrides.ciudad ?? "Madrid";
  const texto = overrides.descripcionTexto ?? "Buscamos una persona con ganas de crecer en el sector de la salud y trabajar en equipo.";
  const [row] = await ctx.db
    .insert(ofertas)
    .values({
      empresaId,
      titulo: `Oferta de prueba ${counter}`,
      slug: `oferta-de-prueba-${counter}`,
      paisId: 28,
      ciudad,
      modalidad: "presencial",
      contrato: "indefinido",
      jornada: "completa",
      experiencia: "1_anio",
      estudios: "grado",
      descripcionHtml: `<p>${texto}</p>`,
      descripcionTexto: texto,
      status: "publicada",
      publishedAt: new Date(Date.now() - 3600_000),
      expiresAt: new Date(Date.now() + 30 * 86_400_000),
      ...overrides,
      cargoId,
      estadoId,
      busquedaExtra:
        overrides.busquedaExtra ??
        searchExtraOf({
          cargoNombre: findCargoById(cargoId)?.nombre,
          empresaNombre: empresa?.nombre,
          ciudad,
          estadoNombre: estadoId ? findEstadoById(estadoId)?.nombre : undefined,
        }),
    })
    .returning();
  if (!row) throw new Error("offer insert returned nothing");
  return row;
}

export async function createCompany(ctx: AppContext, nombre?: string) {
  return createEmpleoUser(ctx.db, { empresaNombre: nombre });
}

export async function createCandidate(ctx: AppContext, input: { nombre?: string; apellidos?: string } = {}) {
  return createUser(ctx.db, { type: "candidato", ...input });
}

/** A valid offer payload for the panel API. */
export function offerPayload(overrides: Record<string, unknown> = {}) {
  return {
    titulo: "Visitador médico zona centro",
    cargo_id: VISITADOR,
    pais_id: 28,
    estado_id: MADRID,
    ciudad: "Madrid",
    modalidad: "hibrido",
    contrato: "indefinido",
    jornada: "completa",
    salario_min: 28000,
    salario_max: 36000,
    salario_moneda: "EUR",
    salario_periodo: "anual",
    experiencia: "2_anios",
    estudios: "grado",
    descripcion:
      "<p>Buscamos un <strong>visitador médico</strong> para Atención Primaria en la zona centro de Madrid.</p><ul><li>Coche de empresa</li></ul>",
    vacantes: 2,
    fecha_expiracion: addDaysIsoDate(30),
    ...overrides,
  };
}

export async function mailsTo(ctx: AppContext, to: string) {
  return ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, to.toLowerCase()));
}

/** The smallest files each kind of check recognises. */
export const PDF_BYTES = new TextEncoder().encode("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");
export { docxBytes } from "#tests/support/files";

/** A signed-in candidate applies to an offer with a one-page PDF (no questions answered); returns the application id. */
export async function applyWithCv(client: BrowserClient, offerId: number): Promise<number> {
  const body = new FormData();
  body.set("cv", new Blob([PDF_BYTES as Uint8Array<ArrayBuffer>]), "cv.pdf");
  const response = await client.fetch(`/api/empleo/ofertas/${offerId}/candidaturas`, { method: "POST", body });
  if (response.status !== 201) throw new Error(`apply answered ${response.status}: ${await response.text()}`);
  return (await response.json()).id;
}
