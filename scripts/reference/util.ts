/**
 * Small shared helpers for the reference-data generator: slugs, Spanish
 * collation, deterministic JSON I/O and stable id assignment.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { slugify as slugifyCommon } from "#common/slug";

/** Spanish collation used for every sorted list (paises, estados, cargos). */
export const collator = new Intl.Collator("es");

export function compareEs(a: string, b: string): number {
  return collator.compare(a, b);
}

/**
 * Lowercase ASCII hyphenated slug (common/slug.ts, without a length cap): "España" → "espana",
 * "A Coruña" → "a-coruna". A name that yields no slug is a data error, so it throws.
 */
export function slugify(text: string): string {
  const slug = slugifyCommon(text, Number.POSITIVE_INFINITY);
  if (slug === "") throw new Error(`Cannot build a slug from "${text}"`);
  return slug;
}

/** Reads a previously generated JSON array, or [] when the file is absent. */
export function readJsonArray<T>(path: string): T[] {
  if (!existsSync(path)) return [];
  const parsed: unknown = JSON.parse(readFileSync(path, "utf8"));
  if (!Array.isArray(parsed)) throw new Error(`${path} is not a JSON array`);
  return parsed as T[];
}

/** 2-space pretty JSON with a trailing newline, so reruns are byte-identical. */
export function writeJson(path: string, value: unknown): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`, "utf8");
}

/**
 * Assigns ids that survive regenerations, because other tables (users,
 * offers, companies) reference these ids in the database.
 *
 * - `keys` must already be in the desired output order.
 * - A key found in `existing` (read from the committed JSON) keeps its id.
 * - A key in `pinned` always gets that id (e.g. España = 28, an id the
 *   original product hard-codes).
 * - Any other key gets the next free id: on a first run (no existing file)
 *   that is 1, 2, 3… in output order, skipping pinned ids; afterwards it is
 *   max(existing ids) + 1, so ids of removed records are never reused.
 */
export function assignStableIds(
  keys: readonly string[],
  existing: ReadonlyMap<string, number>,
  pinned: Readonly<Record<string, number>> = {},
): Map<string, number> {
  const result = new Map<string, number>();
  const used = new Set<number>();
  const claim = (key: string, id: number) => {
    if (used.has(id)) throw new Error(`Id ${id} assigned twice (key ${key})`);
    used.add(id);
    result.set(key, id);
  };

  for (const [key, id] of Object.entries(pinned)) {
    const previous = existing.get(key);
    if (previous !== undefined && previous !== id) {
      throw new Error(`${key} is pinned to id ${id} but the committed data has ${previous}`);
    }
    claim(key, id);
  }
  for (const key of keys) {
    const id = existing.get(key);
    if (id !== undefined && !result.has(key)) claim(key, id);
  }

  const reserved = new Set([...existing.values(), ...Object.values(pinned)]);
  let next = existing.size > 0 ? Math.max(...existing.values()) + 1 : 1;
  for (const key of keys) {
    if (result.has(key)) continue;
    while (reserved.has(next) || used.has(next)) next++;
    claim(key, next++);
  }
  return result;
}
