/**
 * Spain is special: the product lists its 50 provinces plus the autonomous
 * cities of Ceuta and Melilla (52 entries), not the 17 autonomous
 * communities that iso-3166-2 also includes.
 *
 * iso-3166-2 gives co-official names for some provinces ("Alacant*",
 * "Bizkaia*", "Nafarroa*"…). Users of Spanish job sites expect the
 * castellano forms, except where the local form is the official and
 * everyday one (A Coruña, Ourense, Girona, Lleida).
 */

/** ISO 3166-2 code → display name. Codes come from iso-3166-2 (type "Province"). */
export const ESPANA_PROVINCIAS: Readonly<Record<string, string>> = {
  "ES-A": "Alicante",
  "ES-AB": "Albacete",
  "ES-AL": "Almería",
  "ES-AV": "Ávila",
  "ES-B": "Barcelona",
  "ES-BA": "Badajoz",
  "ES-BI": "Vizcaya",
  "ES-BU": "Burgos",
  "ES-C": "A Coruña",
  "ES-CA": "Cádiz",
  "ES-CC": "Cáceres",
  "ES-CO": "Córdoba",
  "ES-CR": "Ciudad Real",
  "ES-CS": "Castellón",
  "ES-CU": "Cuenca",
  "ES-GC": "Las Palmas",
  "ES-GI": "Girona",
  "ES-GR": "Granada",
  "ES-GU": "Guadalajara",
  "ES-H": "Huelva",
  "ES-HU": "Huesca",
  "ES-J": "Jaén",
  "ES-L": "Lleida",
  "ES-LE": "León",
  "ES-LO": "La Rioja",
  "ES-LU": "Lugo",
  "ES-M": "Madrid",
  "ES-MA": "Málaga",
  "ES-MU": "Murcia",
  "ES-NA": "Navarra",
  "ES-O": "Asturias",
  "ES-OR": "Ourense",
  "ES-P": "Palencia",
  "ES-PM": "Baleares",
  "ES-PO": "Pontevedra",
  "ES-S": "Cantabria",
  "ES-SA": "Salamanca",
  "ES-SE": "Sevilla",
  "ES-SG": "Segovia",
  "ES-SO": "Soria",
  "ES-SS": "Guipúzcoa",
  "ES-T": "Tarragona",
  "ES-TE": "Teruel",
  "ES-TF": "Santa Cruz de Tenerife",
  "ES-TO": "Toledo",
  "ES-V": "Valencia",
  "ES-VA": "Valladolid",
  "ES-VI": "Álava",
  "ES-Z": "Zaragoza",
  "ES-ZA": "Zamora",
  // Autonomous cities (iso-3166-2 type "Autonomous city in north africa")
  "ES-CE": "Ceuta",
  "ES-ML": "Melilla",
};

/** iso-3166-2 types that make up Spain's list; communities are left out. */
export const ESPANA_TYPES = new Set(["Province", "Autonomous city in north africa"]);
