import { z } from "zod";
import type { Schema } from "./generate";
import type { Operation } from "./requests";

/** What the walk checks of each answer: the checks schemathesis runs by default. */
export type Finding = { check: "server error" | "undocumented status" | "undocumented content type" | "schema mismatch"; detail: string };

const validators = new Map<string, z.ZodType>();

/** The response schema as a zod validator (zod's JSON Schema reader), built once per operation and status. */
function validatorFor(key: string, schema: Schema): z.ZodType {
  let validator = validators.get(key);
  if (!validator) {
    validator = z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]);
    validators.set(key, validator);
  }
  return validator;
}

const mediaTypeOf = (header: string | null) => (header ?? "").split(";")[0]?.trim().toLowerCase() ?? "";

function documentedMedia(documented: string[], actual: string): string | undefined {
  return documented.find((media) => media === actual || (media.endsWith("/*") && actual.startsWith(media.slice(0, -1))));
}

/** Reads the answer (JSON only; other bodies are just measured) and lists what breaks the document. */
export async function checkResponse(operation: Operation, response: Response): Promise<Finding[]> {
  const findings: Finding[] = [];
  const status = String(response.status);
  const text = mediaTypeOf(response.headers.get("content-type")).includes("json") ? await response.text() : undefined;
  if (text === undefined) await response.body?.cancel();
  if (response.status >= 500) findings.push({ check: "server error", detail: `${status} ${text?.slice(0, 200) ?? ""}` });
  const documented = operation.responses[status] ?? operation.responses.default;
  if (!documented) {
    findings.push({ check: "undocumented status", detail: `${status} not in ${Object.keys(operation.responses).join(",")}` });
    return findings;
  }
  const hasBody =
    response.status !== 204 && response.status !== 304 && (text === undefined ? response.headers.has("content-type") : text !== "");
  if (!hasBody) return findings;
  const actual = mediaTypeOf(response.headers.get("content-type"));
  const media = documentedMedia(Object.keys(documented.content ?? {}), actual);
  if (!media) {
    findings.push({
      check: "undocumented content type",
      detail: `${status} ${actual} not in ${Object.keys(documented.content ?? {}).join(",") || "(none)"}`,
    });
    return findings;
  }
  const schema = documented.content?.[media]?.schema;
  if (text === undefined || !schema || Object.keys(schema).length === 0) return findings;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    findings.push({ check: "schema mismatch", detail: `${status} body is not JSON: ${text.slice(0, 120)}` });
    return findings;
  }
  const result = validatorFor(`${operation.name} ${status} ${media}`, schema).safeParse(body);
  if (!result.success) {
    const issues = result.error.issues.slice(0, 3).map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    findings.push({ check: "schema mismatch", detail: `${status} ${issues.join("; ")}` });
  }
  return findings;
}
