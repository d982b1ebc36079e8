import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import { gunzipSync } from "node:zlib";
import { CACHE_CONTROL } from "#common/cache-policy";
import { CONSENT_COOKIE } from "#common/constants";
import { isPersonalisedRequest } from "#server/platform/session-cookie";
import { requestTimeZoneOf } from "#server/platform/time-zone";
import type { CachedPage } from "./page-cache";

/** A request header by its lower-case name (several lines of one header joined), or undefined. */
export type RequestHeader = (name: string) => string | undefined;

const CONSENT_COOKIE_RE = new RegExp(`(?:^|;\\s*)${CONSENT_COOKIE}=([^;]*)`);
/** Every cacheable answer varies by these (applyPagePolicy and the cache's own answers). */
export const VARY = "Accept-Encoding, Cookie";
const GZIP = /\bgzip\b/;

/**
 * Reads the request's headers from the object Node's parser already built when the request came
 * through @hono/node-server (env.incoming), instead of building a Fetch `Headers` from the raw
 * lines on every request. Node joins repeated Cookie lines with "; " (so a session cookie on a
 * second line is still seen) and the others with ", ", as `Headers` does. Requests made in-process
 * (app.request in tests) have no `incoming` and are read through `Headers`.
 */
export function headerReaderOf(request: Request, env: unknown): RequestHeader {
  const incoming = (env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming?.headers) return nodeHeaderReader(incoming.headers);
  return (name) => request.headers.get(name) ?? undefined;
}

/** Node's parsed headers as a RequestHeader (repeated lines joined as `Headers` would). */
export function nodeHeaderReader(headers: IncomingHttpHeaders): RequestHeader {
  return (name) => {
    const value = headers[name];
    return typeof value === "string" ? value : value?.join(", ");
  };
}

/**
 * The cache key of an anonymous visitor's request, or null: the consent banner depends on one
 * cookie (its value holds the choices, the month and the registry's fingerprint), and dates are written in the visitor's time zone (one rendering per zone). The path and
 * query are taken as sent.
 */
export function cacheKeyOf(url: string, header: RequestHeader): string | null {
  return cacheKeyOfPath(url.slice(url.indexOf("/", url.indexOf("//") + 2)), header);
}

/** cacheKeyOf for a request target that is already a path and query ("/app/empleo?page=2"). */
export function cacheKeyOfPath(path: string, header: RequestHeader): string | null {
  if (header("authorization")) return null;
  const cookies = header("cookie") ?? "";
  if (isPersonalisedRequest(cookies)) return null; // possibly signed in, or a professional's catalogue
  const consent = CONSENT_COOKIE_RE.exec(cookies)?.[1] ?? "";
  return `${path}\n${consent.slice(0, 32)}\n${requestTimeZoneOf(header("x-timezone"), cookies)}`;
}

/**
 * The headers a stored page is answered with, built once when it is stored (a hit then copies one
 * small object and adds the request id): gzipped, uncompressed, and 304. Names are lower-case, as
 * the stored ones are: Node would send two lines for "cache-control" and "Cache-Control". A page's Cache-Control is
 * CACHE_CONTROL.public (applyPagePolicy); a public API read keeps its own.
 */
export function answerHeadersOf(
  stored: Record<string, string>,
  etag: string,
  sizes: { gzip: number; plain: number },
): CachedPage["answerHeaders"] {
  const cacheControl = stored["cache-control"] ?? CACHE_CONTROL.public;
  const common = { ...stored, etag, "cache-control": cacheControl, vary: VARY };
  return {
    gzip: { ...common, "content-encoding": "gzip", "content-length": String(sizes.gzip) },
    identity: { ...common, "content-length": String(sizes.plain) },
    notModified: { etag, "cache-control": cacheControl, vary: VARY },
  };
}

/** What a hit answers: the status, the headers (lower-case names) and the body (none for 304 and HEAD). */
export type CachedAnswer = { status: 200 | 304; headers: Record<string, string>; body: Buffer | null };

/**
 * The answer to a GET or HEAD from a stored page: 304 when the client holds this version, else
 * the stored gzip bytes as they are (no copy, no recompression) to a client that accepts gzip, or
 * the page uncompressed. `extra` adds per-request headers (x-request-id, connection), lower-case.
 */
export function cachedAnswer(page: CachedPage, method: string, header: RequestHeader, extra?: Record<string, string>): CachedAnswer {
  const answers = page.answerHeaders;
  if (header("if-none-match") === page.etag) {
    return { status: 304, headers: extra ? { ...answers.notModified, ...extra } : answers.notModified, body: null };
  }
  const gzip = GZIP.test(header("accept-encoding") ?? "");
  const headers = { ...(gzip ? answers.gzip : answers.identity), ...extra };
  if (method === "HEAD") {
    // As before: no Content-Length on a HEAD answer.
    delete headers["content-length"];
    return { status: 200, headers, body: null };
  }
  return { status: 200, headers, body: gzip ? page.gzip : (page.plain ?? gunzipSync(page.gzip)) };
}

/** cachedAnswer as a Fetch Response (the cache middlewares' answer). */
export function cachedResponse(page: CachedPage, method: string, header: RequestHeader, extra?: Record<string, string>): Response {
  const { status, headers, body } = cachedAnswer(page, method, header, extra);
  // A Buffer is a Uint8Array: @hono/node-server writes it to the socket as it is.
  return new Response(body as unknown as BodyInit | null, { status, headers });
}
