import type { SessionUser } from "../accounts/session";
import type { AppContext } from "../context";
import type { SavedOfferView } from "./types";

const todo = (): never => {
  throw new Error("not implemented yet");
};

export async function saveOffer(_ctx: AppContext, _user: SessionUser, _offerId: number): Promise<void> {
  return todo();
}
export async function unsaveOffer(_ctx: AppContext, _user: SessionUser, _offerId: number): Promise<void> {
  return todo();
}
export async function listSavedOffers(_ctx: AppContext, _user: SessionUser): Promise<SavedOfferView[]> {
  return todo();
}
