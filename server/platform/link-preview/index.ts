import { sharedComputation } from "#server/platform/shared-computation";
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
  // Single flight too: a link pasted into a busy conversation is fetched once, not once per reader.
  const cache = sharedComputation<LinkPreview | FetchRefused>({
    freshMs: (value) => (value instanceof FetchRefused ? FAILURE_TTL_MS : TTL_MS),
    staleMs: 0,
    maxEntries: MAX_ENTRIES,
  });
  return async function preview(url: string): Promise<LinkPreview> {
    const key = url.trim();
    const value = await cache.get(key, async () => {
      try {
        const page = await fetchHtmlSafely(key, options);
        return { url: page.url, ...readMetadata(page.html, page.url) };
      } catch (error) {
        return error instanceof FetchRefused ? error : new FetchRefused("No pudimos leer esa página.", "network");
      }
    });
    if (value instanceof FetchRefused) throw value;
    return value;
  };
}
