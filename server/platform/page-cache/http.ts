import { createHash } from "node:crypto";
import { gunzipSync, gzipSync } from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { CACHE_CONTROL, CACHE_UNTIL_HEADER, type PagePolicy, pagePolicyOf } from "#common/cache-policy";
import type { AppEnv } from "#server/env";
import { pagePathOf } from "#server/platform/page-redirect";
import { isPersonalisedRequest } from "#server/platform/session-cookie";
import { routeOf } from "#server/platform/telemetry/route";
import { cspWithScriptHashes } from "./csp";
import type { CachedPage, PageCache } from "./page-cache";
import { answerHeadersOf, cachedResponse, cacheKeyOf, headerReaderOf, VARY } from "./response";

/** Headers of the rendered response that belong to one request or are recomputed when serving. */
const NOT_STORED = new Set(["content-length", "content-encoding", "etag", "vary", "x-request-id", "date", "set-cookie"]);
/**
 * Bodies up to this size are also kept uncompressed (counted against the budget): API clients
 * that send no Accept-Encoding then cost no gunzip per request. Pages are larger, and browsers
 * always accept gzip.
 */
const KEEP_PLAIN_MAX_BYTES = 32 * 1024;
/** Paths whose route id is remembered (offer pages alone are many: the memo is cleared when full). */
const MATCHER_MEMO_SIZE = 5000;

/** The id of the deepest route that renders a path (React Router's own matching), or undefined. */
export function createRouteMatcher(build: ServerBuild): (pathname: string) => string | undefined {
  const routes = Object.values(build.routes).filter((route) => route !== undefined);
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    routes
      .filter((route) => route.parentId === parentId)
      .map((route) =>
        route.index
          ? { id: route.id, index: true, path: route.path }
          : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: childrenOf(route.id) },
      );
  const tree = childrenOf(undefined);
  // matchRoutes flattens and ranks the whole route table on every call: remember recent answers.
  const known = new Map<string, string | undefined>();
  return (pathname) => {
    if (known.has(pathname)) return known.get(pathname);
    const id = matchRoutes(tree, pathname, build.basename)?.at(-1)?.route.id;
    if (known.size >= MATCHER_MEMO_SIZE) known.clear();
    known.set(pathname, id);
    return id;
  };
}

/**
 * Sets the page's Cache-Control from its route's policy (common/cache-policy.ts): public only for
 * an anonymous visitor's successful GET of a public page, without a session or the professional
 * gate's cookie; then also tells the page cache
 * (pageCacheTags) that it may keep the response.
 */
export function applyPagePolicy(c: Context<AppEnv>, response: Response, policy: PagePolicy): Response {
  const shareable =
    policy.cache === "public" &&
    !c.get("user") &&
    !isPersonalisedRequest(c.req.header("cookie")) &&
    response.status === 200 &&
    isRead(c.req.method);
  // The rendered response's own headers, changed in place: copying the response would turn its
  // one-buffer body into a stream (app/entry.server.tsx).
  const { headers } = response;
  headers.set("Cache-Control", shareable ? CACHE_CONTROL.public : CACHE_CONTROL.private);
  const until = Number(headers.get(CACHE_UNTIL_HEADER) ?? Number.NaN);
  headers.delete(CACHE_UNTIL_HEADER); // for the page cache only
  if (shareable && policy.cache === "public") {
    headers.set("Vary", VARY);
    c.set("pageCacheTags", policy.tags);
    if (Number.isFinite(until)) c.set("pageCacheUntil", until);
  }
  return response;
}

export const policyOfPath = (matcher: ((pathname: string) => string | undefined) | undefined, url: URL): PagePolicy =>
  pagePolicyOf(matcher?.(pagePathOf(url)));

const isRead = (method: string) => method === "GET" || method === "HEAD";

function answer(c: Context<AppEnv>, page: CachedPage): Response {
  return cachedResponse(page, c.req.method, headerReaderOf(c.req.raw, c.env));
}

