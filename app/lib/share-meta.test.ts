import { describe, expect, it } from "vitest";
import { withBrand } from "./page-title";
import { metaDescription } from "./share-meta";

describe("metaDescription", () => {
  it("keeps a short text, flattening its white space", () => {
    expect(metaDescription("  Una   oferta\nen Madrid. ")).toBe("Una oferta en Madrid.");
  });

  it("cuts a long text at a word, within 160 characters, with an ellipsis", () => {
    const text = "Buscamos una persona con experiencia en la visita médica hospitalaria, ".repeat(4);
    const cut = metaDescription(text);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith("…")).toBe(true);
    expect(text.startsWith(cut.slice(0, -1))).toBe(true);
    expect(cut).not.toMatch(/[ ,]…$/);
  });
});

describe("withBrand", () => {
  it("adds the brand once", () => {
    expect(withBrand("Iniciar sesión", "Farmanexo")).toBe("Iniciar sesión · Farmanexo");
    expect(withBrand("Iniciar sesión · Farmanexo", "Farmanexo")).toBe("Iniciar sesión · Farmanexo");
    expect(withBrand("Farmanexo · La red profesional", "Farmanexo")).toBe("Farmanexo · La red profesional");
    expect(withBrand("Iniciar sesión", undefined)).toBe("Iniciar sesión");
  });
});
