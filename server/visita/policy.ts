import { sql } from "drizzle-orm";
import { isPrescriptionOnly, type PrescriptionType } from "#common/visita/vocabulary";
import { can, hasRole, type Rule, type SessionUser } from "#server/accounts";
import { products } from "#server/db/schema";
import { validationError } from "#server/platform/errors";
import type { CatalogueViewer } from "./viewer";

// Who may do what in the visita area (decision 0061): services assert these rules with assertCan().

/** Representatives and laboratory marketing users keep a portfolio and propose products (§6). */
export const keepPortfolio: Rule<SessionUser> = {
  allows: (user) => hasRole(user, "visitador_farmaceutico", "marketing"),
  refusal: "Solo los visitadores farmacéuticos y los usuarios de marketing tienen cartera de productos.",
};

/** Moderators (and admins) review the catalogue's revisions: the back office's moderation task. */
export const moderateCatalogue: Rule<SessionUser> = {
  allows: (user) => can(user, "moderation"),
  refusal: "Solo los moderadores revisan las propuestas del catálogo.",
};

/** The same people keep promotions of their products (decision 0026). */
export const keepPromotions: Rule<SessionUser> = {
  allows: keepPortfolio.allows,
  refusal: "Solo los visitadores farmacéuticos y los usuarios de marketing tienen promociones.",
};

/** ...and publish them. */
export const publishPromotions: Rule<SessionUser> = {
  allows: keepPortfolio.allows,
  refusal: "Solo los visitadores farmacéuticos y los usuarios de marketing publican promociones.",
};

/** Laboratory marketing users see the laboratory's panel on their profile home. */
export const isMarketing = (user: SessionUser) => hasRole(user, "marketing");

/**
 * The professional gate (decisions 0016, 0054): a viewer who is a healthcare professional (the
 * account's flag or this browser session's answer, viewer.ts) sees the whole catalogue. Anyone
 * else sees a prescription-only medicine's name and holder laboratory only: no detail, and the
 * search finds it by those two alone (no codes, ingredients, facets or attribute filters).
 */
export const passedProfessionalGate = (viewer: CatalogueViewer) => viewer.professional;

/** Whether this viewer may see this product's detail. */
export const canSeeDetail = (viewer: CatalogueViewer, prescription: PrescriptionType) =>
  passedProfessionalGate(viewer) || !isPrescriptionOnly(prescription);

/** canSeeDetail in SQL for a viewer who has not passed the gate: the product needs no prescription. */
export const OPEN_PRODUCT = sql`(${products.prescription} = 'sin_receta')`;

/**
 * The mailbox an address delivers to, for telling whether a professional's address is the
 * representative's own: without the sub-address (`name+tag@`), and without the dots of the local
 * part where the provider ignores them (Gmail; googlemail.com is the same mailbox).
 */
export function mailboxOf(email: string): string {
  const normalised = email.normalize("NFKC").trim().toLowerCase();
  const at = normalised.lastIndexOf("@");
  if (at < 0) return normalised;
  let local = normalised.slice(0, at);
  let domain = normalised.slice(at + 1);
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  if (domain === "googlemail.com") domain = "gmail.com";
  if (domain === "gmail.com") local = local.replaceAll(".", "");
  return `${local}@${domain}`;
}

/** Nobody verifies their own visits (decision 0024): the professional's address must not reach the representative. */
export function refuseOwnMailbox(actor: SessionUser, professionalEmail: string) {
  if (mailboxOf(professionalEmail) === mailboxOf(actor.email)) {
    const message = "No puedes verificar tus propias visitas: escribe el correo del profesional.";
    throw validationError({ email: [message] }, message);
  }
}
