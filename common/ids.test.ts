import { describe, expect, it } from "vitest";
import { isId, MAX_ID, parseId } from "./ids";

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

describe("isId", () => {
  it("accepts a number an integer column holds, and nothing else", () => {
    expect([1, MAX_ID].map(isId)).toEqual([true, true]);
    expect([0, -1, 1.5, MAX_ID + 1, Number.NaN, "12", null, undefined].map(isId)).toEqual(Array(8).fill(false));
  });
});
