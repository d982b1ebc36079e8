import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "#server/env";
import { AppError, toErrorResponse } from "./errors";

type RouteEntry = { method: string; path: string };

/** A Hono route path ("/x/:id", "/x/:id{[0-9]+}", "/x/*") as an anchored regular expression. */
function patternOf(path: string): RegExp {
  const source = path
    .split("/")
    .map((segment) => {
      if (segment === "*") return ".*";
      const param = /^:[A-Za-z0-9_]+(?:\{(.+)\})?$/.exec(segment);
      if (param) return param[1] ? `(?:${param[1]})` : "[^/]+";
      return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("/");
  return new RegExp(`^${source}$`);
}

/**
 * 405 with an Allow header for an existing API address asked with a method it does not have (RFC 9110
 * §15.5.6), instead of the 404 of an unknown address or the 419 the CSRF check would give a write.
 * It runs before the session and CSRF middleware: the answer depends only on the address.
 * `routes` are the API router's (relative to `base`); unknown addresses pass through to the 404.
 */
export function methodNotAllowed(base: string, routes: readonly RouteEntry[]): MiddlewareHandler<AppEnv> {
  const byPath = new Map<string, { pattern: RegExp; methods: Set<string> }>();
  for (const { method, path } of routes) {
    if (method === "ALL") continue;
    const entry = byPath.get(path) ?? { pattern: patternOf(path), methods: new Set<string>() };
    entry.methods.add(method.toUpperCase());
    byPath.set(path, entry);
  }
  const entries = [...byPath.values()];

  return async (c, next) => {
    const path = c.req.path.slice(base.length) || "/";
    const allowed = new Set<string>();
    for (const { pattern, methods } of entries) if (pattern.test(path)) for (const method of methods) allowed.add(method);
    // Hono answers HEAD with the GET route.
    const method = c.req.method === "HEAD" ? "GET" : c.req.method;
    if (allowed.size === 0 || allowed.has(method)) return next();
    if (allowed.has("GET")) allowed.add("HEAD");
    const { status, body } = toErrorResponse(new AppError("METHOD_NOT_ALLOWED"));
    return c.json(body, status as 405, { Allow: [...allowed].sort().join(", ") });
  };
}
