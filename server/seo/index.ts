// The cross-area search-engine module (decision 0062): it composes the areas' public pages through
// their index.ts; only the composition root (server/app.ts) mounts it.
export { mountSitemaps, robotsTxt } from "./sitemap";
