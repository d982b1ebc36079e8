import { data, type ServerBuild } from "react-router";
import { isAppError } from "./errors";
import { loginRedirectFor } from "./page-redirect";

/**
 * The page response for what a loader or action threw, decided in this one place (decision 0019):
 * an AppError from a service becomes the login redirect with the way back (401), the 403 page with
 * its message, the 404 page (404 and 410), or its status with its message; anything else is left to
 * React Router (a thrown Response or data() stays as it is; a real bug is a 500).
 */
export function pageErrorOf(error: unknown, request: Request): unknown {
  if (!isAppError(error)) return error;
  if (error.status === 401) return loginRedirectFor(request);
  if (error.status === 404 || error.status === 410) return data(null, { status: 404 });
  return data(error.message, { status: error.status, headers: error.retryAfter ? { "Retry-After": String(error.retryAfter) } : undefined });
}

type Handler = (args: { request: Request }) => unknown;

function mapped(handler: Handler): Handler {
  return async (args) => {
    try {
      return await handler(args);
    } catch (error) {
      throw pageErrorOf(error, args.request);
    }
  };
}

/**
 * The server build with every route's loader and action passed through pageErrorOf(), so no page
 * maps errors itself (no per-route try/catch, no orNotFound). Applied where the build is mounted.
 */
export function withPageErrors(build: ServerBuild): ServerBuild {
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      if (!route) return [id, route];
      const module = route.module as { loader?: Handler; action?: Handler };
      if (!module.loader && !module.action) return [id, route];
      const wrapped = {
        ...route.module,
        ...(module.loader ? { loader: mapped(module.loader) } : {}),
        ...(module.action ? { action: mapped(module.action) } : {}),
      };
      return [id, { ...route, module: wrapped as typeof route.module }];
    }),
  );
  return { ...build, routes };
}
