import type { IncomingMessage, ServerResponse } from "node:http";
import type { AppContext } from "#server/context";
import { stripIpv4Mapping } from "./client-ip";
import { AppError, toErrorResponse } from "./errors";
import { BEACON_MAX_BYTES, countBeaconIfAllowed, type FiguresBeacon, parseBeaconBody } from "./figures-beacon";
import { redactTokens } from "./logger";
import { requestIdOf } from "./page-cache/fast-path";
import { hasSessionCookie } from "./session-cookie";

// An anonymous visitor's figures beacon answered at the level of Node's request and response
// (decision 0125), as a page-cache hit is (decision 0102): no Fetch Request, Response or header
// objects, no middleware chain. A beacon is one more request per page view, so its cost is
// measured against a cached page's. A request with a session (cookie or bearer) goes the ordinary
// way, where the session is read to leave out the user's own objects.

type Options = {
  draining: () => boolean;
  answered?: (method: string, route: string, status: number, startedAt: number) => void;
};

type Route = { pattern: RegExp; names: string[]; beacon: FiguresBeacon<unknown> };

const routeOf = (beacon: FiguresBeacon<unknown>): Route => {
  const names: string[] = [];
  const source = beacon.path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/:(\w+)/g, (_, name: string) => {
    names.push(name);
    return "([^/?]+)";
  });
  return { pattern: new RegExp(`^${source}(?:\\?.*)?$`), names, beacon };
};

/** Returns a listener step that answers an anonymous beacon and says true, or writes nothing and says false. */
export function nodeFiguresBeacons(
  ctx: AppContext,
  beacons: Array<FiguresBeacon<unknown>>,
  options: Options,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  const routes = beacons.map(routeOf);
  return (req, res) => {
    if (req.method !== "POST") return false;
    const target = req.url ?? "";
    if (!target.startsWith("/api/")) return false;
    let route: Route | undefined;
    let match: RegExpExecArray | null = null;
    for (const candidate of routes) {
      match = candidate.pattern.exec(target);
      if (match) {
        route = candidate;
        break;
      }
    }
    if (!route || !match) return false;
    const { headers } = req;
    if (headers.authorization || hasSessionCookie(headers.cookie)) return false;
    const started = performance.now();
    const params = decodedParams(route.names, match);
    // A malformed escape ("%E0%A4%A") goes the ordinary way, whose router answers it: a throw here
    // would reach Node's request event and end the process.
    if (!params) return false;
    const chunks: Buffer[] = [];
    let size = Number(headers["content-length"] ?? 0);
    let tooLarge = size > BEACON_MAX_BYTES;
    size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > BEACON_MAX_BYTES) tooLarge = true;
      else if (!tooLarge) chunks.push(chunk);
    });
    req.on("error", () => res.destroy());
    req.on("end", () => {
      void answer(ctx, route.beacon, req, res, { params, text: Buffer.concat(chunks).toString("utf8"), tooLarge, started }, options);
    });
    return true;
  };
}

async function answer(
  ctx: AppContext,
  beacon: FiguresBeacon<unknown>,
  req: IncomingMessage,
  res: ServerResponse,
  got: { params: Map<string, string>; text: string; tooLarge: boolean; started: number },
  options: Options,
) {
  const requestId = requestIdOf(header(req, "x-request-id"));
  const extra: Record<string, string> = { "x-request-id": requestId, "cache-control": "no-store" };
  if (options.draining()) extra.connection = "close";
  let status: number = beacon.status;
  try {
    if (got.tooLarge) throw new AppError("PAYLOAD_TOO_LARGE");
    const input = beacon.read({ body: parseBeaconBody(got.text), param: (name) => got.params.get(name) });
    await countBeaconIfAllowed(
      ctx,
      beacon,
      input,
      {
        userAgent: header(req, "user-agent"),
        origin: header(req, "origin"),
        requestOrigin: `http://${header(req, "host") ?? "localhost"}`,
        clientIp: clientIpOf(req, ctx.config.trustProxy),
        cookie: header(req, "cookie"),
        globalPrivacyControl: header(req, "sec-gpc"),
      },
      async () => null,
      ctx.logger,
    );
    res.writeHead(status, extra);
    res.end();
  } catch (error) {
    // The area's 4xx for a malformed beacon, as the API would answer it.
    const response = toErrorResponse(error);
    status = response.status;
    res.writeHead(status, { ...extra, "content-type": "application/json; charset=UTF-8" });
    res.end(JSON.stringify(response.body));
  }
  options.answered?.("POST", beacon.path, status, got.started);
  if (ctx.logger.isLevelEnabled("info")) {
    const ms = Math.round((performance.now() - got.started) * 10) / 10;
    const path = redactTokens((req.url ?? "").split("?", 1)[0] ?? "");
    ctx.logger.child({ requestId }).info({ method: "POST", path, status, ms }, "request");
  }
}

function decodedParams(names: string[], match: RegExpExecArray): Map<string, string> | null {
  try {
    return new Map(names.map((name, i) => [name, decodeURIComponent(match[i + 1] ?? "")]));
  } catch {
    return null;
  }
}

const header = (req: IncomingMessage, name: string) => {
  const value = req.headers[name];
  return typeof value === "string" ? value : value?.join(", ");
};

/** The same address resolveClientIp gives (client-ip.ts), from Node's request. */
function clientIpOf(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const last = header(req, "x-forwarded-for")
      ?.split(",")
      .map((part) => part.trim())
      .filter(Boolean)
      .at(-1);
    if (last) return stripIpv4Mapping(last);
  }
  return stripIpv4Mapping(req.socket.remoteAddress ?? "");
}
