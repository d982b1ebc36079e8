import { describe, expect, it } from "vitest";
import { PERSISTED_KEYS } from "#app/lib/session-store";
import { CONSENT_COOKIE, LOGGED_COOKIE, PROFESSIONAL_COOKIE, XSRF_COOKIE } from "#common/constants";
import { isRegistered, registryFingerprint, STORAGE_REGISTRY } from "#common/legal/cookie-registry";
import { TIME_ZONE_COOKIE } from "#common/time-zone";

// The browser's side of the cookie registry (issue 27): what the app's own code writes. The
// server's Set-Cookie headers are compared in server/legal/cookie-registry.int.test.ts and a real
// browser's cookies and storage in tests/e2e/legal-pages-and-consent.spec.ts.
describe("the cookie registry", () => {
  it("names every cookie and localStorage key the browser code writes", () => {
    for (const name of [CONSENT_COOKIE, LOGGED_COOKIE, PROFESSIONAL_COOKIE, XSRF_COOKIE, TIME_ZONE_COOKIE]) {
      expect(isRegistered(name, "cookie"), name).toBe(true);
    }
    for (const key of PERSISTED_KEYS) expect(isRegistered(key, "localStorage"), key).toBe(true);
    expect(isRegistered("farmanexo:chat-draft:12", "localStorage")).toBe(true);
    expect(isRegistered("otra", "cookie")).toBe(false);
  });

  it("gives every entry a purpose and a duration, and changes its fingerprint when an entry changes", () => {
    for (const entry of STORAGE_REGISTRY) {
      expect(entry.purpose.length, entry.name).toBeGreaterThan(10);
      expect(entry.duration, entry.name).not.toBe("");
    }
    const changed = STORAGE_REGISTRY.map((entry, index) => (index === 0 ? { ...entry, duration: "1 año" } : entry));
    expect(registryFingerprint(changed)).not.toBe(registryFingerprint());
  });
});
