import { describe, expect, it } from "vitest";
import { redactTokens } from "./logger";
import { randomToken } from "./tokens";

describe("redactTokens", () => {
  it("keeps the route of a logged path but not a secret in it", () => {
    for (let i = 0; i < 20; i++) {
      const token = `${randomToken()}A`; // randomToken is base64url; the A pins a capital
      expect(redactTokens(`/api/email/verify/${token}`)).toBe("/api/email/verify/[token]");
      expect(redactTokens(`/app/empleo/alertas/baja/${token}/x`)).toBe("/app/empleo/alertas/baja/[token]/x");
    }
  });

  it("leaves slugs and ids alone, however long", () => {
    const path = "/app/empleo/oferta/laboratorios-farmaceuticos-del-norte-sa/12-visitador-medico-zona-centro-madrid";
    expect(redactTokens(path)).toBe(path);
  });
});
