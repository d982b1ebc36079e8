// The server code every area's pages share, for loaders and actions only. Route modules reach the
// server through *.server.ts files (this one, or their area's), because React Router keeps those out
// of the browser bundle and fails the build when browser code uses one (decision 0012).
export { can, destinationsOf, loadAuthUser, loadOwnProfile, loadProfileValues, requireUser } from "#server/accounts";
// A page's mutation: parse its form, run it, and return one FormFailure for what the user can fix (decision 0060).
export { EVERY_REFUSAL, formAction, formMutation, formObject, parseFields, unknownIntent } from "#server/platform/page-form";
export { pagePathOf, pageRedirect } from "#server/platform/page-redirect";
export { geoLocate } from "#server/reference";

import { parseId } from "#common/ids";
import { AppError } from "#server/platform/errors";

/** The 404 page: the one error mapper (server/platform/page-errors.ts) turns this into it. */
export function notFound(): never {
  throw new AppError("NOT_FOUND");
}

/** A page's id parameter ("12", or "12-slug" with slug), or the 404 page: parseId() is the one rule. */
export function idParam(value: string | null | undefined, options: { slug?: boolean } = {}): number {
  return parseId(value, options) ?? notFound();
}
