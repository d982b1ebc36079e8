import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { createApp, nodeRequestListener, type ServerBuildSource } from "./app";
import { closeAppContext, createAppContext } from "./boot";
import { ConfigError, loadConfig } from "./config";
import { trackConnections } from "./platform/http-drain";
import { startMetricsListener } from "./platform/telemetry/metrics-http";
import { warmUp } from "./platform/warm-up";

/** Passes over the key pages the warm-up makes at most (within WARM_UP_SECONDS). */
const WARM_UP_ROUNDS = 8;
/** Renders at once during the warm-up: the render admission's initial limit (app.ts). */
const WARM_UP_CONCURRENCY = 2;

/** From closing the listener to a forced exit (in-flight requests get this long to finish). */
const SHUTDOWN_TIMEOUT_MS = 10_000;
/** Longest wait for the kernel's queue of new connections to empty before the listener closes anyway. */
const LISTENER_CLOSE_WAIT_MS = 5_000;
/** During shutdown, how often (and after how long without a request) idle connections are closed. */
const IDLE_SWEEP_MS = 250;

async function main() {
  const config = loadConfig();
  const devMode = process.argv.includes("--dev");
  const ctx = await createAppContext(config);
  const { logger } = ctx;

  const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
  const clientDir = path.join(buildDir, "client");
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => {
    res.statusCode = 503;
    res.end();
  };
  const server = createServer((req, res) => handler(req, res));
  // http.Server emits "error" when it cannot listen (port taken, no permission): say so and stop,
  // rather than die on an unheard event with a bare stack.
  server.on("error", (error) => {
    logger.error({ err: error, port: config.port }, "the HTTP server failed");
    process.exit(1);
  });
  const connections = trackConnections(server);

  let build: ServerBuildSource;
  let viteMiddleware: ((req: IncomingMessage, res: ServerResponse, next: () => void) => void) | undefined;
  if (devMode) {
    // Vite's HMR WebSocket shares our HTTP server, so the dev page needs no second port.
    const vite = await import("vite").then((m) => m.createServer({ server: { middlewareMode: true, hmr: { server } }, appType: "custom" }));
    viteMiddleware = vite.middlewares;
    build = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  } else {
    build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
  }

  const app = createApp(ctx, { build, clientDir: devMode ? undefined : clientDir });
  const listener = nodeRequestListener(app, ctx);
  // In development Vite serves modules and assets; React Router's own data and manifest requests
  // ("*.data", "/app/__manifest") must reach the app, or Vite answers them with 404.
  const isRouterRequest = (url = "") => /\.data(\?|$)|\/__manifest(\?|$)/.test(url);
  handler = viteMiddleware
    ? (req, res) => {
        if (isRouterRequest(req.url)) return listener(req, res);
        // Vite's base middleware strips "/app" from req.url before it passes a request on: the app
        // must see the address the browser asked for, or every page but /app is "not found".
        const url = req.url;
        viteMiddleware(req, res, () => {
          req.url = url;
          listener(req, res);
        });
      }
    : listener;
  server.on("upgrade", (request, socket, head) => {
    if (request.url?.split("?")[0] === "/ws") ctx.realtime.handleUpgrade(request, socket, head);
    else if (!devMode) socket.destroy(); // in development, Vite's HMR listener takes the rest
  });
  // Render the key pages in-process before accepting traffic (decision 0129): the first visitors
  // meet compiled code, an open pool and a render-time estimate made of real samples.
  if (!devMode && config.warmUpMs > 0)
    await warmUp(app.fetch, {
      origin: config.appUrl,
      budgetMs: config.warmUpMs,
      rounds: WARM_UP_ROUNDS,
      concurrency: WARM_UP_CONCURRENCY,
      logger,
    });
  server.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    logger.info({ port, database: ctx.database.kind, dev: devMode }, `${config.brandName} escuchando en ${config.appUrl}/app`);
  });

  // Prometheus' own port (METRICS_PORT, decision 0099): /metrics only, never on the public listener.
  const { metrics } = ctx.telemetry;
  const metricsServer =
    metrics && config.metrics.port !== undefined
      ? await startMetricsListener(metrics, { port: config.metrics.port, host: config.host, token: config.metrics.token, logger })
      : undefined;
  if (metricsServer) logger.info({ port: config.metrics.port }, "metrics listener started");

  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    // 1. Readiness off. Keep-alive connections stay open for now (see step 3).
    ctx.lifecycle.draining = true;
    const delayMs = signal === "SIGTERM" ? config.shutdownDelayMs : 0;
    logger.info({ signal, delayMs }, "shutting down: readiness off, draining connections");
    // 2. Optionally keep accepting while load balancers notice the failing /readyz.
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    const force = setTimeout(() => {
      logger.error("shutdown timed out; exiting");
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    force.unref();
    // 3. Stop accepting once no connection waits in the kernel's queue (http-drain.ts). Only from
    // then on does every response carry "Connection: close" (app.ts): sent from the signal on (as it
    // was), it turned every keep-alive client into one that reconnects after each answer, so during
    // SHUTDOWN_DELAY_SECONDS new connections kept queueing and the close reset them (about one per
    // client). Now a client told to close is refused when it reconnects (a balancer, or the client,
    // retries elsewhere), with or without a delay. Busy connections close after their current response.
    let idleSweep: NodeJS.Timeout | undefined;
    const closed = connections.closeListener(() => {
      ctx.lifecycle.closingConnections = true;
      // 4. Keep-alive connections left idle are closed; WebSockets get 1001.
      idleSweep = setInterval(() => connections.closeIdle(IDLE_SWEEP_MS), IDLE_SWEEP_MS);
    }, LISTENER_CLOSE_WAIT_MS);
    await ctx.realtime.close();
    metricsServer?.closeAllConnections();
    metricsServer?.close();
    await closed;
    clearInterval(idleSweep);
    await closeAppContext(ctx).catch((error) => logger.error({ err: error }, "closing the database failed"));
    logger.info("stopped");
    process.exit(0);
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error("No se pudo arrancar el servidor:", error);
  }
  process.exit(1);
});
