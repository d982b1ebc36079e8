import type { PRODUCT_FILTER_KEYS } from "#common/visita/schemas";

export type CatalogueFilters = Record<(typeof PRODUCT_FILTER_KEYS)[number], string>;

/** The current search's query string (without the cursor), optionally changed. */
export function searchQuery(filters: CatalogueFilters, patch: Partial<Record<keyof CatalogueFilters | "cursor", string>> = {}) {
  const entries = Object.entries({ ...filters, ...patch }).filter(([, value]) => Boolean(value)) as [string, string][];
  return new URLSearchParams(entries);
}
