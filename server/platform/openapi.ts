import { OpenAPIHono, type RouteConfig, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { parseId } from "#common/ids";
import { fieldErrorsOf } from "#common/validation";
import type { AppEnv } from "#server/env";
import { AppError, validationError } from "./errors";

/**
 * The security requirement of an operation that needs a signed-in user: the session cookie (browsers,
 * with the CSRF token) or a bearer token from POST /api/login. Declaring it is all a route does: the
 * router then answers 401 before looking at the body, and the OpenAPI document says so.
 */
export const SIGNED_IN: NonNullable<RouteConfig["security"]> = [{ cookieAuth: [] }, { bearerAuth: [] }];

/** An operation open to anyone that still reads the session when there is one (a viewer's own state). */
const ANONYMOUS_OR_SIGNED_IN: NonNullable<RouteConfig["security"]> = [{}, ...SIGNED_IN];

/** The security schemes SIGNED_IN names, for the OpenAPI document's components. */
export const SECURITY_SCHEMES = {
  cookieAuth: {
    type: "apiKey",
    in: "cookie",
    name: "farmanexo_session",
    description: "Cookie de sesión del navegador (con X-XSRF-TOKEN en las escrituras)",
  },
  bearerAuth: { type: "http", scheme: "bearer", description: "Token id|secreto devuelto por POST /api/login (access_token)" },
} as const;

export const ErrorSchema = z
  .object({
    message: z.string().openapi({ example: "No hemos encontrado lo que buscas." }),
    code: z.string().openapi({ example: "NOT_FOUND" }),
    errors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .openapi("Error");

/** A response that is only a Spanish message for the user. */
export const MessageSchema = z.object({ message: z.string() }).openapi("Message");

export const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: ErrorSchema } },
});

/**
 * A named (registered) schema, or null. `.nullable()` on a named schema is written as
 * allOf [$ref, {type: [object, null]}], which still demands the object, so a null the server sends
 * breaks the document; anyOf [$ref, null] says what is sent.
 */
export const nullableRef = <T extends z.ZodType>(schema: T) => z.union([schema, z.null()]);

/** A numeric path id ({id}); parse it with idFrom(). */
export const IdParam = z.object({ id: z.string().openapi({ param: { name: "id", in: "path" }, example: "12" }) });

/** The id of a path parameter (parseId), or the area's 404 with its Spanish message. */
export function idFrom(value: string, message = "No hemos encontrado lo que buscas.", options: { slug?: boolean } = {}): number {
  const id = parseId(value, options);
  if (id === null) throw new AppError("NOT_FOUND", message);
  return id;
}

/** A JSON response of an operation. */
export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

/** A required JSON request body. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { "application/json": { schema } },
});

/** A multipart upload: the text fields' schema plus one binary file field (optional when another field can stand in for it). */
export const multipartBody = <T extends z.ZodObject>(fields: T, file: string, description: string, { optional = false } = {}) => {
  const binary = z.any().openapi({ type: "string", format: "binary", description });
  return {
    required: true,
    content: { "multipart/form-data": { schema: fields.extend({ [file]: optional ? binary.optional() : binary }) } },
  };
};

export const noContent = (description: string) => ({ description });

/** An upload of one image in the field `imagen`, with the answers the image itself can cause. */
export const imageUpload = {
  body: () => multipartBody(z.object({}), "imagen", "Imagen JPEG, PNG o WebP"),
  errors: {
    413: errorResponse("Imagen demasiado grande"),
    415: errorResponse("No es una imagen JPEG, PNG o WebP"),
    422: errorResponse("Falta la imagen"),
  },
};

const requireSignedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get("user")) throw new AppError("UNAUTHENTICATED");
  await next();
};

const needsSignIn = (route: RouteConfig) =>
  Boolean(route.security?.length) && !route.security?.some((item) => Object.keys(item).length === 0);

/** "get /empleo/ofertas/{id}/candidaturas" → "getEmpleoOfertasByIdCandidaturas": unique, stable, URL-safe. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .split("/")
    .filter(Boolean)
    .map((part) => (part.startsWith("{") ? `by-${part.slice(1, -1)}` : part))
    .join("-")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return method.toLowerCase() + words.map((word) => word[0]?.toUpperCase() + word.slice(1)).join("");
}

const SAFE_METHODS = new Set(["get", "head", "options"]);

/**
 * What every operation gets without each route repeating it: an operationId, the 401 of a signed-in
 * operation, the 422 of one with input, the 400 every /api address can answer (input guard), and on
 * every write what the app's middleware answers before the route runs: 413 (body limit), 415 (a body
 * neither JSON nor a form, input guard), 403 (a session cookie without Origin or Referer) and 419
 * (cookie clients without a valid CSRF token).
 * A signed-in operation's session check runs before any validator, so a stranger gets 401 whatever
 * the body (decision 0012).
 */
/**
 * An operation without its own description gets one from its summary and who may call it, so every
 * operation in the document says both (Spectral's operation-description rule).
 */
function describeOperation(summary: string | undefined, secured: boolean): string {
  const who = secured
    ? "Necesita una sesión: la cookie de sesión con el token CSRF, o un token Bearer."
    : "No necesita sesión; con una, la respuesta puede incluir lo que solo ve ese usuario.";
  return summary ? `${summary.replace(/\.$/, "")}. ${who}` : who;
}

function withDefaults<R extends RouteConfig>(route: R): R {
  const secured = needsSignIn(route);
  const hasInput = Boolean(route.request?.params || route.request?.query || route.request?.body || route.request?.headers);
  const responses = { ...route.responses };
  responses[400] ??= errorResponse("Dirección o cuerpo no válidos");
  if (secured) responses[401] ??= errorResponse("Sin sesión");
  if (hasInput) responses[422] ??= errorResponse("Datos no válidos");
  if (!SAFE_METHODS.has(route.method)) {
    responses[403] ??= errorResponse("Petición con cookie de sesión sin cabecera Origin ni Referer");
    responses[413] ??= errorResponse("Cuerpo demasiado grande");
    responses[415] ??= errorResponse("Cuerpo que no es JSON ni un formulario");
    responses[419] ??= errorResponse("Token CSRF ausente o no válido (clientes con cookie de sesión)");
  }
  const middleware = route.middleware ? (Array.isArray(route.middleware) ? route.middleware : [route.middleware]) : [];
  return {
    ...route,
    operationId: route.operationId ?? operationIdOf(route.method, route.path),
    description: route.description ?? describeOperation(route.summary, secured),
    security: route.security ?? ANONYMOUS_OR_SIGNED_IN,
    responses,
    middleware: secured ? [requireSignedIn, ...middleware] : route.middleware,
  };
}

/**
 * An OpenAPI-documented router whose validation failures become the application's 422 error with
 * Spanish messages per field, like every other error, and whose operations get withDefaults().
 */
export function createRouter() {
  const router = new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(fieldErrorsOf(result.error));
    },
  });
  const register = router.openapi.bind(router);
  router.openapi = ((route: RouteConfig, ...rest: unknown[]) =>
    (register as (...args: unknown[]) => unknown)(withDefaults(route), ...rest)) as typeof router.openapi;
  return router;
}
