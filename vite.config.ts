import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { clientChunks } from "./scripts/build/client-chunks.mjs";
import { mantineCssPerComponent } from "./scripts/build/mantine-css-per-component.mjs";
import { precompressAssets } from "./scripts/build/precompress-assets.mjs";
import { reactRouterProduction, reactRouterProductionClient } from "./scripts/build/react-router-production.mjs";

// The build plugins live in scripts/build/ (decision 0063).
export default defineConfig({
  base: "/app/",
  // The server bundle imports React Router's production build (scripts/build/react-router-production.mjs).
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