async function toCachedPage(
  response: Response,
  tags: readonly string[],
  until?: number,
  uncompressed?: Uint8Array,
): Promise<CachedPage | null> {
  const encoding = response.headers.get("content-encoding");
  if (encoding && encoding !== "gzip") return null;
  const body = Buffer.from(await response.arrayBuffer());
  const plain = encoding !== "gzip" ? body : uncompressed ? Buffer.from(uncompressed) : gunzipSync(body);
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!NOT_STORED.has(name)) headers[name] = value;
  });
  const csp = headers["content-security-policy"];
  if (csp) headers["content-security-policy"] = cspWithScriptHashes(csp, plain.toString("utf8"));
  const gzip = encoding === "gzip" ? body : gzipSync(plain);
  const etag = `"${createHash("sha256").update(plain).digest("base64url").slice(0, 27)}"`;
  return {
    gzip,
    plain: plain.length <= KEEP_PLAIN_MAX_BYTES ? plain : undefined,
    etag,
    headers,
    answerHeaders: answerHeadersOf(headers, etag, { gzip: gzip.length, plain: plain.length }),
    tags,
    storedAt: Date.now(),
    until,
  };
}

/**
 * Answers anonymous visitors' GET/HEAD requests for pages from the page cache, before any other
 * per-request work (security headers and compression are already in the stored response), and
 * stores what applyPagePolicy marked shareable. Mounted early on /app/*.
 */
export function pageCacheMiddleware(cache: PageCache): MiddlewareHandler<AppEnv> {
  /**
   * Renders under way, by key: identical anonymous requests that arrive meanwhile wait for that one
   * render instead of starting their own (after an invalidation or expiry, a crowd of crawlers
   * asking for the listing costs one render, not one each). Only renders started since the last
   * invalidation are shared, so a change still shows on the very next request.
   */
  const rendering = new Map<string, { generation: number; page: Promise<CachedPage | null> }>();
  return async (c, next) => {
    const key =
      cache.enabled && isRead(c.req.method) && !c.req.path.startsWith("/app/assets/")
        ? cacheKeyOf(c.req.url, headerReaderOf(c.req.raw, c.env))
        : null;
    if (!key) return next();
    const hit = cache.get(key);
    if (hit) return answer(c, hit);
    const generation = cache.generation();
    const pending = rendering.get(key);
    if (pending && pending.generation === generation) {
      const shared = await pending.page;
      if (shared) return answer(c, shared);
      return next(); // that render was not shareable (an error, a redirect…): render this one
    }
    let settle: (page: CachedPage | null) => void = () => {};
    const mine = {
      generation,
      page: new Promise<CachedPage | null>((resolve) => {
        settle = resolve;
      }),
    };
    rendering.set(key, mine);
    let page: CachedPage | null = null;
    try {
      await next();
      const tags = c.get("pageCacheTags");
      if (!tags || c.req.method === "HEAD" || c.res.status !== 200 || c.res.headers.has("set-cookie")) return;
      page = await toCachedPage(c.res, tags, c.get("pageCacheUntil"), c.get("uncompressedBody"));
      if (!page) return;
      page.route = routeOf(c);
      cache.store(key, page, generation);
      c.res = undefined;
      c.res = answer(c, page);
    } finally {
      if (rendering.get(key) === mine) rendering.delete(key);
      settle(page);
    }
  };
}

/**
 * Marks an anonymous 200 answer as one the page cache may keep under `tags` (the enclosing
 * pageCacheMiddleware stores it): what public API reads, feeds and sitemaps add to their route.
 */
export function pageCacheTagsMiddleware(tags: readonly string[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (!c.get("user") && c.res.status === 200) c.set("pageCacheTags", tags);
  };
}

/**
 * The same cache for anonymous reads of a public API route (offers, news): its 200 JSON, gzipped
 * once, is answered before any other middleware, the session lookup, the query and serialisation,
 * and dropped by the same tags as the pages that show the data (decision 0045).
 */
export function publicApiCacheMiddleware(cache: PageCache, tags: readonly string[]): MiddlewareHandler<AppEnv> {
  const pages = pageCacheMiddleware(cache);
  const tagged = pageCacheTagsMiddleware(tags);
  return (c, next) =>
    pages(c, async () => {
      await tagged(c, next);
    });
}
