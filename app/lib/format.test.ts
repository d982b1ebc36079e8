import { describe, expect, it } from "vitest";
import { plural } from "./format";

describe("plural", () => {
  it("follows Spanish plural rules", () => {
    expect(plural(1, "finalista", "finalistas")).toBe("1 finalista");
    expect(plural(0, "finalista", "finalistas")).toBe("0 finalistas");
    expect(plural(2, "candidatura", "candidaturas")).toBe("2 candidaturas");
    expect(plural(12000, "candidatura", "candidaturas")).toBe("12.000 candidaturas");
  });
});
