import { describe, expect, it } from "vitest";
import {
  crearCuentaStep,
  type Destinations,
  destinationAfterLogin,
  destinationForLoggedInOpeningLogin,
  empleoEmpresaSchema,
  loginSchema,
  profileWebSchema,
  registerSchema,
  safeRedirect,
} from "#common/accounts";

const destinations: Destinations = {
  appUrl: "https://farmanexo.example",
  allowedOrigins: ["https://academia.example"],
  userArea: "/app/cuenta",
  employmentArea: "https://empleo.example/panel",
  legacyPerfilUser: "https://old.example/perfil",
  legacyPanelEmpleo: "https://old.example/panel-empleo",
};
const roles = (...granted: string[]) => ({
  roles: Object.fromEntries(
    ["visitador_farmaceutico", "marketing", "administrador_empleo", "editor", "moderador", "admin"].map((r) => [
      r,
      granted.includes(r) ? 1 : 0,
    ]),
  ) as Record<string, 0 | 1>,
});

describe("destinationAfterLogin", () => {
  it("follows a safe redirect_url first", () => {
    expect(destinationAfterLogin(roles("marketing"), "/app/chat", destinations)).toBe("/app/chat");
    expect(destinationAfterLogin(roles(), "https://academia.example/curso", destinations)).toBe("https://academia.example/curso");
  });

  it("otherwise goes by role", () => {
    expect(destinationAfterLogin(roles("visitador_farmaceutico"), undefined, destinations)).toBe("/app/visita/visitador");
    expect(destinationAfterLogin(roles("marketing"), "", destinations)).toBe("/app/visita/visitador");
    expect(destinationAfterLogin(roles("administrador_empleo"), null, destinations)).toBe("https://empleo.example/panel");
    expect(destinationAfterLogin(roles(), "//evil.example", destinations)).toBe("/app/cuenta");
  });

  it("sends editors, moderators and admins to the back office", () => {
    for (const role of ["editor", "moderador", "admin"] as const) {
      expect(destinationAfterLogin(roles(role), undefined, destinations)).toBe("/app/admin");
      expect(destinationForLoggedInOpeningLogin(roles(role), destinations)).toBe("/app/admin");
    }
    expect(destinationAfterLogin(roles("editor"), "/app/chat", destinations)).toBe("/app/chat");
  });

  it("sends a signed-in user opening login to the legacy pages by role", () => {
    expect(destinationForLoggedInOpeningLogin(roles("marketing"), destinations)).toBe("/app/visita/visitador");
    expect(destinationForLoggedInOpeningLogin(roles("administrador_empleo"), destinations)).toBe("https://old.example/panel-empleo");
    expect(destinationForLoggedInOpeningLogin(roles(), destinations)).toBe("https://old.example/perfil");
  });
});

describe("safeRedirect", () => {
  it.each([
    "//evil.example/x",
    "/\\evil.example",
    "javascript:alert(1)",
    "data:text/html,x",
    "https://evil.example/",
    "https://user:pw@farmanexo.example/",
    "/app/\nx",
    "https://farmanexo.example.evil.example/",
  ])("refuses %s", (url) => expect(safeRedirect(url, destinations.appUrl, destinations.allowedOrigins)).toBeUndefined());
  it.each(["/app/empleo/p/espana?q=1", "https://farmanexo.example/app/x", "https://academia.example/"])("accepts %s", (url) =>
    expect(safeRedirect(url, destinations.appUrl, destinations.allowedOrigins)).toBeTruthy(),
  );
});

describe("schemas", () => {
  it("normalises the e-mail and checks the password rule and confirmation", () => {
    expect(loginSchema.parse({ email: "  Ana@Example.COM ", password: "x" }).email).toBe("ana@example.com");
    const result = registerSchema.safeParse({
      email: "a@b.es",
      password: "12345678",
      password_confirmation: "12345678",
      register_type: "web",
      acepta_condiciones: true,
    });
    expect(result.error?.issues.map((i) => i.message)).toEqual(["La contraseña debe incluir al menos una letra y un número"]);
    const valid = { email: "a@b.es", password: "abcd1234", password_confirmation: "abcd1234", register_type: "web" };
    expect(registerSchema.safeParse({ ...valid, acepta_condiciones: true }).success).toBe(true);
    // The terms are accepted explicitly (issue 27): without the box ticked, no account.
    expect(registerSchema.safeParse(valid).success).toBe(false);
  });

  it("needs empresa_nombre unless unemployed", () => {
    const base = { nombre: "A", apellidos: "B", cargo: 3 };
    expect(profileWebSchema.safeParse(base).error?.issues[0]?.path).toEqual(["empresa_nombre"]);
    expect(profileWebSchema.safeParse({ ...base, desempleado: 1 }).success).toBe(true);
  });

  it("empleo/empresa: an id joins, anything else needs the company fields", () => {
    expect(empleoEmpresaSchema.safeParse({ empresa: 7 }).success).toBe(true);
    expect(empleoEmpresaSchema.safeParse({ empresa: "Nueva" }).success).toBe(false);
  });

  it("maps register types to their step", () => {
    expect(crearCuentaStep("mkt")).toBe("/app/auth/crear-cuenta/mkt");
    expect(crearCuentaStep("empleo")).toBe("/app/auth/crear-cuenta/empleo");
    expect(crearCuentaStep("otro")).toBe("/app/auth/crear-cuenta");
  });
});
