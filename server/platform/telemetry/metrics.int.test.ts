import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { startMetricsListener } from "./metrics-http";

const TOKEN = "m".repeat(40);
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ METRICS_TOKEN: TOKEN });
}, 180_000);
afterAll(() => server?.close());

const scrape = async () => {
  const response = await server.fetch("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  return response.text();
};

describe("Prometheus metrics (decision 0099)", () => {
  it("are refused without the bearer token", async () => {
    expect((await server.fetch("/metrics")).status).toBe(401);
    expect((await server.fetch("/metrics", { headers: { authorization: `Bearer ${"x".repeat(40)}` } })).status).toBe(401);
  });

  it("carry every family, labelled by route pattern and never by a raw path, id or address", async () => {
    await server.fetch("/api/empleo/ofertas/987654");
    await server.fetch("/app/noticias");
    await server.fetch("/app/noticias"); // the second from the page cache
    await server.fetch("/app/no-existe/usuario@example.com");
    const text = await scrape();
    for (const family of [
      "http_request_duration_seconds",
      "page_cache_hits_total",
      "page_cache_misses_total",
      "page_cache_bytes",
      "page_cache_evictions_total",
      "db_pool_connections_in_use",
      "db_pool_waiting",
      "db_query_duration_seconds",
      "mail_outbox_messages",
      "mail_outbox_oldest_pending_age_seconds",
      "websocket_connections",
      "websocket_messages_sent_total",
      "job_last_success_timestamp_seconds",
      "job_lag_seconds",
      "db_listen_connected",
      "process_cpu_user_seconds_total",
      "nodejs_eventloop_lag_seconds",
    ]) {
      expect(text, family).toContain(`# TYPE ${family} `);
    }
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/empleo\/ofertas\/:id[^"]*",status="404"\} 1/);
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/app\/noticias",status="200"\} 2/);
    expect(text).toMatch(/job_last_run_timestamp_seconds\{job="heartbeat"\}/);
    const labels = [...text.matchAll(/\{([^}]*)\}/g)].map((match) => match[1] ?? "").join("\n");
    expect(labels).not.toContain("987654");
    expect(labels).not.toContain("@");
    expect(labels).not.toContain("no-existe");
    expect(labels).not.toMatch(/user_?id|email/i);
  });

  it("have a listener of their own when METRICS_PORT is set, answering nothing else", async () => {
    const metrics = server.ctx.telemetry.metrics;
    if (!metrics) throw new Error("metrics are off");
    const listener = await startMetricsListener(metrics, { port: 0, host: "127.0.0.1", logger: server.ctx.logger });
    try {
      const base = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
      const response = await fetch(`${base}/metrics`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toContain("text/plain");
      expect(await response.text()).toContain("# TYPE http_request_duration_seconds histogram");
      expect((await fetch(`${base}/api/empleo/ofertas`)).status).toBe(404);
    } finally {
      listener.closeAllConnections();
      await new Promise((resolve) => listener.close(resolve));
    }
  });
});
