import type { IncomingMessage, ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { type Context, Hono, type Next } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import type { ServerBuild } from "react-router";
import { createRequestHandler } from "react-router";
import type { CacheTag } from "#common/cache-policy";
import { sessionMiddleware, setCsrfCookie } from "#server/accounts";
import {
  companyLogoHandler,
  defaultShareImageHandler,
  JOBS_FEED_PATH,
  jobsFeedHandler,
  offerShareImageHandler,
  offerViewFiguresBeacon,
} from "#server/jobs";
import { mountSitemaps, robotsTxt } from "#server/seo";
import { productShareImageHandler, promotionShareImageHandler, visitaFiguresBeacon } from "#server/visita";
import { createApiRouter } from "./api";
import type { AppContext, PageLoadContext } from "./context";
import type { AppEnv } from "./env";
import { termsGate, termsPageRedirect } from "./legal";
import { mountNewsFeeds, NEWS_AREA_RSS_PATH, NEWS_RSS_PATH, NEWS_SITEMAP_PATH } from "./news";
import { admissionControl, renderAdmission } from "./platform/admission";
import { resolveClientIp } from "./platform/client-ip";
import { compression } from "./platform/compression";
import { appErrorFromDatabase, loggableError } from "./platform/db-errors";
import { AppError, toErrorResponse } from "./platform/errors";
import { processEventLoopLag } from "./platform/event-loop-lag";
import { type FiguresBeacon, figuresBeaconHandler } from "./platform/figures-beacon";
import { nodeFiguresBeacons } from "./platform/figures-beacon-node";
import { inputGuard } from "./platform/input-guard";
import { redactTokens } from "./platform/logger";
import { methodNotAllowed } from "./platform/method-not-allowed";
import { cacheHitAnswerer, nodeCacheHitAnswerer, requestIdOf } from "./platform/page-cache/fast-path";
import {
  applyPagePolicy,
  createRouteMatcher,
  pageCacheMiddleware,
  pageCacheTagsMiddleware,
  policyOfPath,
  publicApiCacheMiddleware,
} from "./platform/page-cache/http";
import { withPageErrors } from "./platform/page-errors";
import { pagePathOf } from "./platform/page-redirect";
import { createSecurityHeaders, csrfProtection } from "./platform/security";
import { mountStaticAssets } from "./platform/static-assets";
import { answerMetrics } from "./platform/telemetry/metrics-http";
import { routeOf, routePatternsOf } from "./platform/telemetry/route";
import { requestTimeZone } from "./platform/time-zone";
import { unavailablePage } from "./platform/unavailable-page";

export type ServerBuildSource = ServerBuild | (() => Promise<ServerBuild>);

export type CreateAppOptions = {
  /** The React Router server build (or a loader for it, in development). Omit to serve the API only. */
  build?: ServerBuildSource;
  /** Directory with the browser assets (build/client). */
  clientDir?: string;
};

const API_BODY_LIMIT = 1024 * 1024;

/**
 * Page renders at once (decision 0045: enough for the database round trips of a few renders to
 * overlap) and load shedding (decisions 0056, 0065): a request's wait is counted from its arrival
 * (the event loop's lag when it is first seen, then its time in line); one whose estimated wait
 * exceeds 0.7 s gets a 503 + Retry-After at once, one still in line when the 0.7 s are spent gets it
 * then, so that an admitted page answers within about 2 s instead of letting clients time out.
 * Renders slower than 1 s lower the number at once (down to 2), faster ones raise it back to 8.
 */
const RENDER_ADMISSION = {
  concurrency: 8,
  minConcurrency: 2,
  initialConcurrency: 2,
  renderTargetMs: 1_000,
  waitBudgetMs: 700,
  maxQueue: 256,
};

/** Public API reads an anonymous client gets from the page cache, by the cache tag of their data. */
const PUBLIC_API_READS: Array<[paths: string[], tag: CacheTag]> = [
  [["/api/empleo/ofertas", "/api/empleo/ofertas/:id{[0-9]+}"], "jobs"],
  [["/api/noticias", "/api/noticias/:id", "/api/tribunas", "/api/tribunas/:id"], "news"],
  // Anonymous catalogue reads withhold prescription-only detail; a request with the professional
  // gate's cookie is never answered from or stored in the cache (decision 0048).
  [["/api/visita/productos", "/api/visita/productos/:id{[0-9]+}"], "visita"],
];

/**
 * Public XML answers kept in the page cache like pages (decision 0114), with the tags of what they
 * list: a crawler's request costs a lookup, and publishing or closing an offer (or a news item)
 * drops them with the pages. The jobs sitemap's files are the largest answers the site has.
 */
const PUBLIC_XML_READS: Array<[paths: string[], tags: CacheTag[]]> = [
  [["/sitemap.xml"], ["jobs", "news", "visita"]],
  [["/sitemap-portada.xml"], []],
  [["/sitemap-empleo.xml", "/:name{sitemap-empleo-[0-9]+\\.xml}", JOBS_FEED_PATH], ["jobs"]],
  [["/sitemap-noticias-archivo.xml", NEWS_SITEMAP_PATH, NEWS_RSS_PATH, NEWS_AREA_RSS_PATH], ["news"]],
  [["/sitemap-visita.xml"], ["visita"]],
];

export function createApp(ctx: AppContext, options: CreateAppOptions = {}) {
  const app = new Hono<AppEnv>();

  // Health checks before any middleware: load balancers poll them every few seconds, and they need
  // no request id, access log line, security headers, compression or session. Once the listener has
  // closed they too ask the client to close its connection (as the access-log middleware does for the rest).
  const closing = (): Record<string, string> => (ctx.lifecycle.closingConnections ? { Connection: "close" } : {});
  app.get("/healthz", (c) => c.json({ status: "ok" }, 200, closing()));
  app.get("/readyz", async (c) => {
    if (ctx.lifecycle.draining) {
      return c.json({ status: "draining", message: "El servidor se está deteniendo." }, 503, closing());
    }
    try {
      await ctx.database.ping();
      return c.json({ status: "ok", database: ctx.database.kind });
    } catch {
      return c.json({ status: "unavailable", message: "La base de datos no responde." }, 503);
    }
  });

  // Metrics on the app's own port only behind their token, and never when they have a port of their own.
  const { metrics } = ctx.telemetry;
  if (metrics && ctx.config.metrics.token !== undefined && ctx.config.metrics.port === undefined) {
    const token = ctx.config.metrics.token;
    app.get("/metrics", async (c) => {
      const { status, headers, body } = await answerMetrics(metrics, token, c.req.header("authorization"));
      return c.body(body, status as 200, headers);
    });
  }

  app.use(async (c, next) => {
    const id = requestIdOf(c.req.header("x-request-id"));
    c.set("requestId", id);
    const logger = ctx.logger.child({ requestId: id });
    c.set("app", ctx);
    c.set("logger", logger);
    c.set("clientIp", resolveClientIp(c, ctx.config.trustProxy));
    const started = performance.now();
    await next();
    ctx.telemetry.requestDone(c.req.method, routeOf(c), c.res.status, started);
    // Set after next(): page responses are built by React Router, not by c.header().
    c.res.headers.set("X-Request-Id", id);
    // Shutting down: the client must not send another request on this connection (it would be
    // reset when the process exits); it reconnects, by then to another instance.
    if (ctx.lifecycle.closingConnections) c.res.headers.set("Connection", "close");
    // 503 is a state the server announces (draining, database down; logged where it arises), not a fault.
    // Shed requests (decision 0056) are counted in one warning every 10 s instead.
    const level = c.get("loadShed") ? "info" : c.res.status === 503 ? "warn" : c.res.status >= 500 ? "error" : "info";
    // Nothing to build when that line would not be written (LOG_LEVEL=warn skips every 2xx–4xx line).
    if (!logger.isLevelEnabled(level) && !logger.isLevelEnabled("info")) return;
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const entry = { method: c.req.method, path: redactTokens(c.req.path), status: c.res.status, ms };
    // The client went away before the answer (closed tab, timeout, load-test client): whatever status
    // the handler ended with is nobody's error. Logged as nginx's 499, at info level.
    if (c.req.raw.signal.aborted) logger.info({ ...entry, status: 499, aborted: true }, "request aborted by client");
    else logger[level](entry, "request");
  });
  // The pages' figures beacons, before everything else an API request goes through (decision 0125):
  // a view costs little more than the cached page it follows. Only a request with a session pays
  // for reading it (to leave out the user's own objects); nothing else is read per beacon.
  const beaconVisitor = async (c: Context<AppEnv>) => {
    await sessionMiddleware(c, async () => {});
    return c.get("user");
  };
  app.post(visitaFiguresBeacon.path, figuresBeaconHandler(visitaFiguresBeacon, beaconVisitor));
  app.post(offerViewFiguresBeacon.path, figuresBeaconHandler(offerViewFiguresBeacon, beaconVisitor));
  app.use(trailingSlashRedirect);
  // Anonymous visitors' public pages come from the page cache before any other per-request work.
  const matchRoute = options.build && typeof options.build !== "function" ? createRouteMatcher(options.build) : undefined;
  if (matchRoute) app.use("/app/*", pageCacheMiddleware(ctx.pageCache));
  // And anonymous reads of the public API, with the tags of the data they show.
  for (const [paths, tag] of PUBLIC_API_READS) {
    const cached = publicApiCacheMiddleware(ctx.pageCache, [tag]);
    for (const p of paths) app.get(p, cached);
  }
  // Sitemaps and feeds: outside /app they get a cache of their own (one, so identical requests
  // share one build); under /app the pages' cache above keeps them once tagged.
  const xmlCache = pageCacheMiddleware(ctx.pageCache);
  for (const [paths, tags] of PUBLIC_XML_READS) {
    const tagged = pageCacheTagsMiddleware(tags);
    for (const p of paths) {
      if (!matchRoute || !p.startsWith("/app/")) app.get(p, xmlCache);
      app.get(p, tagged);
    }
  }
  app.use(createSecurityHeaders({ googleSignIn: Boolean(ctx.config.googleClientId) }));
  app.use(compression());

  app.onError((thrown, c) => {
    // Database errors caused by client input or an outage become 4xx/503; only real bugs are 500s.
    const error = thrown instanceof AppError ? thrown : (appErrorFromDatabase(thrown) ?? thrown);
    if (error instanceof AppError && error.code === "UNAVAILABLE")
      c.get("logger")?.warn({ err: loggableError(thrown) }, "database unavailable");
    else if (c.req.raw.signal.aborted) {
      // A consequence of the client leaving (the access log records it), not a bug.
    } else if (!(error instanceof AppError) && !(error instanceof HTTPException && error.status < 500)) {
      c.get("logger")?.error({ err: loggableError(thrown) }, "unhandled error");
    }
    const { status, body, retryAfter } = toErrorResponse(error);
    if (retryAfter) c.header("Retry-After", String(retryAfter));
    // A page (not the API) asked while the database is down: the Spanish 503 page, not JSON.
    if (error instanceof AppError && error.code === "UNAVAILABLE" && !c.req.path.startsWith("/api/")) return unavailablePage(c);
    return c.json(body, status as 500);
  });

  // Tied to the caller's session, so the session is resolved first.
  app.get("/sanctum/csrf-cookie", sessionMiddleware, (c) => {
    setCsrfCookie(c);
    return c.body(null, 204);
  });

  // JSON bodies stay small; uploads (multipart: avatars, CVs) may reach MAX_UPLOAD_MB, and the
  // storage then answers 413 with a message naming the limit.
  const limitFor = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: () => {
        throw new AppError("PAYLOAD_TOO_LARGE");
      },
    });
  // An API address asked with a method it lacks: 405 and Allow, before the body, session and CSRF checks.
  const api = createApiRouter();
  app.use("/api/*", methodNotAllowed("/api", api.routes));
  const jsonLimit = limitFor(API_BODY_LIMIT);
  const uploadLimit = limitFor(ctx.config.maxUploadBytes + 64 * 1024);
  // Reads have no body: skipping the limit spares Node's adapter building a body stream per GET.
  app.use("/api/*", (c, next) =>
    c.req.method === "GET" || c.req.method === "HEAD"
      ? next()
      : c.req.header("content-type")?.toLowerCase().startsWith("multipart/form-data")
        ? uploadLimit(c, next)
        : jsonLimit(c, next),
  );
  app.use("*", inputGuard);
  // The session first: the XSRF token is checked against the session it was issued to.
  app.use("/api/*", sessionMiddleware);
  app.use("*", csrfProtection);
  // After a material change of the terms, a signed-in user accepts it before going on (issue 27).
  app.use("/api/*", termsGate);
  app.route("/api", api);
  app.all("/api/*", () => {
    throw new AppError("NOT_FOUND", "Ruta de la API no encontrada.");
  });

  app.get("/", (c) => c.redirect("/app", 302));
  mountSitemaps(app);
  app.get("/robots.txt", (c) => c.text(robotsTxt(ctx.config.appUrl), 200, { "Cache-Control": "public, max-age=3600" }));
  // Outside /app and /api: the pictures shared links show (crawlers may fetch them).
  app.get("/og/portada.png", defaultShareImageHandler);
  app.get("/og/oferta/:file", offerShareImageHandler);
  app.get("/og/empresa/:file", companyLogoHandler);
  app.get("/og/producto/:file", productShareImageHandler);
  app.get("/og/promocion/:file", promotionShareImageHandler);
  mountNewsFeeds(app);
  // The XML feed job aggregators read; before the pages, so it is not taken for a page path.
  app.get(JOBS_FEED_PATH, jobsFeedHandler);

  if (options.clientDir) mountStaticAssets(app, options.clientDir);
  if (options.build) mountPages(app, options.build, ctx, matchRoute);

  // Cache hits are answered before Hono dispatches the request (platform/page-cache/fast-path.ts):
  // the same answers the cache middlewares above give, without the chain in front of them.
  const answerFromCache = cacheHitAnswerer(ctx.pageCache, {
    logger: ctx.logger,
    draining: () => ctx.lifecycle.closingConnections,
    answered: ctx.telemetry.requestDone,
  });
  const dispatch = app.fetch;
  const answer: typeof app.fetch = (request, env, executionCtx) => answerFromCache(request, env) ?? dispatch(request, env, executionCtx);
  // With tracing on, each request is a span (renamed with its route once known: requestDone), in
  // the caller's trace when it sends a W3C traceparent header (decision 0115).
  const { tracer } = ctx.telemetry;
  app.fetch = tracer.enabled
    ? (request, env, executionCtx) =>
        tracer.inSpan("HTTP request", { "http.request.method": request.method }, async () => answer(request, env, executionCtx), {
          // A caller that traces (a proxy, another service) names its span: the request joins its trace.
          traceparent: request.headers.get("traceparent") ?? undefined,
        })
    : answer;
  return app;
}

