import { randomUUID } from "node:crypto";
import { getPath } from "hono/utils/url";
import type { Logger } from "#server/platform/logger";
import { redactTokens } from "#server/platform/logger";
import type { PageCache } from "./page-cache";
import { cachedResponse, cacheKeyOf, headerReaderOf } from "./response";

const UNSAFE_REQUEST_ID = /[^\w\-=]/;

/**
 * The request id of a request: the client's X-Request-Id when it is short and made of safe
 * characters (a proxy's id then follows the request through our logs), else a new UUID. The same
 * rule as Hono's requestId middleware, which app.ts replaced with this one function so that the
 * cache's own answers and every other response agree.
 */
export function requestIdOf(given: string | undefined): string {
  return !given || given.length > 255 || UNSAFE_REQUEST_ID.test(given) ? randomUUID() : given;
}

/**
 * Answers an anonymous GET or HEAD from the page cache before Hono dispatches it, or returns
 * undefined and the request takes the ordinary way (decisions 0015, 0045). Only keys that
 * pageCacheMiddleware and publicApiCacheMiddleware stored can hit, with the same key (the same
 * refusal of any Authorization header, session or professional gate cookie), so what is served
 * here is exactly what those middlewares would serve; what a hit skips is the per-request
 * machinery in front of them: the middleware chain, a Fetch `Headers` built from the request, the
 * child logger, and header objects rebuilt for every answer. A hit still gets its X-Request-Id,
 * Connection: close while draining, and its access-log line (built only when info is logged).
 */
export function cacheHitAnswerer(
  cache: PageCache,
  options: {
    logger: Logger;
    draining: () => boolean;
    /** Told of each answer (metrics, the request's span), as the access-log middleware tells of the rest. */
    answered?: (method: string, route: string, status: number, startedAt: number) => void;
  },
): (request: Request, env: unknown) => Response | undefined {
  const { logger } = options;
  return (request, env) => {
    if (!cache.enabled) return undefined;
    const method = request.method;
    if (method !== "GET" && method !== "HEAD") return undefined;
    const url = request.url;
    const pathStart = url.indexOf("/", url.indexOf("//") + 2);
    const cacheable =
      url.startsWith("/api/", pathStart) || (url.startsWith("/app", pathStart) && !url.startsWith("/app/assets/", pathStart));
    if (!cacheable) return undefined;
    const started = performance.now();
    const header = headerReaderOf(request, env);
    const key = cacheKeyOf(url, header);
    // A miss is counted once, by the middleware that looks again (pageCacheMiddleware).
    const page = key ? cache.get(key, { countMiss: false }) : undefined;
    if (!page) return undefined;
    const requestId = requestIdOf(header("x-request-id"));
    const extra: Record<string, string> = { "x-request-id": requestId };
    if (options.draining()) extra.connection = "close";
    let response: Response;
    try {
      response = cachedResponse(page, method, header, extra);
    } catch {
      return undefined; // the ordinary way meets the same fault and reports it (onError, error log)
    }
    options.answered?.(method, page.route ?? "/app/*", response.status, started);
    if (logger.isLevelEnabled("info")) {
      const ms = Math.round((performance.now() - started) * 10) / 10;
      const entry = { method, path: redactTokens(getPath(request)), status: response.status, ms };
      const child = logger.child({ requestId });
      if (request.signal.aborted) child.info({ ...entry, status: 499, aborted: true }, "request aborted by client");
      else child.info(entry, "request");
    }
    return response;
  };
}
