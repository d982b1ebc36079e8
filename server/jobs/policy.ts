import { eq, type SQL, sql } from "drizzle-orm";
import { assertCan, hasRole, type Rule, type SessionUser } from "#server/accounts";
import type { Db } from "#server/db/client";
import { companyMembers } from "#server/db/schema";
import { AppError } from "#server/platform/errors";

// Who may do what in the jobs area (decision 0061): routes, pages and services ask these rules
// through can()/assertCan(), never a role name.

/** Candidates apply to offers, keep CVs and saved offers. */
export const applyToOffers: Rule<SessionUser> = {
  allows: (user) => hasRole(user, "candidato"),
  refusal: "Para inscribirte en ofertas, completa tus datos de candidato desde la oferta (con la misma cuenta).",
};

/** Employment administrators run their company's panel: offers, applicants, the company page. */
export const manageOffers: Rule<SessionUser> = { allows: (user) => hasRole(user, "administrador_empleo") };

/**
 * Recruiters search the profiles candidates opened to offers (decision 0109): the same people who
 * manage a company's offers, and only once their company step is done (companyToSearchProfiles).
 */
export const searchCandidateProfiles: Rule<SessionUser> = {
  allows: (user) => hasRole(user, "administrador_empleo"),
  refusal: "Solo los reclutadores de una empresa pueden buscar candidatos.",
};

/** The company an administrador_empleo manages, or null for anyone else. */
export async function companyIdOf(db: Db, user: SessionUser | null): Promise<number | null> {
  if (!user || !hasRole(user, "administrador_empleo")) return null;
  // Membership (company_members), not users.empresa_id, decides whose offers and applicants these are.
  const [row] = await db.select({ empresaId: companyMembers.empresaId }).from(companyMembers).where(eq(companyMembers.userId, user.id));
  return row?.empresaId ?? null;
}

/** companyIdOf as a subquery, for a query that checks the membership in the same round trip. */
export const companyIdSql = (user: SessionUser): SQL<number | null> =>
  sql`(select ${companyMembers.empresaId} from ${companyMembers} where ${companyMembers.userId} = ${user.id})`;

const NO_COMPANY = "Tu cuenta no tiene una empresa asociada. Completa los datos de tu empresa.";

/** Why an employment account cannot use its panel yet (its company step is not done), or null when it can. */
export async function missingCompanyOf(db: Db, user: SessionUser): Promise<string | null> {
  return (await companyIdOf(db, user)) === null ? NO_COMPANY : null;
}

/** 403 unless an administrador_empleo (before any query about their company). */
export const assertManagesOffers = (user: SessionUser) =>
  assertCan(user, { ...manageOffers, refusal: "Solo las empresas pueden gestionar ofertas." });

/** The company whose panel this user may manage: 403 unless an administrador_empleo with a company. */
export async function companyToManage(db: Db, user: SessionUser): Promise<number> {
  assertManagesOffers(user);
  const empresaId = await companyIdOf(db, user);
  if (!empresaId) throw new AppError("FORBIDDEN", NO_COMPANY);
  return empresaId;
}

/** The recruiter's company: 403 unless they may search profiles and belong to a company. */
export async function companyToSearchProfiles(db: Db, user: SessionUser): Promise<number> {
  assertCan(user, searchCandidateProfiles);
  const empresaId = await companyIdOf(db, user);
  if (!empresaId) throw new AppError("FORBIDDEN", NO_COMPANY);
  return empresaId;
}

export const offerNotFound = () => new AppError("NOT_FOUND", "Oferta no encontrada.");
