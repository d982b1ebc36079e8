import { type LinkHTMLAttributes, useContext } from "react";
import { Links, UNSAFE_DataRouterStateContext, UNSAFE_FrameworkContext } from "react-router";

type LinkDescriptor = LinkHTMLAttributes<HTMLLinkElement> & { precedence?: string };

/**
 * React Router's `<Links />` with every stylesheet given a `precedence` (decision 0050).
 *
 * React writes stylesheets that have a precedence at the top of <head>, before the module preloads
 * of the page's scripts; a plain `<link rel="stylesheet">` comes after them. A phone on a slow
 * network then fetches the render-blocking CSS first. On client navigations React also holds the
 * new page back until its stylesheets have loaded, instead of showing it unstyled.
 *
 * Same links as `<Links />`: each matched route's `links()`, then its CSS from the build manifest,
 * up to the route whose error boundary renders; deduplicated. React Router's page-prefetch
 * descriptors are not used in this app. The development server keeps `<Links />`, which also inlines
 * the route's CSS while Vite serves it as modules.
 */
export const RouteLinks = import.meta.env.DEV ? Links : PrecedenceLinks;

function PrecedenceLinks() {
  const framework = useContext(UNSAFE_FrameworkContext);
  const state = useContext(UNSAFE_DataRouterStateContext);
  if (!framework || !state) return null;
  const { manifest, routeModules } = framework;
  const errorAt = state.errors ? state.matches.findIndex((match) => state.errors?.[match.route.id] !== undefined) : -1;
  const matches = errorAt >= 0 ? state.matches.slice(0, errorAt + 1) : state.matches;

  const seen = new Set<string>();
  const links: LinkDescriptor[] = [];
  for (const match of matches) {
    const css = manifest.routes[match.route.id]?.css ?? [];
    const own = (routeModules[match.route.id]?.links?.() ?? []) as LinkDescriptor[];
    // The route's own links first: the root's stylesheet (theme, globals) before its chunks' CSS modules.
    for (const link of [...own, ...css.map((href): LinkDescriptor => ({ rel: "stylesheet", href }))]) {
      const key = `${link.rel} ${link.href}`;
      if (seen.has(key)) continue;
      seen.add(key);
      links.push(link.rel === "stylesheet" ? { precedence: "default", ...link } : link);
    }
  }
  return (
    <>
      {links.map((link) => (
        <link key={`${link.rel} ${link.href}`} {...link} />
      ))}
    </>
  );
}
