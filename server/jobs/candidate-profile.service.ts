import { eq } from "drizzle-orm";
import { type CandidateProfile, type CandidateProfileInput, EMPTY_PROFILE, profileCompleteness } from "#common/jobs";
import { assertCan, type SessionUser } from "#server/accounts";
import type { AppContext } from "#server/context";
import type { Db } from "#server/db/client";
import { candidatoPerfiles } from "#server/db/schema";
import { applyToOffers } from "./policy";

// The candidate profile (issue 28, decisions 0108 and 0109): the candidate edits their own; a
// company sees the profiles of those who applied to its offers, beside the CV.

type ProfileRow = typeof candidatoPerfiles.$inferSelect;

/** Lower case without accents: how skills and keywords are compared. */
export const foldText = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase("es").trim();

export function toProfile(row: ProfileRow | undefined): CandidateProfile {
  if (!row) return EMPTY_PROFILE;
  return {
    titular: row.titular,
    experiencia: row.experiencia,
    formacion: row.formacion,
    idiomas: row.idiomas,
    habilidades: row.habilidades,
    disponibilidad: row.disponibilidad ?? null,
    salarioDeseado: row.salarioDeseado ?? null,
    salarioMoneda: row.salarioMoneda ?? null,
    abiertoAOfertas: row.abiertoAOfertas,
  };
}

/** Positions newest first (a current one, without an end, before the rest). */
const byRecency = <T extends { desde?: string; hasta?: string }>(rows: T[]) =>
  [...rows].sort((a, b) => (b.hasta ?? "9999").localeCompare(a.hasta ?? "9999") || (b.desde ?? "").localeCompare(a.desde ?? ""));

export type OwnProfile = { profile: CandidateProfile; completeness: { percent: number; missing: string[] }; updatedAt: string | null };

async function readProfile(db: Db, userId: number) {
  const [row] = await db.select().from(candidatoPerfiles).where(eq(candidatoPerfiles.userId, userId));
  return row;
}

const ownView = (row: ProfileRow | undefined): OwnProfile => {
  const profile = toProfile(row);
  return { profile, completeness: profileCompleteness(profile), updatedAt: row ? row.updatedAt.toISOString() : null };
};

/** The candidate's own profile and how complete it is (an empty one before the first save). */
export async function getMyProfile(ctx: AppContext, user: SessionUser): Promise<OwnProfile> {
  assertCan(user, applyToOffers);
  return ownView(await readProfile(ctx.db, user.id));
}

/** Saves the whole profile (the form and the API send it whole); limits are the schema's (PROFILE_LIMITS). */
export async function saveMyProfile(ctx: AppContext, user: SessionUser, input: CandidateProfileInput): Promise<OwnProfile> {
  assertCan(user, applyToOffers);
  const experiencia = byRecency(input.experiencia);
  const formacion = byRecency(input.formacion);
  const values = {
    titular: input.titular,
    experiencia,
    formacion,
    idiomas: input.idiomas,
    habilidades: input.habilidades,
    disponibilidad: input.disponibilidad ?? null,
    salarioDeseado: input.salario_deseado ?? null,
    salarioMoneda: input.salario_deseado === undefined ? null : (input.salario_moneda ?? null),
    abiertoAOfertas: input.abierto_a_ofertas,
    habilidadesBusqueda: input.habilidades.length ? `\n${input.habilidades.map(foldText).join("\n")}\n` : "",
    busqueda: [
      input.titular,
      ...experiencia.flatMap((row) => [row.puesto, row.empresa]),
      ...formacion.flatMap((row) => [row.titulo, row.centro]),
      ...input.habilidades,
    ].join(" \n "),
    updatedAt: new Date(),
  };
  const [row] = await ctx.db
    .insert(candidatoPerfiles)
    .values({ userId: user.id, ...values })
    .onConflictDoUpdate({ target: candidatoPerfiles.userId, set: values })
    .returning();
  return ownView(row);
}
