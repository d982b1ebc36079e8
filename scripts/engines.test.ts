import fs from "node:fs";
import path from "node:path";
import semver from "semver";
import { describe, expect, it } from "vitest";

/**
 * Every machine runs Node 20 (stack notes). npm only warns when a package declares a newer engine, and
 * OpenTelemetry's 3.x line (Node ≥ 22.15) was installed that way once and ran unsupported (decision
 * 0100). Every direct dependency must declare an engine range that accepts the Node running the tests.
 */
const manifest = JSON.parse(fs.readFileSync("package.json", "utf8")) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

function engineOf(name: string): string | undefined {
  const file = path.join("node_modules", name, "package.json");
  return (JSON.parse(fs.readFileSync(file, "utf8")) as { engines?: { node?: string } }).engines?.node;
}

describe("direct dependencies", () => {
  it(`all support the running Node (${process.version})`, () => {
    const names = [...Object.keys(manifest.dependencies), ...Object.keys(manifest.devDependencies)];
    const unsupported = names.flatMap((name) => {
      const range = engineOf(name);
      return range && !semver.satisfies(process.version, range, { includePrerelease: true }) ? [`${name} needs Node ${range}`] : [];
    });
    expect(unsupported).toEqual([]);
  });
});
