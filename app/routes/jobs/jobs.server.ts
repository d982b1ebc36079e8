export {
  EVERY_REFUSAL,
  formAction,
  formMutation,
  formObject,
  idParam,
  notFound,
  pageRedirect,
  parseFields,
  unknownIntent,
} from "#app/lib/page.server";

import type { Viewer } from "#app/features/jobs/types";
import { DEFAULT_COUNTRY_SLUG } from "#common/constants";
import { can, loadAuthUser, type SessionUser } from "#server/accounts";
import type { PageLoadContext } from "#server/context";
import { applyToOffers, manageOffers } from "#server/jobs";
import { findPaisById, geoLocate } from "#server/reference";

/** What the jobs pages need to know about who is looking (never more than the UI shows). */
export function viewerOf(user: SessionUser | null): Viewer {
  return {
    signedIn: Boolean(user),
    isCandidate: can(user, applyToOffers),
    isCompany: can(user, manageOffers),
  };
}

/**
 * The jobs list's country when the address has none (product-spec §2): the signed-in user's,
 * else the geo-located one, else "espana".
 */
export async function preferredCountrySlug(context: PageLoadContext): Promise<string> {
  if (context.user) {
    const authUser = await loadAuthUser(context.app, context.user.id);
    if (authUser?.pais?.slug) return authUser.pais.slug;
  }
  const located = geoLocate(context.app.geoip, context.clientIp);
  return findPaisById(located.id)?.slug ?? DEFAULT_COUNTRY_SLUG;
}

/** Absolute URL for canonical links, Open Graph and JSON-LD. */
export function absoluteUrl(context: PageLoadContext, path: string): string {
  return `${context.app.config.appUrl}${path}`;
}

/** The guard of the candidate area and the employment panel: assertCan(context, url, applyToOffers | manageOffers). */
export { assertCan } from "#server/accounts";
// The jobs services pages call directly from their loaders and actions.
export {
  applicantsPanelPage,
  applyToOffers,
  changeApplicationStatus,
  listSavedOffers,
  manageOffers,
  messageApplicant,
  saveApplicantNote,
  unsaveOffer,
  unsubscribeAlert,
} from "#server/jobs";
