/**
 * The page path of a loader's request. Client-side navigations fetch "<path>.data", so loaders
 * that serve several routes from one module must not read the raw pathname.
 */
export function pagePath(request: Request): string {
  return new URL(request.url).pathname.replace(/\.data$/, "").replace(/\/+$/, "") || "/";
}
