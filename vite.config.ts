import fs from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";
import { clientChunks } from "./scripts/client-chunks.mjs";
import { mantineCssPerComponent } from "./scripts/mantine-css-per-component.mjs";
import { reactRouterProduction, reactRouterProductionClient } from "./scripts/react-router-production.mjs";

/**
 * Writes a .br and a .gz beside every script and stylesheet of the client build, which the server
 * sends to browsers that accept them (serveStatic's `precompressed`, server/app.ts): compressed
 * once at build time, at the highest levels, instead of shipping them uncompressed (decision 0041).
 */
function precompressAssets(): Plugin {
  return {
    name: "farmanexo:precompress-assets",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    writeBundle(options, bundle) {
      const dir = options.dir as string;
      for (const file of Object.keys(bundle)) {
        if (!/\.(js|css|svg)$/.test(file)) continue;
        const full = path.join(dir, file);
        const data = fs.readFileSync(full);
        fs.writeFileSync(`${full}.gz`, gzipSync(data, { level: 9 }));
        fs.writeFileSync(`${full}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

export default defineConfig({
  base: "/app/",
  // The server bundle imports React Router's production build (scripts/react-router-production.mjs).
  plugins: [
    reactRouterProduction(),
    reactRouterProductionClient(),
    mantineCssPerComponent(),
    reactRouter(),
    clientChunks(),
    precompressAssets(),
  ],
  resolve: { tsconfigPaths: true },
  optimizeDeps: {
    // Pre-bundled up front: otherwise the first dev load fails with "504 Outdated Optimize Dep".
    include: [
      "react-dom/client",
      "react-router",
      "react-router/dom",
      "@mantine/core",
      "@mantine/hooks",
      "@mantine/form",
      "@mantine/notifications",
      "@mantine/modals",
      "@mantine/dates",
      "dayjs",
      "dayjs/locale/es",
    ],
  },
  build: { target: "es2022" },
});
