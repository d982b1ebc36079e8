import { assertCan, EVERY_REFUSAL, formAction, idParam, pageRedirect } from "#app/routes/jobs/jobs.server";
import { DEFAULT_COUNTRY_ID } from "#common/constants";
import { type ProfileSearchInput, profileSearchSchema, talentMessageSchema } from "#common/jobs";
import { pathTo } from "#common/route-names";
import { loadAuthUser } from "#server/accounts";
import type { PageLoadContext } from "#server/context";
import { messageCandidate, searchCandidateProfiles, searchProfiles } from "#server/jobs";
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
    // Each message form carries its own client_id, so a double submit sends the message once.
    items: page.items.map((item) => ({ ...item, messageId: crypto.randomUUID() })),
    criteria: { q: criteria.q ?? "", estado: criteria.estado ? String(criteria.estado) : "", habilidad: criteria.habilidad ?? "" },
    estados: findEstadosOfPais(paisId).map((estado) => ({ value: String(estado.id), label: estado.nombre })),
    brandName: context.app.config.brandName,
  };
}

/** The first message to a profile open to offers: a chat request (decision 0128), then the conversation. */
export async function messageFromTalent(context: PageLoadContext, url: URL, form: FormData) {
  const user = assertCan(context, url, searchCandidateProfiles);
  return formAction(
    form,
    talentMessageSchema,
    async (input) => {
      const sent = await messageCandidate(context.app, user, idParam(input.perfil), input);
      throw pageRedirect(pathTo("chat", { id: sent.conversationId }));
    },
    { inline: EVERY_REFUSAL, key: String(form.get("perfil") ?? "") },
  );
}
