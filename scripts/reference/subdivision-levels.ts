/**
 * Which iso-3166-2 entries count as a country's first-level subdivisions.
 *
 * The installed iso-3166-2 (1.0.0) has no "parent" field: every level of a
 * country is mixed in one flat list (e.g. Italy's 20 regions AND their 110
 * provinces). So the top level is chosen here per country, by naming the
 * iso-3166-2 types to leave out. Rules, in order:
 *
 * 1. Child levels are dropped, so the list keeps the entries with no parent
 *    (Italy keeps regions, not provinces).
 * 2. Where the ISO top level is only a statistical or geographic grouping
 *    nobody uses in an address (New Zealand's two islands, Indonesia's
 *    "geographical units", the Dominican Republic's development regions,
 *    Ireland's historic provinces…), the administrative level below is kept
 *    instead, because users pick where they live from this list.
 * 3. Entries that are countries of their own in paises.json (Puerto Rico
 *    under US, Aruba under NL, Taiwan and Hong Kong under CN…) are dropped
 *    so a place is never both a country and someone else's subdivision.
 *
 * Countries not listed keep every entry. Spain is handled in espana.ts.
 */

export const DROPPED_TYPES: Readonly<Record<string, readonly string[]>> = {
  AL: ["District"], // districts belong to the 12 counties
  BA: ["Canton"], // cantons belong to the Federation entity
  BD: ["District"], // districts belong to the 7 divisions
  BE: ["Province"], // provinces belong to the Flemish/Walloon regions
  BF: ["Province"], // provinces belong to the 13 regions
  CN: ["Special administrative region"], // Hong Kong, Macao (own countries)
  CV: ["Geographical region"], // Barlavento/Sotavento island groups (rule 2)
  CZ: ["District"], // districts belong to the 14 regions
  DO: ["Region"], // development regions (rule 2): keep 31 provinces + DN
  FJ: ["Province"], // provinces belong to the 4 divisions
  FR: [
    "Metropolitan department", // departments belong to the regions
    "Overseas territorial collectivity", // NC, PF, PM, BL, MF, WF, TF (own countries)
    "Dependency", // Clipperton: uninhabited
  ],
  GB: [
    "Nation", // aggregates: Great Britain, England and Wales, United Kingdom
    "Two-tier county",
    "Metropolitan district",
    "Unitary authority",
    "London borough",
    "City corporation",
    "Council area",
    "District council area",
  ],
  GN: ["Prefecture"], // prefectures belong to the 7 administrative regions
  GQ: ["Region"], // Continental/Insular (rule 2): keep the 7 provinces
  GR: ["Department"], // departments belong to the 13 administrative regions
  GW: ["Province"], // Leste/Norte/Sul (rule 2): keep the 8 regions + Bissau
  HU: ["City of county right"], // towns inside the 19 counties
  ID: ["Geographical unit"], // island groups (rule 2): keep the provinces
  IE: ["Province"], // historic provinces (rule 2): keep the 26 counties
  IT: ["Province"], // provinces belong to the 20 regions
  LK: ["District"], // districts belong to the 9 provinces
  LT: ["District municipality", "City municipality", "Municipality"],
  MA: ["Prefecture", "Province"], // both belong to the regions
  MH: ["Chain"], // Ralik/Ratak island chains (rule 2)
  MV: ["Province"], // provinces abolished in 2010 (rule 2): keep the atolls
  MW: ["District"], // districts belong to the 3 regions
  NL: ["Country", "Special municipality"], // AW, CW, SX and BQ (own countries)
  NO: ["Arctic region"], // Svalbard and Jan Mayen (own country SJ)
  NP: ["Zone"], // zones belong to the 5 development regions
  NZ: ["Island"], // North/South Island (rule 2): keep the regions
  PH: ["Province"], // provinces belong to the 17 regions
  UG: ["Geographical region"], // Central/Eastern/… (rule 2): keep districts
  US: ["Outlying area"], // PR, GU, VI, AS, MP, UM (own countries)
};

/** Single entries dropped for rule 3 when the rest of their type stays. */
export const DROPPED_CODES: ReadonlySet<string> = new Set([
  "CN-71", // Taiwan (own country TW)
  "FI-01", // Åland (own country AX)
]);
