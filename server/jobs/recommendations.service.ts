import { and, desc, eq, sql } from "drizzle-orm";
import type { SessionUser } from "#server/accounts";
import type { Db } from "#server/db/client";
import { empresas, ofertas } from "#server/db/schema";
import { applyToOffers } from "./policy";
import { openOfferSql, type SummaryRow, summaryColumns, toSummary } from "./queries";
import type { OfferSummary } from "./types";

// Offers recommended to a signed-in candidate (issue 28, decisions 0110 and 0127): open offers whose
// job title or province matches their alerts, the offers they applied to, their profile (positions
// and headline, skills) or the province of their account, ranked by how many of those they match;
// never one they applied to. One query.

/** How much each signal weighs: a job title says more than a place. */
const score = (userId: number) => sql<number>`(
  3 * (${ofertas.cargoId} IN (SELECT c.id FROM alertas a JOIN cargos c ON c.slug = a.criteria->>'cargo' WHERE a.user_id = ${userId}))::int
  + 3 * (${ofertas.cargoId} IN (SELECT o2.cargo_id FROM candidaturas ca JOIN ofertas o2 ON o2.id = ca.oferta_id WHERE ca.user_id = ${userId}))::int
  + 2 * coalesce(${ofertas.estadoId} IN (SELECT (a.criteria->>'estado')::int FROM alertas a WHERE a.user_id = ${userId} AND a.criteria ? 'estado'), false)::int
  + 2 * coalesce(${ofertas.estadoId} IN (SELECT o2.estado_id FROM candidaturas ca JOIN ofertas o2 ON o2.id = ca.oferta_id WHERE ca.user_id = ${userId} AND o2.estado_id IS NOT NULL), false)::int
  + coalesce(${ofertas.estadoId} = (SELECT u.estado_id FROM users u WHERE u.id = ${userId}), false)::int
  + 3 * (${ofertas.cargoId} IN (${profileCargos(userId)}))::int
  + 2 * coalesce(${ofertas.search} @@ (${profileSkills(userId)}), false)::int
)`;

/**
 * Job titles the profile names: every word of the title (stemmed, so «Delegada» finds «Delegado
 * comercial») is in the candidate's headline, positions or skills. A hashed set of a few ids.
 */
const profileCargos = (userId: number) => sql`SELECT c.id FROM cargos c JOIN candidato_perfiles p ON p.user_id = ${userId}
  WHERE p.search @@ plainto_tsquery('es_unaccent', c.nombre)`;

/**
 * The profile's skills as one query («crm» or «visita hospitalaria»), computed once (an InitPlan):
 * an offer that mentions any of them. Null without skills.
 */
const profileSkills = (userId: number) => sql`SELECT websearch_to_tsquery('es_unaccent',
    string_agg('"' || replace(s.skill, '"', '') || '"', ' or '))
  FROM candidato_perfiles p CROSS JOIN jsonb_array_elements_text(p.habilidades) AS s(skill) WHERE p.user_id = ${userId}`;

/**
 * Up to `limit` recommended offers for the user (none for someone who cannot apply), best first,
 * newest first among equals. `exclude` leaves out offers shown beside them (a digest's matches).
 */
export async function recommendOffersFor(db: Db, user: SessionUser | null, limit: number): Promise<OfferSummary[]> {
  if (!user || !applyToOffers.allows(user)) return [];
  return recommendOffersToUser(db, user.id, limit);
}

/** The same for a user known to have alerts (the weekly digest), leaving out offers already listed beside them. */
export async function recommendOffersToUser(db: Db, userId: number, limit: number, exclude: number[] = []): Promise<OfferSummary[]> {
  const userScore = score(userId);
  const excluded = exclude.length
    ? sql`AND ${ofertas.id} NOT IN (${sql.join(
        exclude.map((id) => sql`${id}::int`),
        sql`, `,
      )})`
    : sql``;
  const rows = await db
    .select(summaryColumns)
    .from(ofertas)
    .innerJoin(empresas, eq(empresas.id, ofertas.empresaId))
    .where(
      and(
        openOfferSql,
        sql`NOT EXISTS (SELECT 1 FROM candidaturas ca WHERE ca.oferta_id = ${ofertas.id} AND ca.user_id = ${userId}) ${excluded}`,
        sql`${userScore} > 0`,
      ),
    )
    .orderBy(desc(userScore), desc(ofertas.publishedAt), desc(ofertas.id))
    .limit(limit);
  return rows.map((row) => toSummary(row as SummaryRow));
}
