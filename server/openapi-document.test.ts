import { describe, expect, it } from "vitest";
import { PATTERN_SAMPLES, patternsOf } from "#tests/support/openapi-walk/samples";
import { openApiDocument } from "./api";

// A client generated from the document must accept what the server accepts. Patterns are JSON
// Schema's ECMA-262 regular expressions, written without delimiters or flags.

const document = openApiDocument() as unknown as Record<string, unknown>;
const patterns = patternsOf(document);

type Operation = { responses: Record<string, unknown> };
const operations = Object.entries(document.paths as Record<string, Record<string, Operation>>).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, method, operation })),
);

describe("OpenAPI document", () => {
  it("has only patterns that compile as ECMA-262 with the u flag and match a known-good value", () => {
    expect(patterns.size).toBeGreaterThan(0);
    for (const [pattern, where] of patterns) {
      const regex = new RegExp(pattern, "u");
      const samples = PATTERN_SAMPLES[pattern];
      expect(samples, `no known-good samples for ${pattern} (${where.join(", ")})`).toBeDefined();
      for (const sample of samples ?? []) expect(regex.test(sample), `${pattern} rejects ${sample}`).toBe(true);
      // A flag left behind after the closing slash (the /register password once read "\p{L}/u").
      expect(pattern, where.join(", ")).not.toMatch(/\/[dgimsuvy]+$/);
    }
  });

  it("gives /register a password pattern a strong password matches and a password without a digit does not", () => {
    const paths = document.paths as Record<string, Record<string, { requestBody: { content: Record<string, { schema: unknown }> } }>>;
    const schema = paths["/register"]?.post?.requestBody.content["application/json"]?.schema as {
      properties: Record<string, { pattern?: string }>;
    };
    const pattern = new RegExp(schema.properties.password?.pattern ?? "(?!)", "u");
    expect(pattern.test("Contraseña-segura-1")).toBe(true);
    expect(pattern.test("Ñandú-Verde-2026")).toBe(true);
    expect(pattern.test("solo-letras")).toBe(false);
    expect(pattern.test("12345678")).toBe(false);
  });

  it("documents 403, 413, 415 and 419 on every write (origin check, body limit, media type, CSRF token)", () => {
    const writes = operations.filter((op) => !["get", "head"].includes(op.method));
    expect(writes.length).toBeGreaterThan(50);
    for (const { name, operation } of writes)
      expect(Object.keys(operation.responses), name).toEqual(expect.arrayContaining(["403", "413", "415", "419"]));
  });

  it("writes a nullable named schema as anyOf with null, not as allOf that still requires the object", () => {
    const nullableAllOf: string[] = [];
    const visit = (node: unknown, at: string) => {
      if (!node || typeof node !== "object") return;
      const allOf = (node as { allOf?: Array<{ type?: unknown }> }).allOf;
      if (allOf?.some((part) => Array.isArray(part.type) && part.type.includes("null"))) nullableAllOf.push(at);
      for (const [key, value] of Object.entries(node)) visit(value, `${at}/${key}`);
    };
    visit(document, "#");
    expect(nullableAllOf).toEqual([]);
  });
});
