import { describe, expect, it } from "vitest";
import { accountLinksFor } from "./account-links";

const labels = (roles: Record<string, 0 | 1>) => accountLinksFor({ roles }).map((link) => link.label);

describe("accountLinksFor", () => {
  it("gives a candidate their applications, saved offers, alerts and profile", () => {
    expect(labels({ candidato: 1 })).toEqual([
      "Mi cuenta",
      "Mis candidaturas",
      "Ofertas guardadas",
      "Alertas",
      "Mi perfil profesional",
      "Mensajes",
      "Notificaciones",
    ]);
  });

  it("adds each role's entries to a user who holds several", () => {
    expect(labels({ candidato: 1, visitador_farmaceutico: 1 })).toContain("Mi perfil de visitador");
    expect(labels({ candidato: 1, visitador_farmaceutico: 1 })).toContain("Mis candidaturas");
    expect(labels({ administrador_empleo: 1 })).toContain("Panel de empleo");
    expect(labels({ administrador_empleo: 1 })).toContain("Buscar candidatos");
    expect(labels({ candidato: 1 })).not.toContain("Buscar candidatos");
    expect(labels({ editor: 1 })).toContain("Administración");
  });

  it("names visitadorPage a laboratory's panel for a marketing team, the profile for a representative", () => {
    expect(labels({ marketing: 1 })).toContain("Panel de mi laboratorio");
    expect(labels({ marketing: 1 })).not.toContain("Mi perfil de visitador");
    expect(labels({ visitador_farmaceutico: 1, marketing: 1 })).toContain("Mi perfil de visitador");
  });

  it("gives a web account its account and messages, and an anonymous visitor nothing", () => {
    expect(labels({})).toEqual(["Mi cuenta", "Mensajes", "Notificaciones"]);
    expect(accountLinksFor(null)).toEqual([]);
  });
});
