import { describe, expect, it } from "vitest";
import { candidateProfileSchema, EMPTY_PROFILE, nestFields, profileCompleteness } from "./profile";

describe("profileCompleteness", () => {
  it("is 0 % for an empty profile and lists everything, most valuable first", () => {
    const { percent, missing } = profileCompleteness(EMPTY_PROFILE);
    expect(percent).toBe(0);
    expect(missing[0]).toBe("Añade tu experiencia (al menos un puesto)");
    expect(missing).toHaveLength(7);
  });

  it("needs three skills and reaches 100 % when every part is there", () => {
    const profile = {
      ...EMPTY_PROFILE,
      titular: "Delegada",
      experiencia: [{ puesto: "A", empresa: "B", desde: "2020-01", descripcion: "" }],
      formacion: [{ titulo: "Farmacia", centro: "UCM" }],
      idiomas: [{ idioma: "Inglés", nivel: "B2" as const }],
      habilidades: ["a", "b"],
      disponibilidad: "inmediata" as const,
      salarioDeseado: 30000,
      salarioMoneda: "EUR" as const,
    };
    expect(profileCompleteness(profile)).toEqual({ percent: 85, missing: ["Añade al menos tres habilidades"] });
    expect(profileCompleteness({ ...profile, habilidades: ["a", "b", "c"] })).toEqual({ percent: 100, missing: [] });
  });
});

describe("the profile form's fields", () => {
  it("become lists, blank rows dropped, errors named by the row the user sees", () => {
    const nested = nestFields({
      "experiencia.0.puesto": "",
      "experiencia.0.empresa": "",
      "experiencia.1.puesto": "Adjunta",
      "experiencia.1.empresa": "",
      "experiencia.1.desde": "2020-01",
      habilidades: "CRM, crm , Ventas,",
    });
    const parsed = candidateProfileSchema.safeParse(nested);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join("."))).toEqual(["experiencia.1.empresa"]);
    const ok = candidateProfileSchema.parse({
      ...nested,
      "experiencia.1.empresa": undefined,
      experiencia: [undefined, { puesto: "Adjunta", empresa: "Sol", desde: "2020-01" }],
    });
    expect(ok.experiencia).toEqual([{ puesto: "Adjunta", empresa: "Sol", desde: "2020-01", descripcion: "" }]);
    expect(ok.habilidades).toEqual(["CRM", "Ventas"]);
    expect(ok.abierto_a_ofertas).toBe(false);
  });

  it("refuses an end before the start and a salary without a currency", () => {
    const parsed = candidateProfileSchema.safeParse({
      experiencia: [{ puesto: "A", empresa: "B", desde: "2022-05", hasta: "2021-01" }],
      salario_deseado: "30000",
      salario_moneda: "",
    });
    expect(parsed.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["experiencia.0.hasta", "La fecha de fin es anterior a la de inicio."],
      ["salario_moneda", "Elige la moneda del salario."],
    ]);
  });
});
