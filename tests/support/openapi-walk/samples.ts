/**
 * Known-good values for every `pattern` in the OpenAPI document: the walk draws valid strings from
 * them, and server/openapi-document.test.ts checks each pattern compiles as an ECMA-262 pattern
 * (flag "u") and matches them. A new pattern without samples fails that test until it gets some.
 */
export const PATTERN_SAMPLES: Record<string, string[]> = {
  "^[A-Za-z]{2}$": ["ES", "pt"],
  // Strong passwords (zxcvbn accepts them), as a real client would send to /register.
  "^(?=[\\s\\S]*\\p{L})(?=[\\s\\S]*\\p{Nd})": ["Segura-1234", "Contraseña-segura-1", "Ñandú-Verde-2026"],
  "^\\d+$": ["42"],
  "^\\d{1,9}$": ["1", "28"],
  "^\\d{4}-\\d{2}-\\d{2}$": ["1990-05-17", "2027-03-31"],
  // A month of a candidate profile's position or studies (YYYY-MM).
  "^\\d{4}-(0[1-9]|1[0-2])$": ["2019-02", "2024-12"],
  "^[A-Za-z0-9 -]{3,12}$": ["28001", "SW1A 1AA"],
  "^\\+?[0-9 ()-]{6,20}$": ["+34 912 345 678", "600123456"],
  "^[Hh][Tt][Tt][Pp][Ss]?:\\/\\/[^\\s/$.?#][^\\s]*$": ["https://www.farmanexo.es", "HTTP://laboratorios.example.com/contacto"],
  "^[a-z0-9-]+$": ["madrid", "visitador-medico"],
  "^\\d{4,12}$": ["12345", "65432"],
  // A page cursor of the applicants list (the last id shown).
  "^[1-9][0-9]{0,11}$": ["1", "250"],
  "^\\d+([.,]\\d+)?(\\/\\d+([.,]\\d+)?)?$": ["500", "2,5", "100/5"],
  "^[A-Z](\\d{2}([A-Z]([A-Z](\\d{2})?)?)?)?$": ["N02BE01", "N02", "C"],
  "^https:\\/\\/[^\\s]+$": ["https://cima.aemps.es/cima/pdfs/ft/12345/FT_12345.pdf"],
  "^[0-9A-Za-z/ -]*$": ["28/12345", "282812345"],
  // A push subscription's keys (base64url, as PushSubscription.toJSON() gives them).
  "^[A-Za-z0-9_-]+={0,2}$": [
    "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
    "tBHItJI5svbpez7KI4CCXg",
  ],
};

/** Every `pattern` in a JSON document (the OpenAPI document), with where it occurs. */
export function patternsOf(node: unknown, at = "#", found = new Map<string, string[]>()): Map<string, string[]> {
  if (!node || typeof node !== "object") return found;
  for (const [key, value] of Object.entries(node)) {
    if (key === "pattern" && typeof value === "string") found.set(value, [...(found.get(value) ?? []), at]);
    else patternsOf(value, `${at}/${key}`, found);
  }
  return found;
}
