/**
 * Thin typed wrappers around the third-party data packages, so the rest of
 * the generator never touches their loosely typed APIs directly.
 */
import { createRequire } from "node:module";
import countries from "i18n-iso-countries";
import { getCountryCallingCode, isSupportedCountry } from "libphonenumber-js";

export interface IsoSubdivision {
  /** Full ISO 3166-2 code, e.g. "ES-M". */
  code: string;
  /** English subdivision type as iso-3166-2 spells it, e.g. "Province". */
  type: string;
  /** Local-language name, sometimes with a trailing "*" footnote mark. */
  name: string;
}

interface Iso31662Data {
  [iso: string]: { name: string; sub: Record<string, { type: string; name: string }> };
}

// iso-3166-2 is CommonJS without type declarations; load it with require and
// describe the only part we use (its raw `data` table).
const require = createRequire(import.meta.url);
const iso31662 = require("iso-3166-2") as { data: Iso31662Data };

/** Every alpha-2 code i18n-iso-countries knows about. */
export function listAlpha2Codes(): string[] {
  return Object.keys(countries.getAlpha2Codes()).sort();
}

/** All names of a country in a language (some entries have alternates). */
export function countryNames(iso: string, lang: "es" | "en"): string[] {
  return countries.getName(iso, lang, { select: "all" }) ?? [];
}

/** "+34" for ES; null when libphonenumber-js has no calling code. */
export function callingCode(iso: string): string | null {
  return isSupportedCountry(iso) ? `+${getCountryCallingCode(iso)}` : null;
}

/** Raw subdivisions of a country, sorted by code for determinism. */
export function isoSubdivisions(iso: string): IsoSubdivision[] {
  const entry = iso31662.data[iso];
  if (!entry) return [];
  return Object.entries(entry.sub)
    .map(([code, sub]) => ({ code, type: sub.type, name: sub.name }))
    .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
}
