import { describe, expect, it } from "vitest";
import { foldedWords, oneEditApart } from "./search-typos";

describe("oneEditApart", () => {
  it("allows one missing, extra, changed or swapped letter, never two", () => {
    expect(oneEditApart("vistador", "visitador")).toBe(true);
    expect(oneEditApart("visitadorr", "visitador")).toBe(true);
    expect(oneEditApart("visitadur", "visitador")).toBe(true);
    expect(oneEditApart("vistiador", "visitador")).toBe(true);
    expect(oneEditApart("vstadr", "visitador")).toBe(false);
    expect(oneEditApart("farmacia", "farmaceutico")).toBe(false);
  });
});

describe("foldedWords", () => {
  it("folds case and accents and splits on punctuation", () => {
    expect(foldedWords("Visitador MÉDICO, Madrid")).toEqual(["visitador", "medico", "madrid"]);
  });
});
