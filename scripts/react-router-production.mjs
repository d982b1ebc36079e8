// React Router's package exports only its development build (extra checks and warnings on every
// render: 10 % of an uncached page's CPU in decision 0031's profile). The compiled server and the
// page build's server bundle both import its production build instead, by a path relative to the
// importing file, so that both load one and the same module (one copy of its contexts and
// classes). Used by vite.config.ts (the SSR environment) and scripts/build-server.mjs.
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
