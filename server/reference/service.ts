import { DEFAULT_COUNTRY_ID } from "#common/constants";
import type { GeoIpResult } from "#common/reference";
import { findPaisById, findPaisByIso } from "./catalog";
import type { GeoIp } from "./geoip";

/** The country of an address, as product-spec §3's geo-IP result; unknown → España (28). */
export function geoLocate(geoip: GeoIp, ip: string): GeoIpResult {
  const pais = findPaisByIso(geoip.countryIso(ip) ?? "") ?? findPaisById(DEFAULT_COUNTRY_ID);
  return { id: pais?.id ?? DEFAULT_COUNTRY_ID, country: { iso_code: pais?.iso ?? "ES" } };
}
