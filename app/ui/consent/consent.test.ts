import { describe, expect, it } from "vitest";
import { serializeCookieChoice } from "#common/legal/consent-cookie";
import { registryFingerprint } from "#common/legal/cookie-registry";
import { readConsent } from "./consent";

const NOW = new Date("2026-11-15T12:00:00Z");

describe("readConsent", () => {
  it("reads both choices with their month and ignores anything malformed", () => {
    const value = serializeCookieChoice({ analytics: true, publicidad: false }, NOW);
    expect(readConsent(`farmanexo_consent=${value}; logged=1`, NOW)).toEqual({ analytics: true, publicidad: false, month: "202611" });
    expect(readConsent("farmanexo_consent=yes", NOW)).toBeNull();
    expect(readConsent("", NOW)).toBeNull();
  });

  it("asks again after 13 months, and when the registry of cookies changed", () => {
    const fingerprint = registryFingerprint();
    expect(readConsent(`farmanexo_consent=0.1.202511.${fingerprint}`, NOW)).toEqual({
      analytics: false,
      publicidad: true,
      month: "202511",
    });
    expect(readConsent(`farmanexo_consent=0.1.202510.${fingerprint}`, NOW)).toBeNull();
    expect(readConsent("farmanexo_consent=0.1.202611.zzzz", NOW)).toBeNull();
    // The choice as stored before issue 27 (no date) is asked again.
    expect(readConsent("farmanexo_consent=1.0", NOW)).toBeNull();
  });
});
