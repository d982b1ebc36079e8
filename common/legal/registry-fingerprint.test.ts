import { describe, expect, it } from "vitest";
import { registryFingerprint } from "./cookie-registry";
import { REGISTRY_FINGERPRINT } from "./registry-fingerprint";

describe("the cookie registry's fingerprint", () => {
  it("is the one the browser stores with a choice: after changing the registry, write the new one in registry-fingerprint.ts", () => {
    expect(REGISTRY_FINGERPRINT).toBe(registryFingerprint());
  });
});
