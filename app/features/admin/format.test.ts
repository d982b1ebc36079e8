import { describe, expect, it } from "vitest";
import { formatDateTime, openSessionsClause } from "./format";

describe("back-office formats", () => {
  it("writes dates in Spain's time", () => {
    expect(formatDateTime("2026-11-23T10:05:00Z")).toBe("23 nov 2026, 11:05");
  });

  it("makes the block confirmation agree with the number of open sessions", () => {
    expect(`no podrá iniciar sesión${openSessionsClause(0)}.`).toBe("no podrá iniciar sesión (no tiene sesiones abiertas).");
    expect(`no podrá iniciar sesión${openSessionsClause(1)}.`).toBe("no podrá iniciar sesión y su sesión abierta se cerrará ahora.");
    expect(`no podrá iniciar sesión${openSessionsClause(3)}.`).toBe("no podrá iniciar sesión y sus 3 sesiones abiertas se cerrarán ahora.");
  });
});
