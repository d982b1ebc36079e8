import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
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

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: PageLoadContext,
) {
  const nonce = loadContext?.nonce ?? "";
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    let deadline: ReturnType<typeof setTimeout> | undefined;
    // Crawlers and no-JS clients get the complete document at once; browsers get a stream.
    const waitForAll = isbot(request.headers.get("user-agent") ?? "") || routerContext.isSpaMode;
    const respond = () => {
      shellRendered = true;
      const body = new PassThrough();
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        onShellReady() {
          if (!waitForAll) respond();
        },
        onAllReady() {
          // Done: the deadline's timer would otherwise keep this render's state alive for seconds.
          clearTimeout(deadline);
          if (waitForAll) respond();
        },
        onShellError(error: unknown) {
          clearTimeout(deadline);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered && !request.signal.aborted) {
            loadContext?.app?.logger.error({ err: error, requestId: loadContext.requestId }, "render error");
          }
        },
      },
    );
    deadline = setTimeout(abort, streamTimeout + 1000);
  });
}
