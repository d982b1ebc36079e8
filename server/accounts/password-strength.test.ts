import { describe, expect, it } from "vitest";
import { passwordWeakness } from "./password-strength";

describe("passwordWeakness", () => {
  it.each([
    ["password123", "aparece en las listas de contraseñas más usadas y filtradas"],
    ["12345678a", "aparece en las listas de contraseñas más usadas y filtradas"],
    ["contrasena123", "aparece en las listas de contraseñas más usadas y filtradas"],
    ["tequiero1", "aparece en las listas de contraseñas más usadas y filtradas"],
    ["contraseña1", "se basa en palabras o nombres muy comunes"],
    ["farmacia123", "se basa en palabras o nombres muy comunes"],
    ["Primavera2023", "se basa en palabras o nombres muy comunes"],
    ["aaaaaaaa1", "repite caracteres o grupos de caracteres"],
  ])("refuses %s and says why in Spanish", async (password, reason) => {
    expect(await passwordWeakness(password)).toBe(
      `Esta contraseña es fácil de adivinar: ${reason}. Elige otra más larga, por ejemplo varias palabras poco habituales.`,
    );
  });

  it("refuses the person's own e-mail, name or the brand", async () => {
    expect(await passwordWeakness("lucia.martin7", ["lucia.martin@example.com"])).toContain(
      "contiene tu correo, tu nombre o el nombre del sitio",
    );
    expect(await passwordWeakness("Farmanexo2024", ["Farmanexo"])).toContain("contiene tu correo");
  });

  it("accepts long or unpredictable passwords, without character-class rules", async () => {
    for (const password of ["Otra-clave-muy-segura-7", "Contraseña-segura-1", "Nueva-clave-2024", "Q7m!x2pLr", "mesa verde cohete 9"]) {
      expect(await passwordWeakness(password, ["ana@example.com", "Farmanexo"])).toBeNull();
    }
    expect(await passwordWeakness(`${"Zx9".repeat(40)}-larga-y-rara`)).not.toBeNull(); // repeats stay refused even when long
  });
});
