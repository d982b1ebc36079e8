// React Router's package exports only its development build (extra checks and warnings on every
// render: 10 % of an uncached page's CPU in decision 0031's profile). The compiled server and the
// page build's server bundle both import its production build instead, by a path relative to the
// importing file, so that both load one and the same module (one copy of its contexts and
// classes). Used by vite.config.ts (the SSR environment) and scripts/build/build-server.mjs.
import path from "node:path";

const PRODUCTION_ENTRY = path.resolve("node_modules/react-router/dist/production/index.mjs");

/** The import specifier of React Router's production build, seen from a module in `outDir`. */
export function reactRouterProductionImport(outDir) {
  const relative = path.relative(path.resolve(outDir), PRODUCTION_ENTRY).split(path.sep).join("/");
  return relative.startsWith(".") ? relative : `./${relative}`;
}

/**
 * Vite plugin for the SSR build: its chunks' `react-router` imports (left external) point to the
 * production build, relative to each chunk (the entry and the shared chunks under assets/).
 */
export function reactRouterProduction() {
  return {
    name: "react-router-production",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    renderChunk(code, chunk) {
      if (!code.includes('"react-router"')) return null;
      const { root, build } = this.environment.config;
      const outDir = path.resolve(root, build.outDir);
      const specifier = JSON.stringify(reactRouterProductionImport(path.dirname(path.join(outDir, chunk.fileName))));
      return { code: code.replace(/(\bfrom\s*|\bimport\s*\(\s*)"react-router"/g, `$1${specifier}`), map: null };
    },
  };
}

/**
 * Vite plugin for the browser build: `react-router` and `react-router/dom` resolve to the production
 * build as well, which leaves out the development warnings (a smaller, faster client bundle). The
 * development server (`npm run dev`) keeps the warnings.
 */
export function reactRouterProductionClient() {
  const targets = {
    "react-router": PRODUCTION_ENTRY,
    "react-router/dom": path.resolve("node_modules/react-router/dist/production/dom-export.mjs"),
  };
  return {
    name: "react-router-production-client",
    apply: "build",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    resolveId(source) {
      return targets[source] ?? null;
    },
  };
}
