import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "#server/env";
import { AppError } from "./errors";

/**
 * The first gate for client input, for every route and page at once (issue #8, item 3): what no
 * handler can store or parse is refused here with a 4xx and a Spanish message, so it never reaches
 * a service or the database as a 500.
 *
 * - NUL characters (PostgreSQL text cannot hold them) in the path or query: 400 on the API; pages
 *   redirect to the same address without them.
 * - API bodies: JSON must parse (400), and no string anywhere in it may hold a NUL (422 naming the
 *   field); form bodies likewise; any other content type is 415.
 * - Page form posts with a NUL: 400.
 */

const NUL = String.fromCharCode(0);
const hasNulInUrl = (text: string) => text.includes(NUL) || /%00/i.test(text);
const withoutNul = (text: string) => text.replace(/%00/gi, "").split(NUL).join("");
const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;
const FORM_TYPES = new Set(["multipart/form-data", "application/x-www-form-urlencoded"]);
const NUL_MESSAGE = "Contiene caracteres no válidos.";

const badRequest = (message = "La dirección contiene caracteres no válidos.") => new AppError("BAD_REQUEST", message);

/** Node gives every POST/DELETE a body stream, even an empty one: trust the framing headers. */
function hasBody(request: Request): boolean {
  const length = request.headers.get("content-length");
  if (length !== null) return Number(length) > 0;
  return request.headers.has("transfer-encoding");
}

/** No payload of ours nests deeper than this; deeper ones only exhaust validators' stacks. */
const MAX_DEPTH = 32;
class TooDeep extends Error {}

/** The fields (dotted paths) whose strings contain a NUL character. Throws TooDeep past MAX_DEPTH. */
export function fieldsWithNul(value: unknown, path = "", found: string[] = [], depth = 0): string[] {
  if (depth > MAX_DEPTH) throw new TooDeep();
  if (typeof value === "string") {
    if (value.includes("\u0000")) found.push(path || "body");
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => {
      fieldsWithNul(item, path ? `${path}.${index}` : String(index), found, depth + 1);
    });
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes("\u0000")) found.push(path || "body");
      fieldsWithNul(item, path ? `${path}.${key}` : key, found, depth + 1);
    }
  }
  return found;
}

const nulError = (fields: string[]) =>
  new AppError("VALIDATION", "Los datos enviados contienen caracteres no válidos.", {
    fieldErrors: Object.fromEntries([...new Set(fields)].map((field) => [field, [NUL_MESSAGE]])),
  });

async function formFieldsWithNul(form: FormData): Promise<string[]> {
  const found: string[] = [];
  for (const [key, value] of form.entries()) {
    if (key.includes("\u0000") || (typeof value === "string" && value.includes("\u0000"))) found.push(key.split(NUL).join(""));
  }
  return found;
}

export const inputGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  const raw = c.req.raw;
  const isApi = c.req.path === "/api" || c.req.path.startsWith("/api/");
  // The whole URL is checked as a string first: parsing it costs more than the rare NUL it finds.
  if (hasNulInUrl(raw.url)) {
    const url = new URL(raw.url);
    if (isApi || (raw.method !== "GET" && raw.method !== "HEAD")) throw badRequest();
    const clean = `${withoutNul(url.pathname)}${withoutNul(url.search)}`;
    return c.redirect(clean || "/", 302);
  }
  if (!BODY_METHODS.has(raw.method) || !hasBody(raw)) return next();
  const mediaType = (raw.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";

  if (!isApi) {
    // Page actions read the body themselves: inspect a copy.
    if (FORM_TYPES.has(mediaType)) {
      const form = await raw
        .clone()
        .formData()
        .catch(() => null);
      if (!form) throw badRequest("El formulario enviado no es válido.");
      if ((await formFieldsWithNul(form)).length) throw badRequest("El formulario contiene caracteres no válidos.");
    }
    return next();
  }

  if (JSON_TYPE.test(mediaType)) {
    const text = await c.req.text();
    if (text.trim() === "") return next(); // an empty body is the same as none; schemas decide
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new AppError("BAD_REQUEST", "El cuerpo de la petición no es JSON válido.");
    }
    let fields: string[];
    try {
      fields = fieldsWithNul(parsed);
    } catch (error) {
      if (error instanceof TooDeep) throw new AppError("BAD_REQUEST", "El cuerpo de la petición está demasiado anidado.");
      throw error;
    }
    if (fields.length) throw nulError(fields);
    return next();
  }
  if (FORM_TYPES.has(mediaType)) {
    const form = await c.req.formData().catch(() => null);
    if (!form) throw new AppError("BAD_REQUEST", "El formulario enviado no es válido.");
    const fields = await formFieldsWithNul(form);
    if (fields.length) throw nulError(fields);
    return next();
  }
  throw new AppError("UNSUPPORTED_MEDIA", "Envía los datos como JSON (Content-Type: application/json).");
};
