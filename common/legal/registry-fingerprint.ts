/**
 * The cookie registry's fingerprint (registryFingerprint() of cookie-registry.ts), written out so the
 * browser's consent code carries this string instead of the whole registry (its texts would weigh on
 * every page's first load). registry-fingerprint.test.ts fails when the registry changes without it.
 */
export const REGISTRY_FINGERPRINT = "1d9bvhn";

/** The AEPD's guide: a choice is asked again after at most 24 months; we ask after 13. */
export const CONSENT_MAX_AGE_MONTHS = 13;
