import { timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { Logger } from "#server/platform/logger";
import type { Metrics } from "./metrics";

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * GET /metrics in Prometheus' text format. With a token, only for "Authorization: Bearer <token>"
 * (401 otherwise, compared in constant time); without one, only on the separate listener.
 */
export async function answerMetrics(
  metrics: Metrics,
  token: string | undefined,
  authorization: string | undefined,
): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  if (token !== undefined && !sameSecret(authorization ?? "", `Bearer ${token}`)) {
    return {
      status: 401,
      headers: { "content-type": "application/json; charset=utf-8", "www-authenticate": "Bearer" },
      body: '{"message":"No autenticado."}',
    };
  }
  const { contentType, body } = await metrics.scrape();
  return { status: 200, headers: { "content-type": contentType, "cache-control": "no-store" }, body };
}

/**
 * The separate listener of METRICS_PORT (decision 0099): /metrics and nothing else, so that the
 * port can be left closed to the internet and opened to the scraper alone.
 */
export function startMetricsListener(
  metrics: Metrics,
  options: { port: number; host: string; token?: string; logger: Logger },
): Promise<Server> {
  const server = createServer((req, res) => {
    const path = req.url?.split("?")[0];
    if (path !== "/metrics" || (req.method !== "GET" && req.method !== "HEAD")) {
      res.writeHead(404, { "content-type": "application/json; charset=utf-8" }).end('{"message":"No encontrado."}');
      return;
    }
    answerMetrics(metrics, options.token, req.headers.authorization).then(
      ({ status, headers, body }) => res.writeHead(status, headers).end(req.method === "HEAD" ? undefined : body),
      (error) => {
        options.logger.error({ err: error }, "metrics: scrape failed");
        res.writeHead(503, { "content-type": "application/json; charset=utf-8" }).end('{"message":"Métricas no disponibles."}');
      },
    );
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve(server);
    });
  });
}
