import type { Rng } from "#server/jobs";
import { PATTERN_SAMPLES } from "./samples";

/**
 * Values drawn from the OpenAPI document's JSON schemas for the property-based walk
 * (server/openapi-walk.int.test.ts): valid ones, and mutations that break one rule each.
 * Deterministic: every choice comes from a seeded generator.
 */
export type Schema = { [key: string]: unknown };

/** Every choice comes from the demo seed's generator (the same seed gives the same walk). */
export type Random = Rng;

const WORDS = ["farmacia", "Madrid", "visitador", "ibuprofeno", "año", "núcleo", "Sevilla", "oferta", "prueba"];
let serial = 0;

/** Resolves "#/components/schemas/X" references against the document. */
export function resolver(document: Schema) {
  const components = ((document.components as Schema | undefined)?.schemas ?? {}) as Record<string, Schema>;
  return function resolve(schema: Schema): Schema {
    const ref = schema.$ref;
    if (typeof ref !== "string") return schema;
    const target = components[ref.replace("#/components/schemas/", "")];
    if (!target) throw new Error(`unresolved ${ref}`);
    return resolve(target);
  };
}

/** The document with every reference inlined (no schema of ours is recursive). */
export function inlineRefs(node: unknown, resolve: (schema: Schema) => Schema, depth = 0): unknown {
  if (depth > 40) throw new Error("schema too deep (recursive?)");
  if (Array.isArray(node)) return node.map((item) => inlineRefs(item, resolve, depth + 1));
  if (!node || typeof node !== "object") return node;
  const resolved = resolve(node as Schema);
  return Object.fromEntries(Object.entries(resolved).map(([key, value]) => [key, inlineRefs(value, resolve, depth + 1)]));
}

const typesOf = (schema: Schema): string[] =>
  Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === "string" ? [schema.type] : [];

function validString(schema: Schema, random: Random): unknown {
  const pattern = schema.pattern as string | undefined;
  if (pattern) {
    const samples = PATTERN_SAMPLES[pattern];
    if (!samples) throw new Error(`no samples for pattern ${pattern}`);
    return random.pick(samples);
  }
  if (schema.example !== undefined && random.chance(0.5)) return schema.example;
  switch (schema.format) {
    case "email":
      return `walk-${++serial}-${random.int(0, 1e6)}@example.com`;
    case "date-time":
      return new Date(Date.UTC(2026, random.int(0, 11), random.int(1, 28), 9, 30)).toISOString();
    case "uuid":
      return Array.from({ length: 32 }, (_, i) => (i === 12 ? "4" : random.int(0, 15).toString(16)))
        .join("")
        .replace(/^(.{8})(.{4})(.{4})(.{4})/, "$1-$2-$3-$4-");
    case "binary":
      return new Blob([PNG_1X1], { type: "image/png" });
  }
  const min = (schema.minLength as number | undefined) ?? 1;
  const max = Math.min((schema.maxLength as number | undefined) ?? min + 24, min + 24);
  let text = random.pick(WORDS);
  while (text.length < min) text += ` ${random.pick(WORDS)}`;
  return text.slice(0, random.int(Math.min(min, max), max)).padEnd(min, "a");
}

function validNumber(schema: Schema, random: Random, integer: boolean): number {
  const min = (schema.minimum as number | undefined) ?? ((schema.exclusiveMinimum as number | undefined) ?? 0) + 1;
  const max = (schema.maximum as number | undefined) ?? ((schema.exclusiveMaximum as number | undefined) ?? min + 50) - 1;
  // Small numbers: ids of the demo data, pages and limits within range.
  const value = random.int(Math.ceil(min), Math.max(Math.ceil(min), Math.min(Math.floor(max), Math.ceil(min) + 30)));
  return integer ? value : value + (random.chance(0.3) ? 0.5 : 0);
}

