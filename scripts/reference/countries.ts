/**
 * Builds paises.json: one record per ISO 3166-1 country, sorted by its
 * Spanish name.
 */
import type { Pais } from "#common/reference";
import { regionFor } from "./regions";
import { callingCode, countryNames, listAlpha2Codes } from "./sources";
import { assignStableIds, compareEs, slugify } from "./util";

/** España keeps the id the original product hard-codes. */
export const PINNED_PAIS_IDS: Readonly<Record<string, number>> = { ES: 28 };

/**
 * Codes i18n-iso-countries knows that are not ISO 3166-1 assignments.
 * XK (Kosovo) is a user-assigned code; it is also not recognised by Spain.
 */
const NON_ISO_CODES = new Set(["XK"]);

/**
 * Common short Spanish names where i18n-iso-countries gives an official long
 * form or several alternates. Every country with alternates MUST be listed,
 * so a new package version cannot silently change a name.
 */
const NOMBRE_ES: Record<string, string> = {
  BN: "Brunéi",
  CD: "República Democrática del Congo",
  HM: "Islas Heard y McDonald",
  IR: "Irán",
  KP: "Corea del Norte",
  KR: "Corea del Sur",
  LA: "Laos",
  PN: "Islas Pitcairn",
  SY: "Siria",
  TL: "Timor Oriental",
  VA: "Ciudad del Vaticano",
};

/** Common short English names, same rule as NOMBRE_ES. */
const NOMBRE_EN: Record<string, string> = {
  AE: "United Arab Emirates",
  AX: "Åland Islands",
  BN: "Brunei",
  CD: "Democratic Republic of the Congo",
  CG: "Republic of the Congo",
  CI: "Côte d'Ivoire",
  CN: "China",
  CZ: "Czechia",
  FK: "Falkland Islands",
  FM: "Micronesia",
  GB: "United Kingdom",
  GM: "Gambia",
  IR: "Iran",
  KR: "South Korea",
  LA: "Laos",
  MD: "Moldova",
  MK: "North Macedonia",
  NL: "Netherlands",
  PN: "Pitcairn Islands",
  PS: "Palestine",
  RU: "Russia",
  SY: "Syria",
  TR: "Türkiye",
  TW: "Taiwan",
  TZ: "Tanzania",
  US: "United States",
  VA: "Vatican City",
  VG: "British Virgin Islands",
  VI: "U.S. Virgin Islands",
};

/** Western Sahara shares Morocco's +212; the product shows no prefix for it. */
const NO_PHONE_PREFIX = new Set(["EH"]);

function pickName(iso: string, lang: "es" | "en", overrides: Record<string, string>): string | null {
  const override = overrides[iso];
  if (override) return override;
  const names = countryNames(iso, lang);
  if (names.length > 1) {
    throw new Error(`${iso} has several "${lang}" names (${names.join(" | ")}): pick one in scripts/reference/countries.ts`);
  }
  return names[0] ?? null;
}

interface CountryBase {
  iso: string;
  nombre: string;
  nombre_en: string;
}

/** Every ISO country with both a Spanish and an English name, sorted by nombre. */
export function listCountries(): CountryBase[] {
  const list: CountryBase[] = [];
  for (const iso of listAlpha2Codes()) {
    if (NON_ISO_CODES.has(iso)) continue;
    const nombre = pickName(iso, "es", NOMBRE_ES);
    const nombre_en = pickName(iso, "en", NOMBRE_EN);
    if (nombre && nombre_en) list.push({ iso, nombre, nombre_en });
  }
  return list.sort((a, b) => compareEs(a.nombre, b.nombre) || compareEs(a.iso, b.iso));
}

/**
 * Id rule (stable across regenerations):
 *  - each ISO keeps the id it has in the committed paises.json;
 *  - ES is always 28;
 *  - on the first run ids follow Spanish-name order 1, 2, 3… skipping 28;
 *  - countries added later get max(id) + 1.
 */
export function assignPaisIds(countries: CountryBase[], previous: Pick<Pais, "iso" | "id">[]): Map<string, number> {
  const existing = new Map(previous.map((p) => [p.iso, p.id]));
  return assignStableIds(
    countries.map((c) => c.iso),
    existing,
    PINNED_PAIS_IDS,
  );
}

export function buildPais(base: CountryBase, id: number, estadoTipo: string): Pais {
  return {
    id,
    nombre: base.nombre,
    nombre_en: base.nombre_en,
    timezone: null,
    slug: slugify(base.nombre),
    iso: base.iso,
    estado_tipo: estadoTipo,
    prefijo_tel: NO_PHONE_PREFIX.has(base.iso) ? null : callingCode(base.iso),
    region: regionFor(base.iso),
  };
}
