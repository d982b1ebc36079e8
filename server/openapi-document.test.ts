import { describe, expect, it } from "vitest";
import { openApiDocument } from "./api";

type Operation = { tags?: string[]; description?: string; operationId?: string };

describe("the OpenAPI document (what Spectral's spectral:oas ruleset asks)", () => {
  const document = openApiDocument() as unknown as {
    info: { contact?: unknown };
    tags?: Array<{ name: string; description?: string }>;
    paths: Record<string, Record<string, Operation>>;
  };
  const operations = Object.values(document.paths).flatMap((item) => Object.values(item));

  it("has a contact and declares, with a description, every tag its operations use", () => {
    expect(document.info.contact).toBeTruthy();
    const declared = new Set(document.tags?.map((tag) => tag.name));
    const used = new Set(operations.flatMap((operation) => operation.tags ?? []));
    expect([...used].filter((tag) => !declared.has(tag))).toEqual([]);
    expect([...declared].filter((tag) => !used.has(tag))).toEqual([]);
    for (const tag of document.tags ?? []) expect(tag.description, tag.name).toBeTruthy();
  });

  it("describes every operation", () => {
    expect(operations.length).toBeGreaterThan(100);
    expect(operations.filter((operation) => !operation.description).map((operation) => operation.operationId)).toEqual([]);
  });
});