/** A value the schema accepts. */
export function validValue(schema: Schema, random: Random, depth = 0): unknown {
  if (depth > 12) return null;
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum)) return random.pick(schema.enum);
  const options = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (options) {
    const nonNull = options.filter((option) => !typesOf(option).every((type) => type === "null") || !option.type);
    return validValue(random.chance(0.85) && nonNull.length ? random.pick(nonNull) : random.pick(options), random, depth + 1);
  }
  if (Array.isArray(schema.allOf)) {
    return Object.assign({}, ...(schema.allOf as Schema[]).map((part) => validValue(part, random, depth + 1)));
  }
  const types = typesOf(schema);
  const type = types.length > 1 && random.chance(0.85) ? random.pick(types.filter((t) => t !== "null")) : random.pick(types);
  switch (type) {
    case "string":
      return validString(schema, random);
    case "integer":
      return validNumber(schema, random, true);
    case "number":
      return validNumber(schema, random, false);
    case "boolean":
      return random.chance(0.5);
    case "null":
      return null;
    case "array": {
      const min = (schema.minItems as number | undefined) ?? 0;
      const max = Math.min((schema.maxItems as number | undefined) ?? min + 3, min + 3);
      const items = (schema.items as Schema | undefined) ?? {};
      return Array.from({ length: random.int(min, max) }, () => validValue(items, random, depth + 1));
    }
    case "object":
      return validObject(schema, random, depth);
  }
  if (schema.properties) return validObject(schema, random, depth);
  return random.pick(WORDS); // an unconstrained schema ({}): any JSON, a word will do
}

function validObject(schema: Schema, random: Random, depth: number): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const value: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(properties)) {
    if (required.has(name) || random.chance(0.6)) value[name] = validValue(property, random, depth + 1);
  }
  // The one cross-field rule a generator cannot read from the schema: a confirmation repeats its field.
  for (const name of Object.keys(value)) if (`${name}_confirmation` in properties) value[`${name}_confirmation`] = value[name];
  return value;
}

/** A value that breaks the schema in one way (wrong type, missing field, too long, out of range). */
export function invalidValue(schema: Schema, random: Random): unknown {
  const valid = validValue(schema, random);
  const types = typesOf(schema);
  if (valid && typeof valid === "object" && !Array.isArray(valid) && !(valid instanceof Blob)) {
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    const required = (schema.required as string[] | undefined) ?? [];
    const names = Object.keys(properties);
    const mutation = random.int(0, 3);
    if (mutation === 0 && required.length) {
      const copy = { ...(valid as Record<string, unknown>) };
      delete copy[random.pick(required)];
      return copy;
    }
    if (mutation <= 2 && names.length) {
      const name = random.pick(names);
      return { ...(valid as Record<string, unknown>), [name]: invalidValue(properties[name] ?? {}, random) };
    }
    return random.pick([[valid], "texto", 12]);
  }
  if (types.includes("string") || typeof valid === "string") {
    const max = schema.maxLength as number | undefined;
    return random.pick([max !== undefined ? "x".repeat(max + 1) : "x".repeat(5000), 123, { objeto: true }, ["lista"], ""]);
  }
  if (types.includes("integer") || types.includes("number")) {
    return random.pick(["doce", -1, 1.5, 2 ** 53, (schema.maximum as number | undefined) ?? 1e12]);
  }
  if (types.includes("boolean")) return random.pick(["quizá", 7]);
  if (types.includes("array")) return random.pick(["no-es-lista", [{ a: 1 }], Array.from({ length: 300 }, () => 1)]);
  return random.pick([{ inesperado: 1 }, "texto", -1]);
}

/** Path values that are never valid ids or tokens. */
export const INVALID_PATH_VALUES = ["abc", "-1", "0", "99999999999999999999", "1.5", "a%2Fb", "%E2%82%AC", "x".repeat(300)];

/** A 1×1 transparent PNG: a real image the upload routes can decode. */
export const PNG_1X1 = Uint8Array.from(
  Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGBgAAAABQABpfZFQAAAAABJRU5ErkJggg==", "base64"),
);
