import { describe, expect, it } from "vitest";
import { normaliseEmail, verificationCreateSchema, verificationDecisionSchema } from "./verifications";

describe("verification payloads", () => {
  it("compares professionals by a normalised e-mail", () => {
    expect(normaliseEmail("  Ana.Ruiz@Centro-Salud.TEST ")).toBe("ana.ruiz@centro-salud.test");
    expect(normaliseEmail("ＡＮＡ@centro.test")).toBe("ana@centro.test");
  });

  it("accepts a request with optional collegiate number and province, with Spanish messages otherwise", () => {
    const ok = verificationCreateSchema.parse({
      producto_id: "12",
      nombre: " Dra. Ana ",
      email: "ANA@centro.test",
      num_colegiado: "",
      estado_id: "",
    });
    expect(ok).toEqual({ producto_id: 12, nombre: "Dra. Ana", email: "ana@centro.test", num_colegiado: undefined, estado_id: undefined });
    const bad = verificationCreateSchema.safeParse({ producto_id: 1, nombre: "A", email: "no", num_colegiado: "<script>" });
    expect(bad.success).toBe(false);
    const messages = bad.error?.issues.map((issue) => issue.message);
    expect(messages).toContain("Escribe el nombre del profesional.");
    expect(messages).toContain("Escribe un correo electrónico válido.");
    expect(messages).toContain("El número de colegiado solo lleva cifras, letras, espacios, guiones o barras.");
  });

  it("takes only «confirmar» or «rechazar» as an answer", () => {
    expect(verificationDecisionSchema.safeParse({ decision: "confirmar" }).success).toBe(true);
    expect(verificationDecisionSchema.safeParse({ decision: "quizá" }).error?.issues[0]?.message).toBe("Elige «Confirmar» o «Rechazar».");
  });
});
