import { expect, it } from "vitest";
import { parseCookies } from "./cookies";

it("reads every cookie, decoded, and keeps the first of duplicated names", () => {
  expect(parseCookies("a=1; b=%7B%7D; a=2")).toEqual({ a: "1", b: "{}" });
});

it("keeps a malformed escape as sent and skips pairs without a name or '='", () => {
  expect(parseCookies("junk; =x; tz=%E0")).toEqual({ tz: "%E0" });
  expect(parseCookies(null)).toEqual({});
});

it("treats __proto__ and constructor as ordinary names", () => {
  const cookies = parseCookies("__proto__=x; constructor=y");
  expect(Object.entries(cookies)).toEqual([
    ["__proto__", "x"],
    ["constructor", "y"],
  ]);
  expect(Object.getPrototypeOf(cookies)).toBeNull();
});
