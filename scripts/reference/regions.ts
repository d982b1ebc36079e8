/**
 * Commercial regions used by the product to group countries, and the
 * hand-kept ISO 3166-1 alpha-2 → region map.
 *
 * Grouping follows the product's markets rather than strict UN M49:
 * Mexico, Central America and the Caribbean go to LATAM; the Middle East
 * (incl. Türkiye and the Caucasus) to Asia; Cyprus to Europe (EU member);
 * Antarctica and the uninhabited sub-Antarctic islands to Oceania.
 */

import { REGIONS } from "#common/constants";
import type { Region } from "#common/reference";

/** Exact spellings of the original product ("Oceania" has no accent), from product-spec §3. */
export const REGIONES: readonly Region[] = REGIONS;

// biome-ignore format: compact ISO code table, one region per block
const COUNTRIES_BY_REGION: Record<number, readonly string[]> = {
  // Norteamérica
  1: ["BM", "CA", "GL", "PM", "UM", "US"],
  // LATAM: Mexico, Central America, the Caribbean and South America
  2: [
    // Mexico and Central America
    "BZ", "CR", "GT", "HN", "MX", "NI", "PA", "SV",
    // Caribbean
    "AG", "AI", "AW", "BB", "BL", "BQ", "BS", "CU", "CW", "DM", "DO", "GD",
    "GP", "HT", "JM", "KN", "KY", "LC", "MF", "MQ", "MS", "PR", "SX", "TC",
    "TT", "VC", "VG", "VI",
    // South America
    "AR", "BO", "BR", "CL", "CO", "EC", "FK", "GF", "GY", "PE", "PY", "SR",
    "UY", "VE",
  ],
  // Europa
  3: [
    "AD", "AL", "AT", "AX", "BA", "BE", "BG", "BY", "CH", "CY", "CZ", "DE",
    "DK", "EE", "ES", "FI", "FO", "FR", "GB", "GG", "GI", "GR", "HR", "HU",
    "IE", "IM", "IS", "IT", "JE", "LI", "LT", "LU", "LV", "MC", "MD", "ME",
    "MK", "MT", "NL", "NO", "PL", "PT", "RO", "RS", "RU", "SE", "SI", "SJ",
    "SK", "SM", "UA", "VA",
  ],
  // Asia, including the Middle East and the Caucasus
  4: [
    "AE", "AF", "AM", "AZ", "BD", "BH", "BN", "BT", "CN", "GE", "HK", "ID",
    "IL", "IN", "IQ", "IR", "JO", "JP", "KG", "KH", "KP", "KR", "KW", "KZ",
    "LA", "LB", "LK", "MM", "MN", "MO", "MV", "MY", "NP", "OM", "PH", "PK",
    "PS", "QA", "SA", "SG", "SY", "TH", "TJ", "TL", "TM", "TR", "TW", "UZ",
    "VN", "YE",
  ],
  // África (IO follows UN M49, which files the Chagos under Eastern Africa)
  5: [
    "AO", "BF", "BI", "BJ", "BW", "CD", "CF", "CG", "CI", "CM", "CV", "DJ",
    "DZ", "EG", "EH", "ER", "ET", "GA", "GH", "GM", "GN", "GQ", "GW", "IO",
    "KE", "KM", "LR", "LS", "LY", "MA", "MG", "ML", "MR", "MU", "MW", "MZ",
    "NA", "NE", "NG", "RE", "RW", "SC", "SD", "SH", "SL", "SN", "SO", "SS",
    "ST", "SZ", "TD", "TG", "TN", "TZ", "UG", "YT", "ZA", "ZM", "ZW",
  ],
  // Oceania, the Pacific, Antarctica and the sub-Antarctic islands
  6: [
    "AQ", "AS", "AU", "BV", "CC", "CK", "CX", "FJ", "FM", "GS", "GU", "HM",
    "KI", "MH", "MP", "NC", "NF", "NR", "NU", "NZ", "PF", "PG", "PN", "PW",
    "SB", "TF", "TK", "TO", "TV", "VU", "WF", "WS",
  ],
};

/** ISO → region, built once; fails loudly if a country is listed twice. */
const REGION_BY_ISO: ReadonlyMap<string, Region> = (() => {
  const map = new Map<string, Region>();
  for (const region of REGIONES) {
    for (const iso of COUNTRIES_BY_REGION[region.id] ?? []) {
      if (map.has(iso)) throw new Error(`${iso} is listed in two regions`);
      map.set(iso, region);
    }
  }
  return map;
})();

export function regionFor(iso: string): Region {
  const region = REGION_BY_ISO.get(iso);
  if (!region) throw new Error(`No region configured for ${iso}: add it to scripts/reference/regions.ts`);
  return { id: region.id, nombre: region.nombre };
}
