import type { SessionUser } from "../accounts/session";
import type { AppContext } from "../context";
import type { OfferDetail, SitemapOffer, ViewerState } from "./types";

const todo = (): never => {
  throw new Error("not implemented yet");
};

/** Public detail: published, closed and expired offers; a borrador only for its company's administrators. */
export async function getOffer(_ctx: AppContext, _id: number, _viewer: SessionUser | null): Promise<OfferDetail> {
  return todo();
}

export async function getViewerState(_ctx: AppContext, _offerId: number, _viewer: SessionUser | null): Promise<ViewerState> {
  return todo();
}

/** Marks published offers past their expiry as caducada; returns how many. */
export async function expireOffers(_ctx: AppContext, _now = new Date()): Promise<number> {
  return todo();
}

export async function listSitemapOffers(_ctx: AppContext): Promise<SitemapOffer[]> {
  return todo();
}
