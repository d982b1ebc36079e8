/**
 * Builds estados.json: the first-level subdivisions of every country.
 */
import type { Estado } from "#common/reference";
import { type IsoSubdivision, isoSubdivisions } from "./sources";
import { ESPANA_PROVINCIAS, ESPANA_TYPES } from "./spain";
import { DROPPED_CODES, DROPPED_TYPES } from "./subdivision-levels";
import { EXTRA_SUBDIVISIONS, NOMBRE_OVERRIDES } from "./subdivision-names";
import { assignStableIds, compareEs, slugify } from "./util";

/** A chosen subdivision before ids are known. */
export interface Subdivision {
  codigo: string;
  type: string;
  nombre: string;
}

/**
 * Qualifiers that iso-3166-2 appends after a comma in inverted names
 * ("Dagestan, Respublika", "Praha, hlavní mešto"); the bare name reads better.
 */
const INVERTED_QUALIFIERS = new Set([
  "city of",
  "hlavní mešto",
  "respublika",
  "the",
  "unitatea teritorială autonomă",
  "unitatea teritorială din",
]);

/** Strips footnote marks ("Alacant*", "Foo[1]", "Bar†") and inverted qualifiers. */
export function cleanSubdivisionName(raw: string): string {
  let name = raw.replace(/\s+/g, " ").trim();
  const footnote = /\s*(\*+|[†‡]+|\[\d+\]|[⁰¹²³⁴⁵⁶⁷⁸⁹]+)$/;
  while (footnote.test(name)) name = name.replace(footnote, "");
  const comma = name.lastIndexOf(", ");
  if (comma > 0 && INVERTED_QUALIFIERS.has(name.slice(comma + 2).toLowerCase())) {
    name = name.slice(0, comma);
  }
  return name;
}

function selectSpain(raw: IsoSubdivision[]): Subdivision[] {
  const chosen = raw.filter((s) => ESPANA_TYPES.has(s.type));
  const codes = new Set(chosen.map((s) => s.code));
  const expected = Object.keys(ESPANA_PROVINCIAS);
  if (codes.size !== expected.length || expected.some((code) => !codes.has(code))) {
    throw new Error("iso-3166-2 Spanish provinces no longer match scripts/reference/spain.ts");
  }
  return chosen.map((s) => ({ codigo: s.code, type: s.type, nombre: ESPANA_PROVINCIAS[s.code] as string }));
}

/** The first-level subdivisions of one country (unsorted). */
export function selectSubdivisions(iso: string): Subdivision[] {
  const raw = [...isoSubdivisions(iso), ...EXTRA_SUBDIVISIONS.filter((s) => s.code.startsWith(`${iso}-`))];
  if (iso === "ES") return selectSpain(raw);

  const dropped = new Set(DROPPED_TYPES[iso] ?? []);
  for (const type of dropped) {
    if (!raw.some((s) => s.type === type)) throw new Error(`${iso} has no "${type}" entries to drop`);
  }
  return (
    raw
      // Territories such as "PR-PR" list only themselves: no subdivisions.
      .filter((s) => !(s.type === "Country" && s.code === `${iso}-${iso}`))
      .filter((s) => !dropped.has(s.type) && !DROPPED_CODES.has(s.code))
      .map((s) => ({ codigo: s.code, type: s.type, nombre: NOMBRE_OVERRIDES[s.code] ?? cleanSubdivisionName(s.name) }))
  );
}

/** Slugs must be unique within a country; on a clash the ISO suffix disambiguates. */
function uniqueSlug(nombre: string, codigo: string, taken: Set<string>): string {
  let slug = slugify(nombre);
  if (taken.has(slug)) slug = `${slug}-${slugify(codigo.split("-")[1] ?? codigo)}`;
  if (taken.has(slug)) throw new Error(`Duplicate estado slug ${slug} (${codigo})`);
  taken.add(slug);
  return slug;
}

/**
 * Sorted by pais_id, then Spanish collation of nombre. Ids follow the same
 * keep-existing rule as paises (keyed by ISO 3166-2 code): committed ids
 * are kept, new codes get max(id) + 1, a first run numbers them in order.
 */
export function buildEstados(byPaisId: ReadonlyMap<number, Subdivision[]>, previous: Pick<Estado, "codigo" | "id">[]): Estado[] {
  const rows: Omit<Estado, "id">[] = [];
  for (const paisId of [...byPaisId.keys()].sort((a, b) => a - b)) {
    const subs = [...(byPaisId.get(paisId) ?? [])].sort((a, b) => compareEs(a.nombre, b.nombre) || compareEs(a.codigo, b.codigo));
    const taken = new Set<string>();
    for (const sub of subs) {
      rows.push({
        pais_id: paisId,
        codigo: sub.codigo,
        nombre: sub.nombre,
        slug: uniqueSlug(sub.nombre, sub.codigo, taken),
      });
    }
  }

  const ids = assignStableIds(
    rows.map((r) => r.codigo),
    new Map(previous.map((e) => [e.codigo, e.id])),
  );
  return rows.map((r) => ({ id: ids.get(r.codigo) as number, ...r }));
}

/** Fails if an override names a code that is not in the output (typo or data change). */
export function checkOverridesUsed(estados: readonly Estado[]): void {
  const codes = new Set(estados.map((e) => e.codigo));
  for (const code of Object.keys(NOMBRE_OVERRIDES)) {
    if (!codes.has(code)) throw new Error(`Name override for unknown subdivision ${code}`);
  }
}
