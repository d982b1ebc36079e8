import { INVALID_PATH_VALUES, invalidValue, type Random, type Schema, validValue } from "./generate";

/** One operation of the document, references inlined. */
export type Operation = {
  name: string; // "POST /register"
  method: string;
  path: string;
  parameters: Array<{ name: string; in: string; required?: boolean; schema: Schema }>;
  body?: { mediaType: string; schema: Schema; required: boolean };
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
};

export type WalkRequest = { path: string; method: string; headers: Record<string, string>; body?: BodyInit; note: string };

export function operationsOf(inlined: Schema): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(inlined.paths as Record<string, Record<string, Schema>>)) {
    for (const [method, op] of Object.entries(item)) {
      const content = (op.requestBody as Schema | undefined)?.content as Record<string, { schema: Schema }> | undefined;
      const [mediaType, media] = Object.entries(content ?? {})[0] ?? [];
      operations.push({
        name: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        parameters: (op.parameters as Operation["parameters"] | undefined) ?? [],
        body: mediaType && media ? { mediaType, schema: media.schema, required: Boolean((op.requestBody as Schema).required) } : undefined,
        responses: op.responses as Operation["responses"],
      });
    }
  }
  return operations;
}

/** A path parameter: ids are small numbers (they hit the demo data), the rest follows the schema. */
function pathValue(name: string, schema: Schema, random: Random): string {
  if (/^(id|user)$/.test(name) && !schema.pattern && !schema.enum) return String(random.int(1, 8));
  return String(validValue(schema, random));
}

function queryOf(values: Record<string, unknown>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === null || item === undefined) continue;
      query.append(name, typeof item === "object" ? JSON.stringify(item) : String(item));
    }
  }
  const text = query.toString();
  return text ? `?${text}` : "";
}

function formOf(value: unknown): FormData {
  const form = new FormData();
  for (const [name, field] of Object.entries((value ?? {}) as Record<string, unknown>)) {
    for (const item of Array.isArray(field) ? field : [field]) {
      if (item instanceof Blob) form.append(name, item, "imagen.png");
      else if (item !== null && item !== undefined) form.append(name, typeof item === "object" ? JSON.stringify(item) : String(item));
    }
  }
  return form;
}

/**
 * A request for an operation: valid (every value from its schema) or invalid (one thing broken:
 * a path value, a query value, the body's content, the body's syntax or its media type).
 */
export function requestFor(operation: Operation, random: Random, valid: boolean): WalkRequest {
  const pathParams = operation.parameters.filter((p) => p.in === "path");
  const queryParams = operation.parameters.filter((p) => p.in === "query");
  const pathValues = Object.fromEntries(pathParams.map((p) => [p.name, pathValue(p.name, p.schema, random)]));
  const query: Record<string, unknown> = {};
  for (const p of queryParams) if (p.required || random.chance(0.5)) query[p.name] = validValue(p.schema, random);
  let bodyValue = operation.body ? validValue(operation.body.schema, random) : undefined;
  let rawBody: string | undefined;
  let mediaType = operation.body?.mediaType;
  let note = "valid";

  if (!valid) {
    const targets = [
      ...(pathParams.length ? ["path"] : []),
      ...(queryParams.length ? ["query"] : []),
      ...(operation.body ? ["body", "body", "syntax", "media"] : []),
    ];
    const target = targets.length ? random.pick(targets) : "none";
    if (target === "path") {
      const param = random.pick(pathParams);
      pathValues[param.name] = random.pick(INVALID_PATH_VALUES);
    } else if (target === "query") {
      const param = random.pick(queryParams);
      query[param.name] = invalidValue(param.schema, random);
    } else if (target === "body") bodyValue = invalidValue(operation.body?.schema ?? {}, random);
    else if (target === "syntax") rawBody = random.pick(["{no es json", "", "null", "[]"]);
    else if (target === "media") mediaType = random.pick(["text/plain", "application/x-www-form-urlencoded"]);
    note = `invalid ${target}`;
  }

  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = pathValues[name] ?? "1";
    return value.startsWith("%") ? value : encodeURIComponent(value);
  });
  const headers: Record<string, string> = { Accept: "application/json" };
  let body: BodyInit | undefined;
  if (operation.body || (!valid && rawBody !== undefined)) {
    if (rawBody !== undefined) {
      body = rawBody;
      headers["Content-Type"] = "application/json";
    } else if (mediaType === "multipart/form-data") body = formOf(bodyValue);
    else {
      body = JSON.stringify(bodyValue ?? {});
      headers["Content-Type"] = mediaType === "application/json" ? "application/json" : (mediaType ?? "application/json");
    }
  }
  return { path: `/api${path}${queryOf(query)}`, method: operation.method, headers, body, note };
}
