// Compiles the HTTP server (server/main.ts and everything it imports from this repository) into one
// ES module, BUILD_DIR/server/main.js, so production runs JavaScript: no TypeScript loader hooks
// at run time. npm packages stay external (node_modules), like the page build's. Runs after
// `react-router build`, which empties BUILD_DIR/server.
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { reactRouterProductionImport } from "./react-router-production.mjs";

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const outdir = path.join(buildDir, "server");

await build({
  entryPoints: ["server/main.ts"],
  outfile: path.join(outdir, "main.js"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
  plugins: [
    {
      name: "react-router-production",
      setup(b) {
        b.onResolve({ filter: /^react-router$/ }, () => ({ path: reactRouterProductionImport(outdir), external: true }));
      },
    },
  ],
});
// The migrator reads its SQL files beside the module (server/db/migrate.ts: MIGRATIONS_DIR).
fs.cpSync("server/db/migrations", path.join(outdir, "migrations"), { recursive: true });
console.log(`server compiled into ${path.relative(process.cwd(), path.join(outdir, "main.js"))}`);
