/**
 * Letters that NFD does not decompose into "base letter + accent". Without
 * this table "Østfold" would become "-stfold" instead of "ostfold".
 */
const TRANSLITERATIONS: Record<string, string> = {
  ø: "o",
  æ: "ae",
  œ: "oe",
  ß: "ss",
  đ: "d",
  ð: "d",
  ł: "l",
  þ: "th",
  ı: "i",
  ħ: "h",
  ə: "e", // Azerbaijani schwa (Latin)
  ә: "e", // same letter, Cyrillic code point
  ǝ: "e", // turned e, used for the schwa in some sources
};

/** Lower-case ASCII slug: accents removed, ø/æ/ß… transliterated, anything else becomes "-". */
export function slugify(text: string, maxLength = 150): string {
  return text
    .toLowerCase()
    .replace(/[øæœßđðłþıħəәǝ]/g, (ch) => TRANSLITERATIONS[ch] ?? ch)
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, maxLength)
    .replace(/-+$/, "");
}
