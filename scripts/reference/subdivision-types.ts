/**
 * Spanish labels for iso-3166-2 subdivision types, used for
 * paises.estado_tipo ("what do you call a region of this country?").
 *
 * "Parróquia" and "Colónia" keep the spellings of the original product,
 * which existing clients may compare against.
 */

/** Label used when a country has no subdivisions or an unmapped type. */
export const DEFAULT_ESTADO_TIPO = "Estado";

/** Keys are iso-3166-2 types, lowercased. */
const TIPO_ES: Readonly<Record<string, string>> = {
  "administrative atoll": "Atolón",
  "administrative region": "Región",
  "autonomous community": "Comunidad autónoma",
  canton: "Cantón",
  capital: "Distrito",
  "capital district": "Distrito",
  city: "Ciudad",
  colony: "Colónia",
  commune: "Comuna",
  country: "Nación", // GB: England, Scotland, Wales
  county: "Condado",
  department: "Departamento",
  "development region": "Región",
  district: "Distrito",
  division: "División",
  emirate: "Emirato",
  entity: "Entidad",
  "federal district": "Distrito",
  "federal länder": "Estado",
  "geographical entity": "Territorio",
  "geographical region": "Región",
  governorate: "Gobernación",
  "group of islands": "Grupo de islas",
  island: "Isla",
  "island council": "Isla",
  "islands, groups of islands": "Isla",
  länder: "Estado",
  "local council": "Municipio",
  "metropolitan region": "Región",
  municipality: "Municipio",
  oblast: "Óblast",
  parish: "Parróquia",
  popularate: "Distrito", // Libya's shabiyat
  prefecture: "Prefectura",
  province: "Provincia",
  quarter: "Barrio",
  rayon: "Distrito",
  region: "Región",
  "regional council": "Región",
  republic: "República",
  "special municipality": "Municipio",
  state: "Estado",
  territory: "Territorio",
  zone: "Zona",
};

/** Spain lists provinces (see espana.ts), whatever the ISO type tally says. */
const ESTADO_TIPO_BY_ISO: Readonly<Record<string, string>> = {
  ES: "Provincia",
};

/**
 * The label of a country's first-level subdivisions: the Spanish name of
 * its most frequent type (ties broken alphabetically, for determinism).
 * `onUnmapped` lets the caller report types missing from the table.
 */
export function estadoTipoFor(iso: string, types: readonly string[], onUnmapped: (type: string) => void): string {
  const fixed = ESTADO_TIPO_BY_ISO[iso];
  if (fixed) return fixed;
  if (types.length === 0) return DEFAULT_ESTADO_TIPO;

  const counts = new Map<string, number>();
  for (const type of types) counts.set(type, (counts.get(type) ?? 0) + 1);
  const [dominant] = [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const type = (dominant as [string, number])[0];

  const label = TIPO_ES[type.toLowerCase()];
  if (label) return label;
  onUnmapped(type);
  return DEFAULT_ESTADO_TIPO;
}
