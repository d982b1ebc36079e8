import { describe, expect, it } from "vitest";
import { openApiDocument } from "./api";

// Decision 0013: the API's JSON is snake_case in and out. This walks the generated OpenAPI document
// (component schemas, request bodies, parameters and responses of every operation) and lists every
// property or parameter name that has an upper-case letter, so no area can answer camelCase again.

const camelCase = /[a-z0-9][A-Z]/;

// The only exceptions: request fields the specification's §7 table names word for word in camelCase
// (its account calls are binding). Listed per operation, so a new camelCase field anywhere else fails.
const COMPANY_FIELDS = [
  "emailEmpresa",
  "empresaCodigoPostal",
  "empresaDireccion",
  "empresaDireccion2",
  "empresaPais",
  "empresaPoblacion",
  "tipoEmpresa",
  "empresaTelefono",
  "empresaEstado",
];
const FIXED_BY_SPEC: Record<string, string[]> = {
  "/user/marketing": [...COMPANY_FIELDS, "empresaWeb"],
  "/user/empleo": COMPANY_FIELDS,
  "/user/empleo/empresa": COMPANY_FIELDS,
  "/redirigir-academia": ["userId"],
};

function isFixedBySpec(at: string) {
  const match = /^paths\.(\/[^.]*)\.post\.requestBody\..*\.properties\.([A-Za-z0-9]+)$/.exec(at);
  return Boolean(match?.[1] && match[2] && FIXED_BY_SPEC[match[1]]?.includes(match[2]));
}

function collectNames(node: unknown, at: string, found: string[]) {
  if (Array.isArray(node)) {
    for (const [i, item] of node.entries()) collectNames(item, `${at}[${i}]`, found);
    return;
  }
  if (!node || typeof node !== "object") return;
  const record = node as Record<string, unknown>;
  const properties = record.properties;
  if (properties && typeof properties === "object" && !Array.isArray(properties)) {
    for (const name of Object.keys(properties)) if (camelCase.test(name)) found.push(`${at}.properties.${name}`);
  }
  if (typeof record.in === "string" && typeof record.name === "string" && record.in !== "header" && camelCase.test(record.name)) {
    found.push(`${at} (${record.in} parameter ${record.name})`);
  }
  for (const [key, value] of Object.entries(record)) {
    // `example(s)` hold sample values, not the document's shape.
    if (key === "example" || key === "examples") continue;
    collectNames(value, `${at}.${key}`, found);
  }
}

describe("API JSON casing", () => {
  it("names every property and query/path parameter in snake_case", () => {
    const document = openApiDocument();
    const found: string[] = [];
    collectNames(document.components ?? {}, "components", found);
    collectNames(document.paths ?? {}, "paths", found);
    expect(found.filter((at) => !isFixedBySpec(at))).toEqual([]);
  });

  it("finds a camelCase property (the walker itself works)", () => {
    const found: string[] = [];
    collectNames({ schemas: { X: { type: "object", properties: { ok_name: {}, badName: {} } } } }, "components", found);
    collectNames({ parameters: [{ in: "query", name: "pageSize" }] }, "paths", found);
    expect(found).toEqual(["components.schemas.X.properties.badName", "paths.parameters[0] (query parameter pageSize)"]);
  });
});
