import { useEffect } from "react";
import { useMatches, useRouteLoaderData } from "react-router";
import { PAGE_TITLE_DEBOUNCE_MS } from "#common/constants";

/** The site's name after a page's own title ("Iniciar sesión · Farmanexo"), once. */
export function withBrand(title: string, brand: string | undefined): string {
  if (!brand || title === brand || title.endsWith(` · ${brand}`) || title.startsWith(`${brand} · `)) return title;
  return `${title} · ${brand}`;
}

/** The brand name from the root loader's data, for a route's `meta({ matches })`. */
export function brandOf(matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>): string | undefined {
  const root = matches.find((match) => match?.id === "root")?.data as { brandName?: string } | undefined;
  return root?.brandName;
}

type TitleHandle = { title?: string | ((data: unknown) => string) };

/**
 * Keeps document.title in step with the deepest route that declares a title in its `handle`,
 * debounced by 50 ms (product-spec §9) so quick successive changes do not flicker, with the site's
 * name after it. The server renders the same title through each route's `meta` (`withBrand`).
 */
export function usePageTitleSync() {
  const matches = useMatches();
  const brand = useRouteLoaderData<{ brandName?: string }>("root")?.brandName;
  const title = [...matches]
    .reverse()
    .map((match) => {
      const handle = match.handle as TitleHandle | undefined;
      if (!handle?.title) return undefined;
      return typeof handle.title === "function" ? handle.title(match.loaderData) : handle.title;
    })
    .find(Boolean);
  useDebouncedDocumentTitle(title ? withBrand(title, brand) : undefined);
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
