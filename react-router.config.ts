import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  basename: "/app",
  appDirectory: "app",
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Opt into the v8 behaviours early. v8_middleware stays off: it changes the load context to a
  // RouterContextProvider, and pages here receive the plain PageLoadContext (docs/decisions/0003).
  // v8_trailingSlashAwareDataRequests stays off: with basename "/app" it requests /app/app.data for /app.
  future: {
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
  },
} satisfies Config;
