import { describe, expect, it } from "vitest";
import { parseCookies } from "#common/cookies";
import { expiryDate, parseDuration, serializeCookie } from "./cookies";

const now = new Date("2026-03-01T10:00:00Z");

describe("parseDuration", () => {
  it("reads day, hour, minute and second units in any combination", () => {
    expect(parseDuration("1d 3h 20m 5s")).toBe(86_400 + 3 * 3_600 + 20 * 60 + 5);
    expect(parseDuration("2h")).toBe(7_200);
    expect(parseDuration("30m")).toBe(1_800);
    expect(parseDuration("45s")).toBe(45);
    expect(parseDuration("1D2H")).toBe(86_400 + 7_200);
  });

  it("rejects anything else", () => {
    for (const bad of ["", "abc", "2x", "1d garbage", "h", "-1d", "1.5h", "1d 1d", "5"]) {
      expect(() => parseDuration(bad), bad).toThrow();
    }
  });
});

describe("expiryDate", () => {
  it("keeps a date, counts a number as days and a string as a duration", () => {
    const date = new Date("2030-01-01T00:00:00Z");
    expect(expiryDate(date, now)).toBe(date);
    expect(expiryDate(7, now).toISOString()).toBe("2026-03-08T10:00:00.000Z");
    expect(expiryDate("1d 2h", now).toISOString()).toBe("2026-03-02T12:00:00.000Z");
  });

  it("rejects an invalid date or number", () => {
    expect(() => expiryDate(new Date("nope"), now)).toThrow();
    expect(() => expiryDate(Number.NaN, now)).toThrow();
  });
});

describe("serializeCookie and parseCookies", () => {
  it("round-trips encoded values with path, expiry and SameSite", () => {
    const text = serializeCookie("consent", '{"a":1}', { expires: 1, secure: false }, now);
    expect(text).toBe("consent=%7B%22a%22%3A1%7D; path=/; expires=Mon, 02 Mar 2026 10:00:00 GMT; SameSite=Lax");
    expect(parseCookies("logged=1; consent=%7B%22a%22%3A1%7D")).toEqual({ logged: "1", consent: '{"a":1}' });
  });

  it("ignores malformed pairs and keeps the first of duplicated names", () => {
    expect(parseCookies("junk; a=1; a=2; b=%E0%A4%A")).toEqual({ a: "1", b: "%E0%A4%A" });
    expect(parseCookies(undefined)).toEqual({});
  });
});
