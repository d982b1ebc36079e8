import { createHmac } from "node:crypto";
import type { Config } from "#server/config";
import { AppError } from "#server/platform/errors";

/**
 * The signed, short-lived address that opens the e-learning academy as a user (decision 0007):
 *   ACADEMIA_URL?user=<id>&email=<e-mail>&exp=<unix seconds>&sig=<hex>
 * where sig = hex(HMAC-SHA256(ACADEMIA_SECRET, "<id>.<e-mail>.<exp>")) and exp is 2 minutes ahead.
 * The academy recomputes sig (constant-time compare) and refuses it after exp.
 */
export const ACADEMIA_LINK_SECONDS = 120;

export const isAcademiaConfigured = (config: Config) => Boolean(config.academiaUrl && config.academiaSecret);

export function academiaSignature(secret: string, userId: number, email: string, exp: number): string {
  return createHmac("sha256", secret).update(`${userId}.${email}.${exp}`).digest("hex");
}

export function signedAcademiaUrl(config: Config, user: { id: number; email: string }, now = Date.now()): string {
  if (!config.academiaUrl || !config.academiaSecret) throw new AppError("UNAVAILABLE", "La Academia no está disponible en este momento.");
  const exp = Math.floor(now / 1000) + ACADEMIA_LINK_SECONDS;
  const url = new URL(config.academiaUrl);
  url.searchParams.set("user", String(user.id));
  url.searchParams.set("email", user.email);
  url.searchParams.set("exp", String(exp));
  url.searchParams.set("sig", academiaSignature(config.academiaSecret, user.id, user.email, exp));
  return url.toString();
}
