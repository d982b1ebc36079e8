import type { OfferInput } from "../../common/jobs";
import type { SessionUser } from "../accounts/session";
import type { AppContext } from "../context";
import type { PanelOffer } from "./types";

const todo = (): never => {
  throw new Error("not implemented yet");
};

// The employment panel: role administrador_empleo, own company's offers only.

export async function listCompanyOffers(_ctx: AppContext, _user: SessionUser): Promise<PanelOffer[]> {
  return todo();
}
export async function getCompanyOffer(_ctx: AppContext, _user: SessionUser, _id: number): Promise<PanelOffer> {
  return todo();
}
/** Creates a borrador. */
export async function createOffer(_ctx: AppContext, _user: SessionUser, _input: OfferInput): Promise<PanelOffer> {
  return todo();
}
export async function updateOffer(_ctx: AppContext, _user: SessionUser, _id: number, _input: OfferInput): Promise<PanelOffer> {
  return todo();
}
export async function publishOffer(_ctx: AppContext, _user: SessionUser, _id: number): Promise<PanelOffer> {
  return todo();
}
export async function closeOffer(_ctx: AppContext, _user: SessionUser, _id: number): Promise<PanelOffer> {
  return todo();
}
/** A new borrador copy of the offer. */
export async function duplicateOffer(_ctx: AppContext, _user: SessionUser, _id: number): Promise<PanelOffer> {
  return todo();
}
