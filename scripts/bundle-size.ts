/**
 * First-load JavaScript per public page of the production build: what the browser downloads before
 * a page is interactive — the client entry, the root route and the page's route module with every
 * chunk they import (the modulepreload links the server writes). Also the page's stylesheets (the
 * root's and the route chain's `<link rel="stylesheet">`), which block rendering. The route manifest is not counted:
 * with lazy route discovery the page carries its part inline and never loads manifest-*.js.
 * Sizes are gzip as the server sends them (the .gz the build writes beside each file, vite.config.ts),
 * in KB of 1,000 bytes like Lighthouse's budgets.
 *
 * `npm run bundle-size` prints the table; the integration suite (tests/integration/bundle-size.int.test.ts)
 * fails a page over FIRST_LOAD_BUDGET_KB (issue 10: ≤ 150 KB gzip on public pages).
 *
 * BUILD_DIR (build).
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { LANDING_ROUTE_IDS } from "./build/client-chunks.mjs";

/** Issue 10's 150 KB, raised to 158 by decision 0096 until the merged features' weight is cut back. */
export const FIRST_LOAD_BUDGET_KB = 158;

/** The public pages a visitor lands on from a search engine or a shared link (route ids of app/routes.ts). */
export const PUBLIC_ROUTES = [...LANDING_ROUTE_IDS, "login", "crear-cuenta"];

type ManifestRoute = { module: string; imports?: string[]; css?: string[]; parentId?: string };
type RouterManifest = { entry: { module: string; imports: string[] }; routes: Record<string, ManifestRoute> };

export type RouteWeight = { route: string; files: number; gzipKB: number; cssFiles: number; cssGzipKB: number };

/** React Router's browser manifest (build/client/assets/manifest-*.js), as the page loads it. */
function readRouterManifest(buildDir: string): RouterManifest {
  const assets = path.join(buildDir, "client/assets");
  const file = fs.readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`${assets} has no manifest-*.js: run \`npm run build\` first.`);
  const source = fs.readFileSync(path.join(assets, file), "utf8");
  const json = source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1);
  return JSON.parse(json) as RouterManifest;
}

export function firstLoadWeights(buildDir = path.resolve(process.env.BUILD_DIR ?? "build")): RouteWeight[] {
  const manifest = readRouterManifest(buildDir);
  const gzipped = new Map<string, number>();
  const sizeOf = (url: string) => {
    const cached = gzipped.get(url);
    if (cached !== undefined) return cached;
    // URLs are /app/assets/<file>: the client build's base is /app/.
    const file = path.join(buildDir, "client", url.replace(/^\/app\//, ""));
    const bytes = fs.existsSync(`${file}.gz`) ? fs.statSync(`${file}.gz`).size : gzipSync(fs.readFileSync(file), { level: 9 }).length;
    gzipped.set(url, bytes);
    return bytes;
  };
  const stylesheetUrlsIn = (url: string) => {
    const source = fs.readFileSync(path.join(buildDir, "client", url.replace(/^\/app\//, "")), "utf8");
    return source.match(/\/app\/assets\/[\w-]+\.css\b/g) ?? [];
  };
  const chain = (id: string): ManifestRoute[] => {
    const route = manifest.routes[id];
    if (!route) throw new Error(`route ${id} is not in the build's manifest`);
    return route.parentId ? [...chain(route.parentId), route] : [route];
  };
  return PUBLIC_ROUTES.map((id) => {
    const urls = new Set([manifest.entry.module, ...manifest.entry.imports]);
    for (const route of chain(id)) for (const url of [route.module, ...(route.imports ?? [])]) urls.add(url);
    const bytes = [...urls].reduce((sum, url) => sum + sizeOf(url), 0);
    // React Router marks with "#" a stylesheet that a lazy chunk also brings; the page links it all the same.
    const css = new Set(chain(id).flatMap((route) => (route.css ?? []).map((url) => url.replace(/#$/, ""))));
    // A route module's `links` may name a stylesheet imported with `?url` (the root's): its URL is in
    // the module or in a chunk it imports (the root's code is in the shell chunk, scripts/build/client-chunks.mjs).
    for (const route of chain(id))
      for (const url of [route.module, ...(route.imports ?? [])]) for (const href of stylesheetUrlsIn(url)) css.add(href);
    const cssBytes = [...css].reduce((sum, url) => sum + sizeOf(url), 0);
    return {
      route: id,
      files: urls.size,
      gzipKB: Math.round(bytes / 100) / 10,
      cssFiles: css.size,
      cssGzipKB: Math.round(cssBytes / 100) / 10,
    };
  });
}

export function formatWeights(weights: RouteWeight[]): string {
  return [
    `| Page (route id) | JS files | First-load JS, KB gzip (budget ${FIRST_LOAD_BUDGET_KB}) | CSS files | CSS, KB gzip |`,
    "|---|---:|---:|---:|---:|",
    ...weights.map(
      (w) => `| ${w.route} | ${w.files} | ${w.gzipKB}${w.gzipKB > FIRST_LOAD_BUDGET_KB ? " ✗" : ""} | ${w.cssFiles} | ${w.cssGzipKB} |`,
    ),
  ].join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const weights = firstLoadWeights();
  console.log(formatWeights(weights));
  if (weights.some((w) => w.gzipKB > FIRST_LOAD_BUDGET_KB)) process.exitCode = 1;
}
