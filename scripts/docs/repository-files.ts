import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const NEVER = new Set(["node_modules", "build", ".react-router", ".tmp", "test-results", "playwright-report"]);

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (NEVER.has(entry.name) || entry.name.startsWith(".")) return [];
    const file = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(file) : [file];
  });
}

/**
 * The repository's files under `roots` (relative paths, sorted): tracked and new ones that git does
 * not ignore; outside a git checkout (an unpacked archive), a walk that skips build output.
 */
export function repositoryFiles(roots: string[]): string[] {
  const present = roots.filter((root) => fs.existsSync(root));
  let files: string[];
  try {
    files = execFileSync("git", ["ls-files", "-co", "--exclude-standard", "--", ...present], { encoding: "utf8" }).split("\n");
  } catch {
    files = present.flatMap(walk);
  }
  return [...new Set(files.filter((file) => file && fs.existsSync(file)))].sort();
}
