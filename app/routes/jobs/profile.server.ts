import { CURRENCIES, CURRENCY_LABELS, candidateProfileSchema, nestFields } from "#common/jobs";
import type { PageLoadContext } from "#server/context";
import { getMyProfile, saveMyProfile } from "#server/jobs";
import { applyToOffers, assertCan, formMutation, formObject, parseFields } from "./jobs.server";

export async function loadProfilePage(context: PageLoadContext, url: URL) {
  const user = assertCan(context, url, applyToOffers);
  const own = await getMyProfile(context.app, user);
  return {
    ...own,
    currencies: CURRENCIES.map((value) => ({ value, label: CURRENCY_LABELS[value] })),
    brandName: context.app.config.brandName,
  };
}

/**
 * Saves the whole profile. The form's rows arrive flat ("experiencia.0.puesto"); nestFields() makes
 * the lists, dropping blank rows, and an error names the row's field as the form does.
 */
export async function profileAction(context: PageLoadContext, request: Request, url: URL) {
  const user = assertCan(context, url, applyToOffers);
  return formMutation(request, async (form) => {
    const saved = await saveMyProfile(context.app, user, parseFields(candidateProfileSchema, nestFields(formObject(form))));
    return { ok: true as const, completeness: saved.completeness };
  });
}
