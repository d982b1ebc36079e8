import { describe, expect, it } from "vitest";
import { CONSENT_COOKIE } from "#common/constants";
import { serializeCookieChoice } from "#common/legal/consent-cookie";
import { mayUseProvince, takeBeaconToken } from "./figures-beacon";
import { RATE_LIMITS } from "./rate-limit";

describe("the figures beacon's per-visitor limit", () => {
  it("allows the named limit at once, then refills at its rate, per visitor", () => {
    const ctx = {};
    const { limit, windowSeconds } = RATE_LIMITS.visitaBeacon;
    const start = 1_000_000;
    for (let i = 0; i < limit; i++) expect(takeBeaconToken(ctx, "visitaBeacon", "ip:a", start)).toBe(true);
    expect(takeBeaconToken(ctx, "visitaBeacon", "ip:a", start)).toBe(false);
    // Another visitor, or another beacon's limit, is not affected.
    expect(takeBeaconToken(ctx, "visitaBeacon", "ip:b", start)).toBe(true);
    expect(takeBeaconToken(ctx, "offerViewBeacon", "ip:a", start)).toBe(true);
    // One beacon's worth of the window later, one more.
    const oneToken = (windowSeconds * 1000) / limit;
    expect(takeBeaconToken(ctx, "visitaBeacon", "ip:a", start + oneToken)).toBe(true);
    expect(takeBeaconToken(ctx, "visitaBeacon", "ip:a", start + oneToken)).toBe(false);
    // Each application context keeps its own (test servers in one process).
    expect(takeBeaconToken({}, "visitaBeacon", "ip:a", start)).toBe(true);
  });

  it("attaches the province only with analytics accepted and no Global Privacy Control", () => {
    const accepted = `${CONSENT_COOKIE}=${serializeCookieChoice({ analytics: true, publicidad: false })}`;
    const declined = `${CONSENT_COOKIE}=${serializeCookieChoice({ analytics: false, publicidad: true })}`;
    expect(mayUseProvince(accepted, undefined)).toBe(true);
    expect(mayUseProvince(declined, undefined)).toBe(false);
    expect(mayUseProvince(undefined, undefined)).toBe(false);
    expect(mayUseProvince("farmanexo_consent=x", undefined)).toBe(false);
    expect(mayUseProvince(accepted, "1")).toBe(false);
  });
});
