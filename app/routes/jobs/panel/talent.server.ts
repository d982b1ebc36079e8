import { assertCan } from "#app/routes/jobs/jobs.server";
import { DEFAULT_COUNTRY_ID } from "#common/constants";
import { type ProfileSearchInput, profileSearchSchema } from "#common/jobs";
import { loadAuthUser } from "#server/accounts";
import type { PageLoadContext } from "#server/context";
import { searchCandidateProfiles, searchProfiles } from "#server/jobs";
import { findEstadosOfPais } from "#server/reference";

/** The search's fields from the address; a field that does not parse is left out rather than failing the page. */
function criteriaOf(url: URL) {
  const raw = Object.fromEntries(["q", "estado", "habilidad", "pagina"].map((key) => [key, url.searchParams.get(key) ?? ""]));
  const criteria: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    const parsed = profileSearchSchema.shape[key as keyof typeof profileSearchSchema.shape].safeParse(value);
    if (parsed.success && parsed.data !== undefined) criteria[key] = parsed.data;
  }
  return criteria as ProfileSearchInput;
}

export async function loadTalent(context: PageLoadContext, url: URL) {
  const user = assertCan(context, url, searchCandidateProfiles);
  const criteria = criteriaOf(url);
  const [page, authUser] = await Promise.all([searchProfiles(context.app, user, criteria), loadAuthUser(context.app, user.id)]);
  const paisId = authUser?.pais?.id ?? DEFAULT_COUNTRY_ID;
  return {
    ...page,
    criteria: { q: criteria.q ?? "", estado: criteria.estado ? String(criteria.estado) : "", habilidad: criteria.habilidad ?? "" },
    estados: findEstadosOfPais(paisId).map((estado) => ({ value: String(estado.id), label: estado.nombre })),
    brandName: context.app.config.brandName,
  };
}
