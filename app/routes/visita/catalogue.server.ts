export { idParam, notFound } from "#app/lib/page.server";

import type { CatalogueFilters } from "#app/features/visita/search-query";
import { PRODUCT_FILTER_KEYS, type ProductSearchParams, productSearchSchema } from "#common/visita/schemas";
import type { PageLoadContext } from "#server/context";
import { type CatalogueViewer, catalogueViewer, searchProducts } from "#server/visita";

export async function viewerOfPage(context: PageLoadContext, request: Request): Promise<CatalogueViewer> {
  return catalogueViewer(context.app, context.user, request.headers.get("cookie"));
}

/** The search in the address; a bad value (hand-edited address) is dropped, not fatal. */
export function searchParamsOf(url: URL): { params: ProductSearchParams; filters: CatalogueFilters; ignored: string[] } {
  const raw: Record<string, string> = {};
  for (const key of [...PRODUCT_FILTER_KEYS, "cursor"] as const) {
    const value = url.searchParams.get(key);
    if (value) raw[key] = value;
  }
  const ignored: string[] = [];
  let parsed = productSearchSchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0]);
      ignored.push(key);
      delete raw[key];
    }
    parsed = productSearchSchema.safeParse(raw);
  }
  const params = parsed.success ? parsed.data : productSearchSchema.parse({});
  const filters = Object.fromEntries(PRODUCT_FILTER_KEYS.map((key) => [key, params[key] ?? ""])) as CatalogueFilters;
  return { params, filters, ignored };
}

export async function loadCatalogueSearch(context: PageLoadContext, request: Request, url: URL, limit = 20) {
  const viewer = await viewerOfPage(context, request);
  const { params, filters, ignored } = searchParamsOf(url);
  const result = await searchProducts(context.app, viewer, { ...params, limit });
  return { viewer, filters, ignored, result, isFirstPage: !params.cursor };
}
