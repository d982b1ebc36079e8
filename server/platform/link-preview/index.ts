import { type PageMetadata, readMetadata } from "./metadata";
import { FetchRefused, fetchHtmlSafely, type SafeFetchOptions } from "./safe-fetch";

export { FetchRefused } from "./safe-fetch";

export type LinkPreview = PageMetadata & { url: string };

const TTL_MS = 60 * 60 * 1000;
const FAILURE_TTL_MS = 5 * 60 * 1000;
const MAX_ENTRIES = 1000;

/**
 * Link previews with an in-process cache (bounded, one hour; failures five minutes), so a link
 * shown to many readers is fetched once per instance.
 */
export function createLinkPreviewer(options: SafeFetchOptions = {}) {
  const cache = new Map<string, { expires: number; value: LinkPreview | FetchRefused }>();
  return async function preview(url: string): Promise<LinkPreview> {
    const key = url.trim();
    const hit = cache.get(key);
    if (hit && hit.expires > Date.now()) {
      if (hit.value instanceof FetchRefused) throw hit.value;
      return hit.value;
    }
    let value: LinkPreview | FetchRefused;
    try {
      const page = await fetchHtmlSafely(key, options);
      value = { url: page.url, ...readMetadata(page.html, page.url) };
    } catch (error) {
      value = error instanceof FetchRefused ? error : new FetchRefused("No pudimos leer esa página.", "network");
    }
    if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
    cache.set(key, { expires: Date.now() + (value instanceof FetchRefused ? FAILURE_TTL_MS : TTL_MS), value });
    if (value instanceof FetchRefused) throw value;
    return value;
  };
}
