import { afterEach, describe, expect, it, vi } from "vitest";
import { focusFirstInvalid, formFailure } from "./form";

describe("formFailure", () => {
  const failure = { ok: false, intent: "apply", message: "Revisa los campos marcados.", errors: { cv: ["Adjunta tu CV."] }, values: {} };

  it("recognises the action's failure, for the intent asked", () => {
    expect(formFailure(failure)).toBe(failure);
    expect(formFailure(failure, "apply")).toBe(failure);
    expect(formFailure(failure, "save")).toBeNull();
  });

  it("is null for a success, nothing, or another shape", () => {
    expect(formFailure(undefined)).toBeNull();
    expect(formFailure({ ok: true })).toBeNull();
    expect(formFailure({ ok: false })).toBeNull();
  });
});

describe("focusFirstInvalid", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("focuses the first field in page order that has an error", () => {
    vi.stubGlobal("CSS", { escape: (value: string) => value.replace(/\./g, "\\.") });
    const focus = vi.fn();
    const querySelector = vi.fn(() => ({ focus }));
    const form = { querySelector } as unknown as HTMLFormElement;
    expect(focusFirstInvalid(form, { titulo: ["Obligatorio."], "preguntas.0.texto": ["Obligatorio."], vacio: [] })).toBe(true);
    expect(focus).toHaveBeenCalledOnce();
    // One selector for all fields: querySelector answers the first match in document order.
    expect(querySelector).toHaveBeenCalledWith(
      '[name="titulo"]:not([type="hidden"]), #campo-titulo, [aria-labelledby="titulo-label"], ' +
        '[name="preguntas.0.texto"]:not([type="hidden"]), #campo-preguntas\\.0\\.texto, [aria-labelledby="preguntas\\.0\\.texto-label"]',
    );
  });

  it("finds a field outside the form tied to it by form=, whichever comes first in the page", () => {
    vi.stubGlobal("CSS", { escape: (value: string) => value });
    vi.stubGlobal("Node", { DOCUMENT_POSITION_FOLLOWING: 4 });
    const tied = { focus: vi.fn() };
    const documentQuery = vi.fn(() => tied);
    const form = { id: "area-3", querySelector: () => null, ownerDocument: { querySelector: documentQuery } } as unknown as HTMLFormElement;
    expect(focusFirstInvalid(form, { nombre: ["Obligatorio."], orden: ["Obligatorio."] })).toBe(true);
    expect(documentQuery).toHaveBeenCalledWith(
      '[form="area-3"][name="nombre"]:not([type="hidden"]), [form="area-3"][name="orden"]:not([type="hidden"])',
    );
    expect(tied.focus).toHaveBeenCalledOnce();

    // A field inside the form that comes before the tied one wins.
    const inside = { focus: vi.fn(), compareDocumentPosition: () => 4 };
    const both = { id: "area-3", querySelector: () => inside, ownerDocument: { querySelector: () => tied } } as unknown as HTMLFormElement;
    focusFirstInvalid(both, { nombre: ["Obligatorio."] });
    expect(inside.focus).toHaveBeenCalledOnce();
    expect(tied.focus).toHaveBeenCalledOnce();
  });

  it("does nothing without errors or a form", () => {
    expect(focusFirstInvalid(null, { titulo: ["x"] })).toBe(false);
    expect(focusFirstInvalid({} as HTMLFormElement, {})).toBe(false);
  });
});
