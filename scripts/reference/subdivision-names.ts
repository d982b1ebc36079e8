/**
 * Display-name fixes for subdivisions of the product's core markets
 * (Spanish-speaking countries, Portugal, Equatorial Guinea, Belgium, UK).
 * iso-3166-2 uses local or formal names, and some entries are outdated
 * (renamed since) or come in Quechua; other countries keep the ISO name.
 */

export const NOMBRE_OVERRIDES: Readonly<Record<string, string>> = {
  // Belgium: the ISO names are Dutch/French and partly inverted
  "BE-BRU": "Bruselas",
  "BE-VLG": "Flandes",
  "BE-WAL": "Valonia",
  // Bolivia
  "BO-B": "Beni",
  // Chile: short names in everyday use
  "CL-AI": "Aysén",
  "CL-AR": "La Araucanía",
  "CL-LI": "O'Higgins",
  "CL-RM": "Región Metropolitana de Santiago",
  // Colombia
  "CO-DC": "Bogotá D.C.",
  "CO-SAP": "San Andrés y Providencia",
  // Dominican Republic
  "DO-03": "Bahoruco",
  "DO-07": "Elías Piña", // "La Estrelleta" is the pre-1972 name
  "DO-15": "Montecristi",
  // Ecuador
  "EC-S": "Morona Santiago",
  "EC-Z": "Zamora Chinchipe",
  // Equatorial Guinea: French forms → Spanish (its official language)
  "GQ-BN": "Bioko Norte",
  "GQ-BS": "Bioko Sur",
  "GQ-CS": "Centro Sur",
  // United Kingdom: its four nations have well-known Spanish names
  "GB-ENG": "Inglaterra",
  "GB-NIR": "Irlanda del Norte",
  "GB-SCT": "Escocia",
  "GB-WLS": "Gales",
  // Mexico: drop the formal suffixes; "Estado de México" avoids clashing
  // with the country name
  "MX-COA": "Coahuila",
  "MX-MEX": "Estado de México",
  "MX-MIC": "Michoacán",
  "MX-VER": "Veracruz",
  // Nicaragua: autonomous regions renamed in 2014
  "NI-AN": "Costa Caribe Norte",
  "NI-AS": "Costa Caribe Sur",
  // Panama: comarcas under their current official names
  "PA-EM": "Emberá-Wounaan",
  "PA-KY": "Guna Yala",
  // Peru: iso-3166-2 gives several names in Quechua
  "PE-AMA": "Amazonas",
  "PE-ANC": "Áncash",
  "PE-CAL": "Callao",
  "PE-JUN": "Junín",
  "PE-LMA": "Lima Metropolitana",
  "PE-SAM": "San Martín",
  // Portugal: Spanish exonyms where one is in common use
  "PT-04": "Braganza",
  "PT-13": "Oporto",
  "PT-20": "Azores",
  "PT-30": "Madeira",
  // Venezuela: Vargas was renamed La Guaira in 2019
  "VE-X": "La Guaira",
};

/** Subdivisions created after the iso-3166-2 snapshot we depend on. */
export const EXTRA_SUBDIVISIONS: readonly { code: string; type: string; name: string }[] = [
  { code: "CL-NB", type: "Region", name: "Ñuble" }, // Chile's 16th region (2018)
];
