import { describe, expect, it } from "vitest";
import { endOfDayIn, isoDateIn, parseLocalDateTime, toLocalDateTime, validTimeZone } from "./time-zone";

describe("time zones", () => {
  it("takes a chosen day to its end where the user is", () => {
    expect(endOfDayIn("2026-12-23", "Europe/Madrid").toISOString()).toBe("2026-12-23T22:59:59.999Z");
    expect(endOfDayIn("2026-07-01", "Europe/Madrid").toISOString()).toBe("2026-07-01T21:59:59.999Z");
    expect(endOfDayIn("2026-12-23", "America/Mexico_City").toISOString()).toBe("2026-12-24T05:59:59.999Z");
    expect(endOfDayIn("2026-12-23", "UTC").toISOString()).toBe("2026-12-23T23:59:59.999Z");
  });

  it("shows the same day back in the same zone, across daylight-saving changes", () => {
    for (const day of ["2026-03-29", "2026-10-25", "2026-12-23"]) {
      expect(isoDateIn(endOfDayIn(day, "Europe/Madrid"), "Europe/Madrid")).toBe(day);
      expect(isoDateIn(endOfDayIn(day, "America/Santiago"), "America/Santiago")).toBe(day);
    }
  });

  it("accepts only zone names Intl knows", () => {
    expect(validTimeZone("America/Bogota")).toBe("America/Bogota");
    expect(validTimeZone("Marte/Olimpo")).toBeNull();
    expect(validTimeZone("<script>")).toBeNull();
    expect(validTimeZone(undefined)).toBeNull();
  });
});

describe("datetime-local values in Madrid", () => {
  it("reads a datetime-local value as Madrid time in winter and in summer", () => {
    expect(parseLocalDateTime("2026-11-23T14:30")?.toISOString()).toBe("2026-11-23T13:30:00.000Z");
    expect(parseLocalDateTime("2026-07-01T09:00")?.toISOString()).toBe("2026-07-01T07:00:00.000Z");
    expect(parseLocalDateTime("2026-07-01T09:00:00Z")?.toISOString()).toBe("2026-07-01T09:00:00.000Z");
    expect(parseLocalDateTime("mañana")).toBeNull();
    expect(toLocalDateTime(new Date("2026-11-23T13:30:00Z"))).toBe("2026-11-23T14:30");
  });
});
