import fs from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/**
 * Writes a .br and a .gz beside every script and stylesheet of the client build, which the server
 * sends to browsers that accept them (serveStatic's `precompressed`, server/app.ts): compressed
 * once at build time, at the highest levels, instead of shipping them uncompressed (decision 0041).
 */
export function precompressAssets() {
  return {
    name: "farmanexo:precompress-assets",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    writeBundle(options, bundle) {
      const dir = options.dir;
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
