import type { AppContext } from "../context";
import type { OfferSearchParams, OfferSearchResult } from "./types";

/** Open offers of a country (and job title), filtered, ranked or newest first, with facets and a cursor. */
export async function searchOffers(_ctx: AppContext, _params: OfferSearchParams): Promise<OfferSearchResult> {
  throw new Error("not implemented yet");
}
