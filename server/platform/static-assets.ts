import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Hono } from "hono";
import type { AppEnv } from "#server/env";

/** The client build's files, each with the cache policy its kind of file allows. */
export function mountStaticAssets(app: Hono<AppEnv>, clientDir: string) {
  const root = path.relative(process.cwd(), clientDir) || ".";
  // Vite fingerprints everything under assets/, so it can be cached for a year.
  app.use(
    "/app/assets/*",
    async (c, next) => {
      await next();
      if (c.res.ok) c.header("Cache-Control", "public, max-age=31536000, immutable");
    },
    // precompressed: the client build writes .br and .gz beside each script and stylesheet (vite.config.ts).
    serveStatic({ root, precompressed: true, rewriteRequestPath: (p) => p.replace(/^\/app/, "") }),
  );
  // The push service worker: its scope is /app/ (where it is served), and a new version must reach
  // browsers soon, so it is revalidated on every check.
  app.get(
    "/app/push-sw.js",
    async (c, next) => {
      await next();
      if (c.res.ok) c.header("Cache-Control", "no-cache");
    },
    serveStatic({ root, rewriteRequestPath: (p) => p.replace(/^\/app/, "") }),
  );
  for (const file of ["/favicon.ico", "/favicon.svg", "/logo.png"]) {
    app.get(
      file,
      async (c, next) => {
        await next();
        if (c.res.ok) c.header("Cache-Control", "public, max-age=3600");
      },
      serveStatic({ root }),
    );
  }
}
