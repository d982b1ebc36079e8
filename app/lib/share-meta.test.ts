import { describe, expect, it } from "vitest";
import { withBrand } from "./page-title";
import { metaDescription, pageMeta } from "./share-meta";

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

describe("pageMeta", () => {
  it("gives the title with the brand, the cut description, the canonical address and the Open Graph tags in that order", () => {
    const tags = pageMeta({
      title: "Una noticia",
      description: "  Su   entradilla ",
      url: "https://farmanexo.test/noticias/1",
      type: "article",
      image: "https://farmanexo.test/og/noticia/1.png",
      imageAlt: "La foto",
      brandName: "Farmanexo",
    });
    expect(tags.slice(0, 9)).toEqual([
      { title: "Una noticia · Farmanexo" },
      { name: "description", content: "Su entradilla" },
      { tagName: "link", rel: "canonical", href: "https://farmanexo.test/noticias/1" },
      { property: "og:title", content: "Una noticia" },
      { property: "og:description", content: "Su entradilla" },
      { property: "og:type", content: "article" },
      { property: "og:url", content: "https://farmanexo.test/noticias/1" },
      { property: "og:site_name", content: "Farmanexo" },
      { property: "og:locale", content: "es_ES" },
    ]);
    expect(tags).toContainEqual({ property: "og:image", content: "https://farmanexo.test/og/noticia/1.png" });
  });
});
