import { type MatchEstimated, ZxcvbnFactory } from "@zxcvbn-ts/core";
import { validationError } from "#server/platform/errors";

/**
 * Refuses common and breached-style passwords (ASVS 6.2.4) with zxcvbn-ts: the common-passwords list
 * of leaked passwords, Spanish and English words, first names and surnames, keyboard walks,
 * sequences, repeats and dates; plus what the person typed elsewhere (e-mail, name) and the brand.
 * No character-class rules: a long phrase of ordinary words passes.
 */

// A password needs at least 10^6 guesses (zxcvbn score 2): below that it falls to a throttled online
// attack. Passwords longer than MAX_CHECKED are judged by their first MAX_CHECKED characters, and l33t
// substitutions are capped, because the matcher's time grows steeply with both (a 64-character
// repeat of "p@ssw0rd" took 2.5 s uncapped, about 0.3 s with these limits).
const MIN_SCORE = 2;
const MAX_CHECKED = 64;
const L33T_MAX_SUBSTITUTIONS = 4;

let factory: Promise<ZxcvbnFactory> | undefined;
function checker(): Promise<ZxcvbnFactory> {
  // Loaded on first use: the three dictionaries take about a second and 22 MB of heap to load, and
  // only registrations and password changes need them, so a process that never sees one never pays.
  factory ??= loadChecker();
  return factory;
}

async function loadChecker(): Promise<ZxcvbnFactory> {
  const [common, en, es] = await Promise.all([
    import("@zxcvbn-ts/language-common"),
    import("@zxcvbn-ts/language-en"),
    import("@zxcvbn-ts/language-es-es"),
  ]);
  return new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...es.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    l33tMaxSubstitutions: L33T_MAX_SUBSTITUTIONS,
    maxLength: MAX_CHECKED,
  });
}

const dictionaryOf = (match: MatchEstimated) => ("dictionaryName" in match ? String(match.dictionaryName) : "");

/** Why a pattern makes a password guessable, in Spanish; the first kind found in this order wins. */
const REASONS: Array<[string, (match: MatchEstimated) => boolean]> = [
  ["aparece en las listas de contraseñas más usadas y filtradas", (m) => dictionaryOf(m) === "passwords-common"],
  ["contiene tu correo, tu nombre o el nombre del sitio", (m) => dictionaryOf(m) === "userInputs"],
  ["se basa en palabras o nombres muy comunes", (m) => m.pattern === "dictionary"],
  ["sigue una fila del teclado, como «qwerty» o «asdf»", (m) => m.pattern === "spatial"],
  ["usa secuencias como «abcd» o «1234»", (m) => m.pattern === "sequence"],
  ["repite caracteres o grupos de caracteres", (m) => m.pattern === "repeat"],
  ["contiene fechas o años fáciles de adivinar", (m) => m.pattern === "date" || m.pattern === "regex"],
];

/** User inputs worth matching: the e-mail, its local part, names; short fragments match too much. */
function userInputsOf(inputs: Array<string | null | undefined>): string[] {
  const words = new Set<string>();
  for (const input of inputs) {
    if (!input) continue;
    const value = input.trim().toLowerCase();
    const local = value.split("@")[0] ?? "";
    for (const part of [value, local, ...value.split(/[@.\s_+-]+/)]) if (part.length >= 3) words.add(part);
  }
  return [...words];
}

/** The Spanish reason a new password is refused, or null when it is acceptable. */
export async function passwordWeakness(password: string, context: Array<string | null | undefined> = []): Promise<string | null> {
  const result = (await checker()).check(password, userInputsOf(context));
  const sequence = result.sequence as MatchEstimated[];
  const checkedLength = Math.min(password.length, MAX_CHECKED);
  // "contrasena123": a leaked password with a short tail scores 2, but it is still a leaked password.
  const leaked = sequence.some((m) => dictionaryOf(m) === "passwords-common" && m.token.length >= checkedLength - 4);
  if (result.score >= MIN_SCORE && !leaked) return null;
  const reason = REASONS.find(([, applies]) => sequence.some(applies))?.[0] ?? "es demasiado corta o sencilla";
  return `Esta contraseña es fácil de adivinar: ${reason}. Elige otra más larga, por ejemplo varias palabras poco habituales.`;
}

/** Throws a 422 on `field` when the new password is common or guessable. */
export async function refuseWeakPassword(password: string, context: Array<string | null | undefined>, field = "password"): Promise<void> {
  const weakness = await passwordWeakness(password, context);
  if (weakness) throw validationError({ [field]: [weakness] });
}
