import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { reactRouterProduction } from "./scripts/react-router-production.mjs";

export default defineConfig({
  base: "/app/",
  // The server bundle imports React Router's production build (scripts/react-router-production.mjs).
  plugins: [reactRouterProduction(), reactRouter()],
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
  // Bundled into the server build, so that its own import of React Router is the production one too.
  environments: { ssr: { resolve: { noExternal: ["@react-router/node"] } } },
});
