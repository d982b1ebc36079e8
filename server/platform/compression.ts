import { promisify } from "node:util";
import { gzip } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { parseAccept } from "hono/utils/accept";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";
import type { AppEnv } from "#server/env";

const gzipAsync = promisify(gzip);
/**
 * zlib's output buffer. With its 16 KB default a 100 KB page went back and forth between the thread
 * pool and the main thread several times (0.9 ms of main-thread CPU); with 64 KB, once (0.14 ms).
 */
const GZIP_CHUNK_BYTES = 64 * 1024;

/** Smaller bodies are sent as they are: gzip's header and the CPU would cost more than they save. */
const THRESHOLD_BYTES = 1024;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const NO_BODY_STATUSES = new Set([101, 204, 205, 304]);
const GZIP_NAMES = new Set(["gzip", "x-gzip"]);
const VARY_ACCEPT_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/** Whether an Accept-Encoding header accepts gzip (q > 0, named or through "*"), read by Hono's own parser. */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  const accepts = parseAccept(header);
  // "x-gzip" is gzip's old name (RFC 9110 §8.4.1.3), which the hand-written parser accepted too.
  const named = accepts.find((accept) => GZIP_NAMES.has(accept.type.toLowerCase()));
  return (named ? named.q : (accepts.find((accept) => accept.type === "*")?.q ?? 0)) > 0;
}

/**
 * Gzips compressible responses whole (every body this server compresses is finite: pages, JSON,
 * feeds, the sitemap; event streams are not compressible types): the body is read at once and
 * compressed by one zlib call on libuv's thread pool, so the main thread goes on with other
 * requests meanwhile. Hono's compress() pipes every body through a CompressionStream instead,
 * chunk by chunk on the main thread: for a 100 KB page that was about a tenth of the server's CPU
 * (docs/decisions/0052). Same rules as Hono's: not for HEAD, 206, an encoded body, a
 * `no-transform` Cache-Control or a body under 1 KB; `Vary: Accept-Encoding` on every
 * compressible answer; a strong ETag becomes weak.
 */
export function compression(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const res = c.res;
    const type = res.headers.get("Content-Type");
    if (
      c.req.method === "HEAD" ||
      res.status === 206 ||
      NO_BODY_STATUSES.has(res.status) ||
      !type ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) ||
      res.headers.has("Content-Encoding") ||
      res.headers.has("Transfer-Encoding") ||
      NO_TRANSFORM.test(res.headers.get("Cache-Control") ?? "")
    )
      return;
    const declared = res.headers.get("Content-Length");
    if (declared && Number(declared) < THRESHOLD_BYTES) return;
    const vary = res.headers.get("Vary");
    if (vary !== "*" && !(vary && VARY_ACCEPT_ENCODING.test(vary)))
      res.headers.set("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
    if (!acceptsGzip(c.req.header("Accept-Encoding"))) return;
    const plain = new Uint8Array(await res.arrayBuffer());
    const headers = res.headers;
    if (plain.byteLength < THRESHOLD_BYTES) {
      c.res = undefined; // Hono merges headers set on the context into a new c.res; this one replaces it
      c.res = new Response(plain.byteLength ? plain : null, { status: res.status, headers });
      return;
    }
    const body = new Uint8Array(await gzipAsync(plain, { chunkSize: GZIP_CHUNK_BYTES }));
    c.set("uncompressedBody", plain);
    headers.set("Content-Encoding", "gzip");
    headers.set("Content-Length", String(body.byteLength));
    const etag = headers.get("ETag");
    if (etag && !etag.startsWith("W/")) headers.set("ETag", `W/${etag}`);
    c.res = undefined;
    c.res = new Response(body, { status: res.status, headers });
  };
}
