import type { ApplicationStatus } from "../../common/jobs";
import type { SessionUser } from "../accounts/session";
import type { AppContext } from "../context";
import type { ApplicantView, ApplicationView } from "./types";

const todo = (): never => {
  throw new Error("not implemented yet");
};

export async function applyToOffer(
  _ctx: AppContext,
  _user: SessionUser,
  _offerId: number,
  _input: { carta?: string; cv: Blob },
): Promise<ApplicationView> {
  return todo();
}
export async function listMyApplications(_ctx: AppContext, _user: SessionUser): Promise<ApplicationView[]> {
  return todo();
}
export async function listApplicants(_ctx: AppContext, _user: SessionUser, _offerId: number): Promise<ApplicantView[]> {
  return todo();
}
export async function changeApplicationStatus(
  _ctx: AppContext,
  _user: SessionUser,
  _applicationId: number,
  _estado: ApplicationStatus,
): Promise<ApplicantView> {
  return todo();
}
export async function getApplicationCv(
  _ctx: AppContext,
  _user: SessionUser,
  _applicationId: number,
): Promise<{ bytes: Buffer; mime: string; filename: string }> {
  return todo();
}
