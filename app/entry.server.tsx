import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import type { PageLoadContext } from "#server/context";
import { isDatabaseUnavailable } from "#server/platform/db-errors";
import { NonceContext } from "./lib/nonce";

export const streamTimeout = 5_000;

/**
 * Errors thrown by loaders and actions: one JSON line through the app's logger (no query
 * parameters: its serializer drops them), instead of React Router's multi-line console output.
 * A request the client abandoned is not an error (the access log records it as aborted).
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const loadContext = context as unknown as PageLoadContext | undefined;
  const logger = loadContext?.app?.logger;
  if (isRouteErrorResponse(error) && error.status < 500) return; // a 404 or 403 page, not a fault
  if (loadContext && isDatabaseUnavailable(error)) {
    // The page handler answers 503 with the "service unavailable" page instead (server/app.ts).
    loadContext.databaseUnavailable = true;
    logger?.warn({ err: error, requestId: loadContext.requestId }, "database unavailable");
    return;
  }
  if (logger) logger.error({ err: error, requestId: loadContext?.requestId, path: new URL(request.url).pathname }, "page loader error");
};

/**
 * Renders the whole document into one buffer, then answers. Loaders have finished before React
 * renders, and no page suspends on data, so streaming would only cut the same few milliseconds of
 * work into 2 KB chunks, each carried through Node and web streams and a streaming gzip. One buffer
 * is compressed in one call off the main thread (server/platform/compression.ts) and stored as it is by the
 * page cache. Lazy components (React.lazy) resolve on the server within the render; a render that
 * takes longer than streamTimeout is aborted, and its unfinished boundaries render in the browser.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: PageLoadContext,
) {
  const nonce = loadContext?.nonce ?? "";
  return new Promise<Response>((resolve, reject) => {
    let deadline: ReturnType<typeof setTimeout> | undefined;
    // Errors of a lazy part's boundary (the rest of the page renders, that part renders in the
    // browser). Logged once the page is done: an error of the shell is React Router's to report.
    const boundaryErrors: unknown[] = [];
    const chunks: Buffer[] = [];
    const document = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
        done();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        // The document is sent whole (decision 0052), so React must not move a finished lazy part to
        // the end of it to reveal it later by script: past the first 12.8 KB (the default), it did,
        // and the offer page showed its «Inscribirme» box empty without JavaScript, then shifted.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          // Done: the deadline's timer would otherwise keep this render's state alive for seconds.
          clearTimeout(deadline);
          if (!request.signal.aborted) {
            for (const error of boundaryErrors)
              loadContext?.app?.logger.error({ err: error, requestId: loadContext.requestId }, "render error");
          }
          pipe(document);
        },
        onShellError(error: unknown) {
          clearTimeout(deadline);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          boundaryErrors.push(error);
        },
      },
    );
    deadline = setTimeout(abort, streamTimeout + 1000);
  });
}
