import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Reader, type Response } from "mmdb-lib";
import { stripIpv4Mapping } from "#server/platform/client-ip";

// This database's records are { country_code: "ES" }, not MaxMind's nested shape.
type CountryRecord = { country_code?: string };

/** Offline country lookup from the bundled CC0 database (about 8 MB, loaded once). */
export type GeoIp = { countryIso(ip: string): string | undefined };

export function loadGeoIp(): GeoIp {
  const require = createRequire(import.meta.url);
  const packageDir = path.dirname(require.resolve("@ip-location-db/geo-whois-asn-country-mmdb/package.json"));
  const reader = new Reader<Response>(fs.readFileSync(path.join(packageDir, "geo-whois-asn-country.mmdb")));
  return {
    countryIso(ip) {
      try {
        const code = (reader.get(stripIpv4Mapping(ip)) as CountryRecord | null)?.country_code;
        return code ? code.toUpperCase() : undefined;
      } catch {
        return undefined; // not an IP address
      }
    },
  };
}
