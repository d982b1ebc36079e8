import { describe, expect, it } from "vitest";
import { parseLocalDateTime, toLocalDateTime } from "./zoned-time";

describe("Spanish local times", () => {
  it("reads a datetime-local value as Madrid time in winter and in summer", () => {
    expect(parseLocalDateTime("2026-11-23T14:30")?.toISOString()).toBe("2026-11-23T13:30:00.000Z");
    expect(parseLocalDateTime("2026-07-01T09:00")?.toISOString()).toBe("2026-07-01T07:00:00.000Z");
    expect(parseLocalDateTime("2026-07-01T09:00:00Z")?.toISOString()).toBe("2026-07-01T09:00:00.000Z");
    expect(parseLocalDateTime("mañana")).toBeNull();
    expect(toLocalDateTime(new Date("2026-11-23T13:30:00Z"))).toBe("2026-11-23T14:30");
  });
});
