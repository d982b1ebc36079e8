import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { CASES_PATH, collectCases, renderCases } from "./parity-cases";

// Parsing every page's source takes a few seconds on a loaded 2-core machine.
describe("the plain controls' parity cases (app/ui/plain-parity-cases.json)", { timeout: 60_000 }, () => {
  it("are current: run `npm run plain:cases` after using a plain control with new props", () => {
    // Compared as data: the formatter may lay the file out its own way.
    expect(JSON.parse(fs.readFileSync(CASES_PATH, "utf8"))).toEqual(JSON.parse(renderCases(collectCases())));
  });

  it("name literal props by value and computed ones as {…}", () => {
    const submit = collectCases().find((found) => found.component === "PlainButton" && found.props.fullWidth === true);
    expect(submit).toMatchObject({ props: { fullWidth: true, type: "submit" } });
    expect(collectCases().some((found) => Object.values(found.props).includes("{…}"))).toBe(true);
  });
});
