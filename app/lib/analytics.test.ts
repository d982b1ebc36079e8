import { afterEach, describe, expect, it, vi } from "vitest";
import { analyticsRole, sendPageview, shouldTrack } from "./analytics";

describe("analytics", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("tracks only signed-in visitors who consented", () => {
    expect(shouldTrack({ analyticsConsent: true, isLogued: true })).toBe(true);
    expect(shouldTrack({ analyticsConsent: false, isLogued: true })).toBe(false);
    expect(shouldTrack({ analyticsConsent: true, isLogued: false })).toBe(false);
  });

  it("sends the first granted role, else the account type", () => {
    expect(analyticsRole({ roles: { candidato: 0, marketing: 1 }, register_type: "mkt" })).toBe("marketing");
    expect(analyticsRole({ roles: { candidato: 0 }, register_type: "web" })).toBe("web");
    expect(analyticsRole(null)).toBeNull();
  });

  it("posts the page view and swallows failures", async () => {
    vi.stubGlobal("document", { cookie: "XSRF-TOKEN=t" });
    const fetch = vi.fn(async () => new Response(null, { status: 500 }));
    vi.stubGlobal("fetch", fetch);
    sendPageview("/app/cuenta", "web");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetch).toHaveBeenCalledWith(
      "/api/analytics/pageview",
      expect.objectContaining({ method: "POST", body: '{"path":"/app/cuenta","role":"web"}' }),
    );
  });
});