/**
 * The Node request listener of an app built by createApp: page-cache hits are written straight to
 * Node's response (decision 0102), everything else goes through @hono/node-server to Hono.
 */
export function nodeRequestListener(app: Hono<AppEnv>, ctx: AppContext): (req: IncomingMessage, res: ServerResponse) => void {
  const listener = getRequestListener(app.fetch);
  // With tracing on, every request goes through app.fetch, which opens its span.
  const answerHit = ctx.telemetry.tracer.enabled
    ? () => false
    : nodeCacheHitAnswerer(ctx.pageCache, {
        logger: ctx.logger,
        draining: () => ctx.lifecycle.closingConnections,
        answered: ctx.telemetry.requestDone,
      });
  // An anonymous visitor's figures beacon likewise (decision 0125).
  const answerBeacon = ctx.telemetry.tracer.enabled
    ? () => false
    : nodeFiguresBeacons(ctx, [visitaFiguresBeacon, offerViewFiguresBeacon] as Array<FiguresBeacon<unknown>>, {
        draining: () => ctx.lifecycle.closingConnections,
        answered: ctx.telemetry.requestDone,
      });
  return (req, res) => {
    // The fast paths run inside Node's request event, where a throw would end the process: one
    // request must never do that (issue 24), so a fault there is logged and answered 500.
    let answered: boolean;
    try {
      answered = answerHit(req, res) || answerBeacon(req, res);
    } catch (error) {
      ctx.logger.error({ err: error }, "fast path failed");
      const failure = toErrorResponse(error);
      if (!res.headersSent)
        res.writeHead(failure.status, { "content-type": "application/json; charset=UTF-8", "cache-control": "no-store" });
      res.end(JSON.stringify(failure.body));
      return;
    }
    if (!answered) void listener(req, res);
  };
}

