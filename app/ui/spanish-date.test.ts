import { describe, expect, it } from "vitest";
import { formatSpanishDate, parseSpanishDate } from "./spanish-date";

describe("Spanish dates", () => {
  it("reads dd/mm/aaaa with any usual separator", () => {
    expect(parseSpanishDate("01/05/1990")).toBe("1990-05-01");
    expect(parseSpanishDate("1-5-1990")).toBe("1990-05-01");
    expect(parseSpanishDate("23.12.2026")).toBe("2026-12-23");
  });

  it("refuses impossible days and other formats", () => {
    expect(parseSpanishDate("31/02/2026")).toBeNull();
    expect(parseSpanishDate("1990-05-01")).toBeNull();
    expect(parseSpanishDate("ayer")).toBeNull();
  });

  it("writes an ISO date the Spanish way", () => {
    expect(formatSpanishDate("2026-12-23")).toBe("23/12/2026");
    expect(formatSpanishDate(null)).toBe("");
  });
});
