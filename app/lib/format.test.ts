import { describe, expect, it } from "vitest";
import { formatMoney, plural, relativeDate } from "./format";

describe("plural", () => {
  it("follows Spanish plural rules", () => {
    expect(plural(1, "finalista", "finalistas")).toBe("1 finalista");
    expect(plural(0, "finalista", "finalistas")).toBe("0 finalistas");
    expect(plural(2, "candidatura", "candidaturas")).toBe("2 candidaturas");
    expect(plural(12000, "candidatura", "candidaturas")).toBe("12.000 candidaturas");
  });
});

describe("formatMoney", () => {
  // Intl writes no-break spaces; compare them as spaces.
  const money = (amount: number, currency: string) => formatMoney(amount, currency).replace(/[\u00a0\u202f]/g, " ");
  it("groups thousands in each currency's own format", () => {
    expect(money(20000, "EUR")).toBe("20.000 €");
    expect(money(4000, "MXN")).toBe("$4,000 MXN");
    expect(money(6000, "COP")).toBe("$ 6.000 COP");
  });
});

describe("relativeDate", () => {
  it("counts calendar days where the user is", () => {
    // 28 Nov 00:07 in Madrid is still 27 Nov in UTC; at 06:30 in Madrid it was published today.
    expect(relativeDate("2026-11-27T23:07:00Z", "2026-11-28T05:30:00Z", "Europe/Madrid")).toBe("hoy");
    // 23:50 the evening before, seen at 00:10: yesterday, though only 20 minutes ago.
    expect(relativeDate("2026-11-27T22:50:00Z", "2026-11-27T23:10:00Z", "Europe/Madrid")).toBe("ayer");
    expect(relativeDate("2026-11-27T22:50:00Z", "2026-11-27T23:10:00Z", "UTC")).toBe("hoy");
    expect(relativeDate("2026-11-20T10:00:00Z", "2026-11-28T10:00:00Z", "Europe/Madrid")).toBe("hace 8 días");
  });
});
