import { eq } from "drizzle-orm";
import type { SessionUser } from "#server/accounts";
import { hasRole } from "#server/accounts";
import type { Db } from "#server/db/client";
import { companyMembers } from "#server/db/schema";
import { AppError } from "#server/platform/errors";

/** The company an administrador_empleo manages, or null for anyone else. */
export async function companyIdOf(db: Db, user: SessionUser | null): Promise<number | null> {
  if (!user || !hasRole(user, "administrador_empleo")) return null;
  // Membership (company_members), not users.empresa_id, decides whose offers and applicants these are.
  const [row] = await db.select({ empresaId: companyMembers.empresaId }).from(companyMembers).where(eq(companyMembers.userId, user.id));
  return row?.empresaId ?? null;
}

const NO_COMPANY = "Tu cuenta no tiene una empresa asociada. Completa los datos de tu empresa.";

/** Panel guard: the user must be an administrador_empleo with a company. */
export async function requireCompany(db: Db, user: SessionUser): Promise<number> {
  if (!hasRole(user, "administrador_empleo")) throw new AppError("FORBIDDEN", "Solo las empresas pueden gestionar ofertas.");
  const empresaId = await companyIdOf(db, user);
  if (!empresaId) throw new AppError("FORBIDDEN", NO_COMPANY);
  return empresaId;
}

/** Why an employment account cannot use its panel yet (its company step is not done), or null when it can. */
export async function missingCompanyOf(db: Db, user: SessionUser): Promise<string | null> {
  return (await companyIdOf(db, user)) === null ? NO_COMPANY : null;
}

export function requireCandidate(user: SessionUser): void {
  if (!hasRole(user, "candidato")) {
    throw new AppError("FORBIDDEN", "Para inscribirte en ofertas, completa tus datos de candidato desde la oferta (con la misma cuenta).");
  }
}

export const offerNotFound = () => new AppError("NOT_FOUND", "Oferta no encontrada.");
