import { requireUser } from "#server/accounts";
import type { PageLoadContext } from "#server/context";
import { getNewsletterPreference, loadTaxonomy, setNewsletterPreference, unsubscribeNewsletter } from "#server/news";
import { EVERY_REFUSAL, formMutation } from "#server/platform/page-form";

/** The account's newsletter choice and the areas to pick from. */
export async function loadBoletin(context: PageLoadContext, request: Request) {
  const user = requireUser(context, request);
  const [preference, taxonomy] = await Promise.all([getNewsletterPreference(context.app, user), loadTaxonomy(context.app.db)]);
  return {
    subscribed: preference.subscribed,
    areaIds: preference.areaIds.map(String),
    areas: taxonomy.areas.map((a) => ({ value: String(a.id), label: a.nombre })),
  };
}

export async function boletinAction(context: PageLoadContext, request: Request) {
  const user = requireUser(context, request);
  return formMutation(
    request,
    async (form) => {
      const saved = await setNewsletterPreference(context.app, user, {
        subscribed: form.get("subscribed") === "on",
        area_ids: form.getAll("area_ids").map(String),
      });
      return {
        ok: true as const,
        message: saved.subscribed
          ? "Guardado: recibirás el boletín cada lunes por la mañana."
          : "Guardado: ya no recibirás el boletín semanal.",
      };
    },
    { inline: EVERY_REFUSAL },
  );
}

/** The unsubscribe page's button: the token is the proof, no session needed. */
export async function unsubscribeAction(context: PageLoadContext, token: string | undefined) {
  return { removed: await unsubscribeNewsletter(context.app, token), done: true as const };
}
