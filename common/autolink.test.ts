import { describe, expect, it } from "vitest";
import { autolink, firstLink } from "./autolink";

describe("autolink", () => {
  it("turns http, https and www addresses into links and keeps the rest as text", () => {
    expect(autolink("Mira https://farmanexo.test/ofertas?id=1 y www.ejemplo.es, gracias")).toEqual([
      { type: "text", text: "Mira " },
      { type: "link", text: "https://farmanexo.test/ofertas?id=1", href: "https://farmanexo.test/ofertas?id=1" },
      { type: "text", text: " y " },
      { type: "link", text: "www.ejemplo.es", href: "https://www.ejemplo.es/" },
      { type: "text", text: ", gracias" },
    ]);
  });

  it("leaves markup, other schemes and e-mail addresses as plain text", () => {
    const text = '<a href="https://x.test">hola</a> javascript:alert(1) data:text/html,hi mailto:a@b.es ana@ejemplo.es **negrita**';
    const parts = autolink(text);
    expect(parts.filter((p) => p.type === "link").map((p) => p.href)).toEqual(["https://x.test/"]);
    expect(parts.map((p) => p.text).join("")).toBe(text);
  });

  it("trims trailing punctuation but keeps balanced parentheses", () => {
    expect(firstLink("¿Has visto https://ejemplo.es/a.")).toBe("https://ejemplo.es/a");
    expect(firstLink("(https://ejemplo.es/a)")).toBe("https://ejemplo.es/a");
    expect(firstLink("https://es.wikipedia.org/wiki/Paracetamol_(fármaco)")).toBe(
      "https://es.wikipedia.org/wiki/Paracetamol_(f%C3%A1rmaco)",
    );
  });

  it("refuses addresses with credentials or without a host", () => {
    expect(firstLink("https://usuario:clave@ejemplo.es")).toBeNull();
    expect(firstLink("https://")).toBeNull();
    expect(autolink("sin enlaces")).toEqual([{ type: "text", text: "sin enlaces" }]);
    expect(autolink("")).toEqual([]);
  });
});
