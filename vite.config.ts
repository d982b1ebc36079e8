import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  base: "/app/",
  plugins: [reactRouter()],
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
