import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { getPath } from "hono/utils/url";
import type { Logger } from "#server/platform/logger";
import { redactTokens } from "#server/platform/logger";
import type { PageCache } from "./page-cache";
import {
  type CachedAnswer,
  cachedAnswer,
  cachedResponse,
  cacheKeyOfPath,
  headerReaderOf,
  nodeHeaderReader,
  type RequestHeader,
} from "./response";

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

type HitOptions = {
  logger: Logger;
  draining: () => boolean;
  /** Told of each answer (metrics, the request's span), as the access-log middleware tells of the rest. */
  answered?: (method: string, route: string, status: number, startedAt: number) => void;
};

/** Pages under /app (not its assets), the public API and the sitemaps are the only paths the cache ever stores. */
const isCacheablePath = (target: string, at: number) =>
  target.startsWith("/api/", at) ||
  (target.startsWith("/app", at) && !target.startsWith("/app/assets/", at)) ||
  target.startsWith("/sitemap", at);

/** The stored answer to an anonymous GET or HEAD of `path`, with its request id, or undefined. */
function answerOf(cache: PageCache, path: string, header: RequestHeader, draining: boolean) {
  const key = cacheKeyOfPath(path, header);
  // A miss is counted once, by the middleware that looks again (pageCacheMiddleware).
  const page = key ? cache.get(key, { countMiss: false }) : undefined;
  if (!page) return undefined;
  const requestId = requestIdOf(header("x-request-id"));
  const extra: Record<string, string> = { "x-request-id": requestId };
  if (draining) extra.connection = "close";
  return { requestId, page, extra };
}

function logHit(logger: Logger, requestId: string, entry: { method: string; path: string; status: number; ms: number }, aborted: boolean) {
  const child = logger.child({ requestId });
  if (aborted) child.info({ ...entry, status: 499, aborted: true }, "request aborted by client");
  else child.info(entry, "request");
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
 * Requests made in-process (app.request) come this way; a server's come through nodeCacheHitAnswerer.
 */
export function cacheHitAnswerer(cache: PageCache, options: HitOptions): (request: Request, env: unknown) => Response | undefined {
  const { logger } = options;
  return (request, env) => {
    if (!cache.enabled) return undefined;
    const method = request.method;
    if (method !== "GET" && method !== "HEAD") return undefined;
    const url = request.url;
    const pathStart = url.indexOf("/", url.indexOf("//") + 2);
    if (!isCacheablePath(url, pathStart)) return undefined;
    const started = performance.now();
    const header = headerReaderOf(request, env);
    const hit = answerOf(cache, url.slice(pathStart), header, options.draining());
    if (!hit) return undefined;
    let response: Response;
    try {
      response = cachedResponse(hit.page, method, header, hit.extra);
    } catch {
      return undefined; // the ordinary way meets the same fault and reports it (onError, error log)
    }
    options.answered?.(method, hit.page.route ?? "/app/*", response.status, started);
    if (logger.isLevelEnabled("info")) {
      const ms = Math.round((performance.now() - started) * 10) / 10;
      logHit(logger, hit.requestId, { method, path: redactTokens(getPath(request)), status: response.status, ms }, request.signal.aborted);
    }
    return response;
  };
}

/**
 * The same answers at the level of Node's request and response (decision 0102): a hit is written
 * with one writeHead and one end, before @hono/node-server builds a Request, a Response and their
 * header objects (what the profile of a cached answer showed as the app's own cost). Returns false
 * when the request is not a hit, having written nothing: the caller hands it to the app.
 *
 * The key is read from the request target as sent. A stored key comes from the URL the app saw,
 * normalised by WHATWG URL parsing; a target that equals a stored key is therefore already in that
 * normal form and names the same resource, and any other target is a miss that the ordinary way
 * answers (and normalises) as before. Absolute-form targets ("http://host/app") are never hits.
 */
export function nodeCacheHitAnswerer(cache: PageCache, options: HitOptions): (req: IncomingMessage, res: ServerResponse) => boolean {
  const { logger } = options;
  return (req, res) => {
    if (!cache.enabled) return false;
    const method = req.method;
    if (method !== "GET" && method !== "HEAD") return false;
    const target = req.url ?? "";
    if (!isCacheablePath(target, 0)) return false;
    const started = performance.now();
    const header = nodeHeaderReader(req.headers);
    const hit = answerOf(cache, target, header, options.draining());
    if (!hit) return false;
    let answer: CachedAnswer;
    try {
      answer = cachedAnswer(hit.page, method, header, hit.extra);
      res.writeHead(answer.status, answer.headers);
    } catch {
      return false; // nothing was sent: the ordinary way meets the same fault and reports it
    }
    if (answer.body) res.end(answer.body);
    else res.end();
    options.answered?.(method, hit.page.route ?? "/app/*", answer.status, started);
    if (logger.isLevelEnabled("info")) {
      const ms = Math.round((performance.now() - started) * 10) / 10;
      const path = redactTokens(target.split("?", 1)[0] ?? target);
      logHit(logger, hit.requestId, { method, path, status: answer.status, ms }, req.destroyed && !res.writableFinished);
    }
    return true;
  };
}
