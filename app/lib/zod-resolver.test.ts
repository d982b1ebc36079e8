import { describe, expect, it } from "vitest";
import { loginSchema, registerSchema } from "#common/accounts";
import { apiFieldErrors, zodResolver } from "./zod-resolver";

describe("zodResolver", () => {
  it("returns no errors for valid values", () => {
    expect(zodResolver(loginSchema)({ email: "ana@example.com", password: "x" })).toEqual({});
  });

  it("returns the first Spanish message per field, keyed by path", () => {
    const errors = zodResolver(registerSchema)({
      email: "no-es-correo",
      password: "corta",
      password_confirmation: "otra",
      register_type: "web",
    });
    expect(errors.email).toBe("Introduce un correo electrónico válido");
    expect(errors.password).toBe("La contraseña debe tener al menos 8 caracteres");
    expect(errors.password_confirmation).toBe("Las contraseñas no coinciden");
  });
});

describe("apiFieldErrors", () => {
  it("keeps the first message of each field", () => {
    expect(apiFieldErrors({ email: ["Ya existe una cuenta", "otra"], nombre: "Falta" })).toEqual({
      email: "Ya existe una cuenta",
      nombre: "Falta",
    });
  });
});
