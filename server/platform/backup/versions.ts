import fs from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);

const versionIn = async (file: string) => {
  try {
    return (JSON.parse(await fs.readFile(file, "utf8")) as { version?: string }).version ?? "unknown";
  } catch {
    return "unknown";
  }
};

/** The application's version: npm sets it for `npm run`; otherwise package.json of the working directory. */
export const appVersion = async () => process.env.npm_package_version ?? versionIn(path.resolve("package.json"));

export const pgliteVersion = async () => {
  const entry = require.resolve("@electric-sql/pglite");
  // The package root is the directory above dist/ that holds its package.json.
  return versionIn(path.join(entry.slice(0, entry.lastIndexOf(`${path.sep}dist${path.sep}`)), "package.json"));
};