/**
 * One address per page: "/app/noticias/" answers 301 to "/app/noticias" (query kept), so search
 * engines never see two addresses with the same content. Leading slashes collapse to one, so
 * "//host/" cannot become a protocol-relative redirect to another site.
 */
async function trailingSlashRedirect(c: Context<AppEnv>, next: Next) {
  const { pathname, search } = new URL(c.req.url);
  if ((c.req.method !== "GET" && c.req.method !== "HEAD") || pathname.length < 2 || !pathname.endsWith("/")) return next();
  const target = `/${pathname.replace(/^\/+/, "").replace(/\/+$/, "")}`;
  if (target === "/") return next();
  return c.redirect(target + search, 301);
}

function mountPages(app: Hono<AppEnv>, build: ServerBuildSource, ctx: AppContext, matchRoute?: (pathname: string) => string | undefined) {
  // Every loader's and action's AppError becomes its page response in one place (platform/page-errors.ts).
  const mapped = typeof build === "function" ? async () => withPageErrors(await build()) : withPageErrors(build);
  const handle = createRequestHandler(mapped, ctx.config.env === "production" ? "production" : "development");
  const renders = admissionControl({ ...RENDER_ADMISSION, lag: processEventLoopLag().current });
  const patterns = typeof build === "function" ? undefined : routePatternsOf(build);
  const { tracer } = ctx.telemetry;
  app.all("*", renderAdmission(renders), sessionMiddleware, async (c) => {
    const loadContext: PageLoadContext = {
      app: ctx,
      requestId: c.get("requestId"),
      nonce: c.get("secureHeadersNonce") ?? "",
      clientIp: c.get("clientIp"),
      user: c.get("user"),
      timeZone: requestTimeZone(c.req.raw.headers),
    };
    // Paths outside /app are unknown: render them through the not-found page of the app shell.
    const request = c.req.path === "/app" || c.req.path.startsWith("/app/") ? c.req.raw : toAppNotFound(c.req.raw);
    const url = new URL(request.url);
    const routeId = matchRoute?.(pagePathOf(url));
    const route = (routeId && patterns?.get(routeId)) ?? "/app/*";
    c.set("route", route);
    const termsRedirect = await termsPageRedirect(ctx, loadContext.user, request);
    if (termsRedirect) return termsRedirect;
    const response = tracer.enabled
      ? await tracer.inSpan("page render", { "page.route": route }, () => handle(request, loadContext))
      : await handle(request, loadContext);
    if (loadContext.databaseUnavailable && response.status >= 500) return unavailablePage(c);
    // Every page's Cache-Control comes from its route's policy (common/cache-policy.ts).
    return applyPagePolicy(c, response, policyOfPath(matchRoute, url));
  });
}

function toAppNotFound(request: Request): Request {
  const url = new URL(request.url);
  url.pathname = `/app/__not-found${url.pathname}`;
  return new Request(url, { method: "GET", headers: request.headers });
}
