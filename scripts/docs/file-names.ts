import fs from "node:fs";
import path from "node:path";
import { repositoryFiles } from "./repository-files";

/**
 * The file-name rule of decision 0064: every file and folder under the code roots is kebab-case, and
 * none of its words is a Spanish word the glossary (docs/glossary.md) gives an English twin for.
 * The word lists live in the glossary only, so the rule and its documentation cannot drift apart.
 */
export const GLOSSARY_PATH = path.resolve("docs/glossary.md");
export const CODE_ROOTS = ["app", "server", "common", "tests", "e2e", "scripts"];
/** drizzle-kit names migrations itself (`0003_jobs.sql`, `meta/_journal.json`). */
const GENERATED = [/^server\/db\/migrations\//];

const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** The backticked words in the first column of the table under the heading that starts with `heading`. */
function tableWords(markdown: string, heading: string): string[] {
  const start = markdown.indexOf(`\n## ${heading}`);
  if (start < 0) throw new Error(`docs/glossary.md has no "## ${heading}" section`);
  const end = markdown.indexOf("\n## ", start + 1);
  const section = markdown.slice(start, end < 0 ? undefined : end);
  return section
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .flatMap((line) => [...(line.split("|")[1] ?? "").matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? ""));
}

export function readGlossary(file = GLOSSARY_PATH) {
  const markdown = fs.readFileSync(file, "utf8");
  return { termsOfArt: tableWords(markdown, "Terms of art"), denied: tableWords(markdown, "Spanish words with an English twin") };
}

/** The files under the code roots, but generated ones. */
export function codeFiles(): string[] {
  return repositoryFiles(CODE_ROOTS).filter((file) => !GENERATED.some((pattern) => pattern.test(file)));
}

/**
 * The names that break the rule: a folder once (as `path/`), a file by its path. A name's words are
 * its part before the first dot (`offer.server.ts` → `offer`), split on hyphens.
 */
export function nameViolations(files: string[], denied: string[]): Map<string, string> {
  const deniedWords = new Set(denied);
  const violations = new Map<string, string>();
  for (const file of files) {
    const segments = file.split("/");
    segments.forEach((segment, index) => {
      const isFolder = index < segments.length - 1;
      const where = segments.slice(0, index + 1).join("/") + (isFolder ? "/" : "");
      const stem = segment.split(".")[0] ?? "";
      if (!KEBAB.test(stem)) violations.set(where, "not kebab-case");
      else {
        const words = stem.split("-").filter((word) => deniedWords.has(word));
        if (words.length > 0) violations.set(where, `Spanish with an English twin: ${words.join(", ")}`);
      }
    });
  }
  return violations;
}
