/**
 * Checks the committed reference data (data/reference/*.json) produced by
 * scripts/generate-reference-data.ts. It reads the files, not the generator,
 * so it also catches hand edits that break the contract. The id rule itself
 * is unit-tested at the end.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { Cargo, EmpresaTipo, Estado, Pais, Region } from "#common/reference";
import { assignStableIds } from "./reference/util";

const DATA_DIR = join(fileURLToPath(new URL("..", import.meta.url)), "data", "reference");

function load<T>(name: string): T[] {
  return JSON.parse(readFileSync(join(DATA_DIR, `${name}.json`), "utf8")) as T[];
}

const regiones = load<Region>("regiones");
const paises = load<Pais>("paises");
const estados = load<Estado>("estados");
const cargos = load<Cargo>("cargos");
const empresaTipos = load<EmpresaTipo>("empresa-tipos");

const collator = new Intl.Collator("es");
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const paisByIso = new Map(paises.map((p) => [p.iso, p]));

function expectUnique(values: readonly unknown[]): void {
  expect(new Set(values).size).toBe(values.length);
}

describe("regiones.json", () => {
  it("lists the six product regions with their exact spellings", () => {
    expect(regiones).toEqual([
      { id: 1, nombre: "Norteamérica" },
      { id: 2, nombre: "LATAM" },
      { id: 3, nombre: "Europa" },
      { id: 4, nombre: "Asia" },
      { id: 5, nombre: "África" },
      { id: 6, nombre: "Oceania" },
    ]);
  });
});

describe("paises.json", () => {
  it("holds about 240 countries sorted by Spanish name", () => {
    expect(paises.length).toBeGreaterThanOrEqual(230);
    expect(paises.length).toBeLessThanOrEqual(260);
    const names = paises.map((p) => p.nombre);
    expect(names).toEqual([...names].sort(collator.compare));
  });

  it("gives every record exactly the documented keys and types", () => {
    const keys = ["estado_tipo", "id", "iso", "nombre", "nombre_en", "prefijo_tel", "region", "slug", "timezone"];
    for (const p of paises) {
      expect(Object.keys(p).sort()).toEqual(keys);
      expect(Number.isInteger(p.id) && p.id > 0).toBe(true);
      expect(typeof p.nombre === "string" && p.nombre.length > 0).toBe(true);
      expect(typeof p.nombre_en === "string" && p.nombre_en.length > 0).toBe(true);
      expect(p.timezone).toBeNull();
      expect(p.slug).toMatch(SLUG);
      expect(p.iso).toMatch(/^[A-Z]{2}$/);
      expect(typeof p.estado_tipo === "string" && p.estado_tipo.length > 0).toBe(true);
      if (p.prefijo_tel !== null) expect(p.prefijo_tel).toMatch(/^\+\d{1,4}$/);
      expect(Object.keys(p.region).sort()).toEqual(["id", "nombre"]);
      expect(regiones).toContainEqual(p.region);
    }
  });

  it("has unique ids, names, slugs and ISO codes", () => {
    expectUnique(paises.map((p) => p.id));
    expectUnique(paises.map((p) => p.nombre));
    expectUnique(paises.map((p) => p.slug));
    expectUnique(paises.map((p) => p.iso));
  });

  it("keeps España as id 28", () => {
    expect(paises.find((p) => p.id === 28)).toMatchObject({
      nombre: "España",
      slug: "espana",
      iso: "ES",
      estado_tipo: "Provincia",
      prefijo_tel: "+34",
      region: { id: 3, nombre: "Europa" },
    });
  });

  it("uses common Spanish names and the expected regions and prefixes", () => {
    expect(paisByIso.get("MX")).toMatchObject({ nombre: "México", prefijo_tel: "+52", region: { id: 2 } });
    expect(paisByIso.get("US")).toMatchObject({ nombre: "Estados Unidos", slug: "estados-unidos", region: { id: 1 } });
    expect(paisByIso.get("GB")?.nombre).toBe("Reino Unido");
    expect(paisByIso.get("EH")?.prefijo_tel).toBeNull();
  });

  it("labels first-level subdivisions in Spanish", () => {
    for (const iso of ["MX", "US", "BR", "VE"]) expect(paisByIso.get(iso)?.estado_tipo).toBe("Estado");
    for (const iso of ["CO", "UY", "PY"]) expect(paisByIso.get(iso)?.estado_tipo).toBe("Departamento");
    expect(paisByIso.get("AR")?.estado_tipo).toBe("Provincia");
  });

  it("uses every region", () => {
    expect(new Set(paises.map((p) => p.region.id))).toEqual(new Set([1, 2, 3, 4, 5, 6]));
  });
});

describe("estados.json", () => {
  const paisIds = new Set(paises.map((p) => p.id));
  const spain = estados.filter((e) => e.pais_id === 28);

  it("gives every record the documented keys and a known country", () => {
    for (const e of estados) {
      expect(Object.keys(e).sort()).toEqual(["codigo", "id", "nombre", "pais_id", "slug"]);
      expect(paisIds.has(e.pais_id)).toBe(true);
      const iso = paises.find((p) => p.id === e.pais_id)?.iso;
      expect(e.codigo.startsWith(`${iso}-`)).toBe(true);
      expect(e.slug).toMatch(SLUG);
      expect(e.nombre).not.toContain("*");
    }
  });

  it("has unique ids and codes, and unique slugs within a country", () => {
    expectUnique(estados.map((e) => e.id));
    expectUnique(estados.map((e) => e.codigo));
    expectUnique(estados.map((e) => `${e.pais_id}/${e.slug}`));
  });

  it("is sorted by country, then Spanish name", () => {
    for (let i = 1; i < estados.length; i++) {
      const [a, b] = [estados[i - 1] as Estado, estados[i] as Estado];
      const order = a.pais_id - b.pais_id || collator.compare(a.nombre, b.nombre);
      expect(order, `${a.codigo} before ${b.codigo}`).toBeLessThanOrEqual(0);
    }
  });

  it("lists Spain's 50 provinces plus Ceuta and Melilla", () => {
    expect(spain).toHaveLength(52);
    const names = spain.map((e) => e.nombre);
    for (const name of ["Madrid", "Barcelona", "Alicante", "A Coruña", "Ceuta", "Melilla"]) {
      expect(names).toContain(name);
    }
    expect(spain.find((e) => e.nombre === "Madrid")?.codigo).toBe("ES-M");
  });

  it("reads well in Spanish for Mexico", () => {
    const mexico = paisByIso.get("MX")?.id;
    expect(estados.filter((e) => e.pais_id === mexico).map((e) => e.nombre)).toContain("Ciudad de México");
  });
});

describe("cargos.json", () => {
  it("has at least 45 titles with unique ids and slugs, sorted by name", () => {
    expect(cargos.length).toBeGreaterThanOrEqual(45);
    expectUnique(cargos.map((c) => c.id));
    expectUnique(cargos.map((c) => c.slug));
    for (const c of cargos) expect(c.slug).toMatch(SLUG);
    const names = cargos.map((c) => c.nombre);
    expect(names).toEqual([...names].sort(collator.compare));
    expect(cargos.map((c) => c.slug)).toContain("visitador-medico");
  });
});

describe("empresa-tipos.json", () => {
  it("is a non-empty list with unique ids and slugs", () => {
    expect(empresaTipos.length).toBeGreaterThan(0);
    expectUnique(empresaTipos.map((t) => t.id));
    expectUnique(empresaTipos.map((t) => t.slug));
    for (const t of empresaTipos) expect(Object.keys(t).sort()).toEqual(["id", "nombre", "slug"]);
  });
});

describe("assignStableIds (the id rule behind every file)", () => {
  it("numbers a first run in order, skipping pinned ids", () => {
    const ids = assignStableIds(["A", "B", "ES", "C"], new Map(), { ES: 28 });
    expect(Object.fromEntries(ids)).toEqual({ A: 1, B: 2, C: 3, ES: 28 });
  });

  it("keeps committed ids and gives new keys max + 1", () => {
    const existing = new Map([
      ["A", 1],
      ["B", 2],
      ["ES", 28],
      ["GONE", 40],
    ]);
    const ids = assignStableIds(["NEW", "A", "ES", "B"], existing, { ES: 28 });
    expect(Object.fromEntries(ids)).toEqual({ A: 1, B: 2, ES: 28, NEW: 41 });
  });

  it("refuses to move a pinned id", () => {
    expect(() => assignStableIds(["A"], new Map([["A", 28]]), { ES: 28 })).toThrow();
  });
});
