import { describe, expect, it } from "vitest";
import { readConsent } from "./consent";

describe("readConsent", () => {
  it("reads both choices and ignores anything malformed", () => {
    expect(readConsent("farmanexo_consent=1.0; logged=1")).toEqual({ analytics: true, publicidad: false });
    expect(readConsent("farmanexo_consent=0.1")).toEqual({ analytics: false, publicidad: true });
    expect(readConsent("farmanexo_consent=yes")).toBeNull();
    expect(readConsent("")).toBeNull();
  });
});
