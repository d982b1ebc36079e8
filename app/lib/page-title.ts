import { useEffect } from "react";
import { useMatches } from "react-router";
import { PAGE_TITLE_DEBOUNCE_MS } from "#common/constants";

type TitleHandle = { title?: string | ((data: unknown) => string) };

/**
 * Keeps document.title in step with the deepest route that declares a title in its `handle`,
 * debounced by 50 ms (product-spec §9) so quick successive changes do not flicker. The server
 * renders the same title through each route's `meta`.
 */
export function usePageTitleSync() {
  const matches = useMatches();
  const title = [...matches]
    .reverse()
    .map((match) => {
      const handle = match.handle as TitleHandle | undefined;
      if (!handle?.title) return undefined;
      return typeof handle.title === "function" ? handle.title(match.loaderData) : handle.title;
    })
    .find(Boolean);
  useDebouncedDocumentTitle(title);
}

export function useDebouncedDocumentTitle(title: string | undefined, delay = PAGE_TITLE_DEBOUNCE_MS) {
  useEffect(() => {
    if (!title) return;
    const timer = setTimeout(() => {
      document.title = title;
    }, delay);
    return () => clearTimeout(timer);
  }, [title, delay]);
}
