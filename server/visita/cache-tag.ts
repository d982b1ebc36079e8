import type { CacheTag } from "#common/cache-policy";

/**
 * The page-cache tag of every public page of the area (catalogue search, product, portfolio entry,
 * promotion and representative profile pages: common/cache-policy.ts). They show one another's data
 * (a product page lists representatives and promotions; a profile, the portfolio and its counts),
 * so any change to what they show drops them all, on every instance.
 */
export const VISITA_CACHE_TAG = "visita" satisfies CacheTag;
