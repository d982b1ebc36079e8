import { describe, expect, it } from "vitest";
import { linkTo, pathTo } from "./route-names";

describe("pathTo", () => {
  it("builds full paths under /app, encoding parameters", () => {
    expect(pathTo("home")).toBe("/app");
    expect(pathTo("login")).toBe("/app/auth/login");
    expect(pathTo("empleo-cargo", { pais: "espana", cargo: "visitador-medico" })).toBe("/app/empleo/p/espana/cargo/visitador-medico");
    expect(pathTo("empleo-oferta", { slugEmpresa: "lab x", idSlugOferta: "12-kam" })).toBe("/app/empleo/oferta/lab%20x/12-kam");
  });

  it("leaves out optional parameters and empty query values", () => {
    expect(pathTo("empleo")).toBe("/app/empleo/p");
    expect(pathTo("chat", { id: 5 })).toBe("/app/chat/5");
    expect(pathTo("empleo", { pais: "mexico" }, { q: "kam", page: undefined, estado: "" })).toBe("/app/empleo/p/mexico?q=kam");
  });

  it("throws when a required parameter is missing", () => {
    expect(() => pathTo("empleo-cargo", { pais: "espana" })).toThrow(/cargo/);
  });
});

describe("linkTo", () => {
  it("is relative to the router's basename", () => {
    expect(linkTo("home")).toBe("/");
    expect(linkTo("login")).toBe("/auth/login");
    expect(linkTo("empleo", { pais: "espana" }, { q: "msl" })).toBe("/empleo/p/espana?q=msl");
  });
});
