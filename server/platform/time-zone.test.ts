import { describe, expect, it } from "vitest";
import { requestTimeZoneOf } from "./time-zone";

describe("the request's time zone", () => {
  it("takes the header, then the cookie, else Spain's, and ignores malformed values", () => {
    expect(requestTimeZoneOf("America/Bogota", "farmanexo_tz=Europe%2FLisbon")).toBe("America/Bogota");
    expect(requestTimeZoneOf(undefined, "farmanexo_tz=Europe%2FLisbon")).toBe("Europe/Lisbon");
    expect(requestTimeZoneOf("No/Such_Zone", "farmanexo_tz=%E0%A4%A")).toBe("Europe/Madrid");
  });
});
