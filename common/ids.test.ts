import { describe, expect, it } from "vitest";
import { MAX_ID, parseId } from "./ids";

describe("parseId", () => {
  it("reads a positive integer that fits an integer column", () => {
    expect(parseId("12")).toBe(12);
    expect(parseId(String(MAX_ID))).toBe(MAX_ID);
  });

  it("refuses what is no id of ours", () => {
    for (const value of [undefined, null, "", "0", "-1", "1.5", "1e3", "abc", "12-slug", String(MAX_ID + 1), "99999999999"]) {
      expect(parseId(value), String(value)).toBeNull();
    }
  });

  it("reads the id before a slug when slugs are allowed", () => {
    expect(parseId("12-laboratorio-madrid", { slug: true })).toBe(12);
    expect(parseId("12", { slug: true })).toBe(12);
    expect(parseId("x-12", { slug: true })).toBeNull();
  });
});
