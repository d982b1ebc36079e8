import type { PrivacyPart } from "#server/accounts";
import { exportConsents } from "./consent.service";

/**
 * The legal area's share of the user's rights over their data (docs/privacy-rules.md): the terms
 * and privacy versions they accepted and every consent they gave or withdrew, with dates. Erasure
 * leaves them to the account: they go with the user's row (ON DELETE CASCADE) or stay with its
 * tombstone, which no longer names the person, as the proof of what was consented.
 */
export const legalPrivacy: PrivacyPart = {
  area: "consentimientos",
  covers: ["legal_acceptances.user_id", "consent_records.user_id"],
  async collect(db, userId) {
    return { data: await exportConsents(db, userId), files: [] };
  },
  async erase() {
    return { files: [], keepsUser: false };
  },
};
