import { and, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Availability, CandidateProfile, ProfileSearchInput } from "#common/jobs";
import type { SessionUser } from "#server/accounts";
import { conversationIdsWith, startConversation } from "#server/chat";
import type { AppContext } from "#server/context";
import { candidatoPerfiles, users } from "#server/db/schema";
import { AppError } from "#server/platform/errors";
import { findEstadoById, findPaisById } from "#server/reference";
import { foldText } from "./candidate-profile.service";
import { companyToSearchProfiles } from "./policy";

// Recruiter search (issue 28, decision 0109): a company's recruiters find the profiles candidates
// opened to offers, by keyword, province and skill. Results carry no e-mail or phone: contact goes
// through a chat conversation that already exists, or not at all.

export const PROFILE_SEARCH_PAGE_SIZE = 20;

export type ProfileSearchResult = {
  id: number;
  nombre: string;
  titular: string;
  puestoActual: { puesto: string; empresa: string } | null;
  provincia: string | null;
  pais: string | null;
  habilidades: string[];
  idiomas: CandidateProfile["idiomas"];
  disponibilidad: Availability | null;
  actualizadoEn: string;
  /** The recruiter's existing conversation with this candidate, if any (the only contact offered). */
  conversacionId: number | null;
};

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

function filtersOf(input: ProfileSearchInput): SQL[] {
  const filters: SQL[] = [eq(candidatoPerfiles.abiertoAOfertas, true), isNull(users.deletedAt), isNull(users.blockedAt)];
  if (input.q) filters.push(sql`${candidatoPerfiles.search} @@ websearch_to_tsquery('es_unaccent', ${input.q})`);
  if (input.estado) filters.push(eq(users.estadoId, input.estado));
  // A skill matches when one of the candidate's skills contains it (folded: «Oncología» finds «oncologia clinica»).
  if (input.habilidad) filters.push(sql`${candidatoPerfiles.habilidadesBusqueda} LIKE ${`%${likeEscape(foldText(input.habilidad))}%`}`);
  return filters;
}

/** One page of visible profiles, best keyword match first (else most recently updated), with the total. */
export async function searchProfiles(
  ctx: AppContext,
  user: SessionUser,
  input: ProfileSearchInput,
): Promise<{ items: ProfileSearchResult[]; total: number; pagina: number; paginas: number }> {
  await companyToSearchProfiles(ctx.db, user);
  const pagina = input.pagina ?? 1;
  // A constant would be read as a column position: without keywords, order by recency alone.
  const rank = input.q ? [desc(sql`ts_rank(${candidatoPerfiles.search}, websearch_to_tsquery('es_unaccent', ${input.q}))`)] : [];
  const rows = await ctx.db
    .select({
      perfil: candidatoPerfiles,
      nombre: users.nombre,
      apellidos: users.apellidos,
      estadoId: users.estadoId,
      paisId: users.paisId,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(candidatoPerfiles)
    .innerJoin(users, eq(users.id, candidatoPerfiles.userId))
    .where(and(...filtersOf(input)))
    .orderBy(...rank, desc(candidatoPerfiles.updatedAt), desc(candidatoPerfiles.userId))
    .limit(PROFILE_SEARCH_PAGE_SIZE)
    .offset((pagina - 1) * PROFILE_SEARCH_PAGE_SIZE);
  const conversations = await conversationIdsWith(
    ctx,
    user,
    rows.map((row) => row.perfil.userId),
  );
  const total = rows[0]?.total ?? 0;
  return {
    items: rows.map(({ perfil, nombre, apellidos, estadoId, paisId }) => {
      const current = perfil.experiencia[0];
      return {
        id: perfil.userId,
        nombre: [nombre, apellidos].filter(Boolean).join(" ") || "Candidato",
        titular: perfil.titular,
        puestoActual: current ? { puesto: current.puesto, empresa: current.empresa } : null,
        provincia: (estadoId ? findEstadoById(estadoId)?.nombre : null) ?? null,
        pais: (paisId ? findPaisById(paisId)?.nombre : null) ?? null,
        habilidades: perfil.habilidades,
        idiomas: perfil.idiomas,
        disponibilidad: perfil.disponibilidad ?? null,
        actualizadoEn: perfil.updatedAt.toISOString(),
        conversacionId: conversations.get(perfil.userId) ?? null,
      };
    }),
    total,
    pagina,
    paginas: Math.ceil(total / PROFILE_SEARCH_PAGE_SIZE),
  };
}

/**
 * «Enviar mensaje» from the recruiter search: the first message to a candidate open to offers goes
 * through the chat's request flow (the candidate accepts or declines it, as any first message from
 * a stranger; decision 0128). A conversation that exists already just receives it. A profile that
 * closed meanwhile, or an account gone, is not found: nothing is sent.
 */
export async function messageCandidate(
  ctx: AppContext,
  user: SessionUser,
  candidateId: number,
  input: { client_id: string; body: string },
): Promise<{ conversationId: number; duplicate: boolean }> {
  await companyToSearchProfiles(ctx.db, user);
  const [visible] = await ctx.db
    .select({ id: candidatoPerfiles.userId })
    .from(candidatoPerfiles)
    .innerJoin(users, eq(users.id, candidatoPerfiles.userId))
    .where(and(eq(candidatoPerfiles.userId, candidateId), ...filtersOf({ q: undefined, habilidad: undefined })));
  if (!visible) throw new AppError("NOT_FOUND", "Este perfil ya no está visible para las empresas.");
  const sent = await startConversation(ctx, user, { ...input, user_id: candidateId });
  return { conversationId: sent.conversation.id, duplicate: sent.duplicate };
}
