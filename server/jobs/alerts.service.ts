import type { AlertInput } from "../../common/jobs";
import type { SessionUser } from "../accounts/session";
import type { AppContext } from "../context";
import type { AlertView } from "./types";

const todo = (): never => {
  throw new Error("not implemented yet");
};

export async function createAlert(_ctx: AppContext, _user: SessionUser, _input: AlertInput): Promise<AlertView> {
  return todo();
}
export async function listAlerts(_ctx: AppContext, _user: SessionUser): Promise<AlertView[]> {
  return todo();
}
export async function deleteAlert(_ctx: AppContext, _user: SessionUser, _id: number): Promise<void> {
  return todo();
}
/** From the e-mail link; returns the removed alert's description (or null when already removed). */
export async function unsubscribeAlert(_ctx: AppContext, _token: string): Promise<{ descripcion: string } | null> {
  return todo();
}
/** Daily digest of new matching offers, at most once per alert per day across instances. */
export async function runAlertDigest(_ctx: AppContext, _now = new Date()): Promise<number> {
  return todo();
}
