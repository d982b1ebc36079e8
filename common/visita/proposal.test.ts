import { describe, expect, it } from "vitest";
import { proposalFromForm, proposalSchema, tabOfField, toFormValues } from "./proposal";

function form(entries: Array<[string, string]>) {
  const data = new FormData();
  for (const [key, value] of entries) data.append(key, value);
  return data;
}

describe("the proposal form", () => {
  it("reads rows, repeated routes and ticked boxes; empty rows are dropped", () => {
    const raw = proposalFromForm(
      form([
        ["nombre", "Novafen 400 mg comprimidos"],
        ["principios_activos.0.nombre", "Ibuprofeno"],
        ["principios_activos.0.dosis", "400"],
        ["principios_activos.0.unidad", "mg"],
        ["principios_activos.1.nombre", ""],
        ["principios_activos.1.dosis", ""],
        ["presentaciones.0.cn", "712729.1"],
        ["presentaciones.0.nombre", "20 comprimidos"],
        ["vias", "oral"],
        ["vias", "bucal"],
        ["generico", "on"],
      ]),
    );
    expect(raw.principios_activos).toEqual([{ nombre: "Ibuprofeno", dosis: "400", unidad: "mg" }]);
    expect(raw.vias).toEqual(["oral", "bucal"]);
    expect(raw).toMatchObject({ generico: true, comercializado: false });
    expect(toFormValues(raw).presentaciones).toEqual([{ cn: "712729.1", nombre: "20 comprimidos" }]);
  });

  it("accepts a CN with its right check digit and refuses a wrong one or a repeated code", () => {
    const base = {
      nombre: "Novafen",
      laboratorio_id: 1,
      numero_registro: "12345",
      forma: "comprimido",
      receta: "sin_receta",
      principios_activos: [{ nombre: "ibuprofeno", dosis: "400", unidad: "mg" }],
    };
    const ok = proposalSchema.safeParse({ ...base, presentaciones: [{ cn: "712729.1", nombre: "20 comprimidos" }] });
    expect(ok.success && ok.data.presentaciones[0]?.cn).toBe("712729");
    const wrong = proposalSchema.safeParse({ ...base, presentaciones: [{ cn: "7127295", nombre: "20 comprimidos" }] });
    expect(wrong.error?.issues[0]?.message).toBe("El dígito de control del código nacional no es correcto.");
    const repeated = proposalSchema.safeParse({
      ...base,
      presentaciones: [
        { cn: "712729", nombre: "20 comprimidos" },
        { cn: "712729", nombre: "40 comprimidos" },
      ],
    });
    expect(repeated.error?.issues[0]).toMatchObject({ path: ["presentaciones", 1, "cn"], message: "Este código nacional está repetido." });
  });

  it("knows the tab of each field", () => {
    expect(tabOfField("presentaciones.0.cn")).toBe("datosObligatorios");
    expect(tabOfField("atc")).toBe("datosOpcionales");
    expect(tabOfField("imagen")).toBe("imagenes");
  });
});
