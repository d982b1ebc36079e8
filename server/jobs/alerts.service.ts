import { createHmac } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { isId } from "#common/ids";
import {
  type AlertCriteria,
  type AlertFrequencyInput,
  type AlertInput,
  CONTRACT_TYPE_LABELS,
  type ContractType,
  EDUCATION_LEVEL_LABELS,
  EXPERIENCE_FILTER_LABELS,
  JORNADA_LABELS,
  MAX_ALERTS_PER_USER,
  WORK_MODE_LABELS,
  type WorkMode,
} from "#common/jobs";
import { pathTo } from "#common/route-names";
import type { SessionUser } from "#server/accounts";
import type { AppContext } from "#server/context";
import { firstOrThrow } from "#server/db/first-or-throw";
import { alertas } from "#server/db/schema";
import { AppError, validationError } from "#server/platform/errors";
import { enforcePerUserLimit } from "#server/platform/per-user-limit";
import { hashToken } from "#server/platform/tokens";
import { estadoBelongsToPais, findCargoBySlug, findEstadoById, findPaisBySlug } from "#server/reference";
import { resolveCriteria } from "./search";
import type { AlertView } from "./types";

/** A Spanish one-line summary of an alert's search, e.g. «"gmp" · Técnico de calidad · Madrid, España · Remoto». */
export function describeCriteria(criteria: AlertCriteria): string {
  const pais = findPaisBySlug(criteria.pais);
  const estado = criteria.estado ? findEstadoById(criteria.estado) : undefined;
  const parts = [
    criteria.q ? `"${criteria.q}"` : null,
    criteria.cargo ? (findCargoBySlug(criteria.cargo)?.nombre ?? criteria.cargo) : null,
    [estado?.nombre, pais?.nombre ?? criteria.pais].filter(Boolean).join(", "),
    criteria.modalidad ? WORK_MODE_LABELS[criteria.modalidad as WorkMode] : null,
    criteria.contrato ? `Contrato ${CONTRACT_TYPE_LABELS[criteria.contrato as ContractType].toLowerCase()}` : null,
    criteria.salario_min ? `Desde ${new Intl.NumberFormat("es-ES").format(criteria.salario_min)}` : null,
    criteria.jornada ? JORNADA_LABELS[criteria.jornada] : null,
    criteria.experiencia ? `Experiencia: ${EXPERIENCE_FILTER_LABELS[criteria.experiencia].toLowerCase()}` : null,
    criteria.estudios ? `Estudios: ${EDUCATION_LEVEL_LABELS[criteria.estudios].toLowerCase()}` : null,
  ];
  return parts.filter(Boolean).join(" · ");
}

/** The listing address that repeats an alert's search, every filter included. */
export function listingPathOf(criteria: AlertCriteria): string {
  const { pais, cargo, ...rest } = criteria;
  const query = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, value === undefined ? undefined : String(value)]));
  return cargo ? pathTo("empleo-cargo", { pais, cargo }, query) : pathTo("empleo", { pais }, query);
}

/** The unsubscribe token of an alert: derived from the app secret, so every digest carries the same link. */
export const unsubscribeTokenOf = (secret: string, alertId: number) =>
  createHmac("sha256", secret).update(`alerta-baja:${alertId}`).digest("base64url");

const toView = (row: typeof alertas.$inferSelect): AlertView => ({
  id: row.id,
  criteria: row.criteria,
  frecuencia: row.frecuencia,
  descripcion: describeCriteria(row.criteria),
  creadaEn: new Date(row.createdAt).toISOString(),
});

function cleanCriteria(input: AlertInput): AlertCriteria {
  try {
    resolveCriteria(input);
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") {
      throw validationError({ [input.cargo && findPaisBySlug(input.pais) ? "cargo" : "pais"]: [error.message] });
    }
    throw error;
  }
  const pais = findPaisBySlug(input.pais);
  if (input.estado && !estadoBelongsToPais(input.estado, pais?.id)) {
    throw validationError({ estado: ["La provincia o estado no pertenece al país elegido."] });
  }
  const criteria: AlertCriteria = { pais: input.pais };
  if (input.cargo) criteria.cargo = input.cargo;
  if (input.q) criteria.q = input.q;
  if (input.estado) criteria.estado = input.estado;
  if (input.modalidad) criteria.modalidad = input.modalidad;
  if (input.contrato) criteria.contrato = input.contrato;
  if (input.salario_min) criteria.salario_min = input.salario_min;
  if (input.jornada) criteria.jornada = input.jornada;
  if (input.experiencia) criteria.experiencia = input.experiencia;
  if (input.estudios) criteria.estudios = input.estudios;
  return criteria;
}

export async function createAlert(ctx: AppContext, user: SessionUser, input: AlertInput): Promise<AlertView> {
  const criteria = cleanCriteria(input);
  return ctx.db.transaction(async (tx) => {
    await enforcePerUserLimit(
      tx,
      user.id,
      sql`SELECT count(*) FROM alertas WHERE user_id = ${user.id}`,
      MAX_ALERTS_PER_USER,
      `Puedes tener como máximo ${MAX_ALERTS_PER_USER} alertas. Elimina alguna para crear otra.`,
    );
    const row = firstOrThrow(
      await tx
        .insert(alertas)
        .values({
          userId: user.id,
          criteria,
          frecuencia: input.frecuencia,
          unsubscribeTokenHash: hashToken(`pending:${user.id}:${Date.now()}:${Math.random()}`),
        })
        .returning(),
      "alert insert",
    );
    const [updated] = await tx
      .update(alertas)
      .set({ unsubscribeTokenHash: hashToken(unsubscribeTokenOf(ctx.secret, row.id)) })
      .where(eq(alertas.id, row.id))
      .returning();
    return toView(updated ?? row);
  });
}

export async function listAlerts(ctx: AppContext, user: SessionUser): Promise<AlertView[]> {
  const rows = await ctx.db.select().from(alertas).where(eq(alertas.userId, user.id)).orderBy(desc(alertas.createdAt), desc(alertas.id));
  return rows.map(toView);
}

export async function deleteAlert(ctx: AppContext, user: SessionUser, id: number): Promise<void> {
  if (!isId(id)) throw new AppError("NOT_FOUND", "Alerta no encontrada.");
  const deleted = await ctx.db
    .delete(alertas)
    .where(and(eq(alertas.id, id), eq(alertas.userId, user.id)))
    .returning({ id: alertas.id });
  if (!deleted.length) throw new AppError("NOT_FOUND", "Alerta no encontrada.");
}

/** Changes how often an alert writes; the next e-mail still lists every offer since the last one. */
export async function setAlertFrequency(ctx: AppContext, user: SessionUser, id: number, input: AlertFrequencyInput): Promise<AlertView> {
  if (!isId(id)) throw new AppError("NOT_FOUND", "Alerta no encontrada.");
  const [row] = await ctx.db
    .update(alertas)
    .set({ frecuencia: input.frecuencia })
    .where(and(eq(alertas.id, id), eq(alertas.userId, user.id)))
    .returning();
  if (!row) throw new AppError("NOT_FOUND", "Alerta no encontrada.");
  return toView(row);
}

/** From the e-mail link (no session needed). Null when the link is unknown or already used. */
export async function unsubscribeAlert(ctx: AppContext, token: string): Promise<{ descripcion: string } | null> {
  if (!token || token.length > 200) return null;
  const [row] = await ctx.db
    .delete(alertas)
    .where(eq(alertas.unsubscribeTokenHash, hashToken(token)))
    .returning();
  return row ? { descripcion: describeCriteria(row.criteria) } : null;
}
