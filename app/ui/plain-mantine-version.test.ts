import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

// Each plain control copies the markup of one Mantine release (decision 0063). An upgrade of
// @mantine/core fails here until someone has run the parity tests against the new release and
// written its version into every file, so a copy never silently claims a version it was not checked on.
const MIRRORS = /^\/\/ Mirrors the markup of @mantine\/core (\d+\.\d+\.\d+) /;

const installed = JSON.parse(fs.readFileSync(path.resolve("node_modules/@mantine/core/package.json"), "utf8")).version;
const plainFiles = fs.readdirSync(path.resolve("app/ui")).filter((name) => /^plain-.*\.tsx$/.test(name) && !name.endsWith(".test.tsx"));

it("finds the plain controls", () => {
  expect(plainFiles.length).toBeGreaterThan(0);
});

it.each(plainFiles)("app/ui/%s names the installed @mantine/core version on its first line", (name) => {
  const firstLine = fs.readFileSync(path.resolve("app/ui", name), "utf8").split("\n", 1)[0];
  expect(firstLine?.match(MIRRORS)?.[1]).toBe(installed);
});
