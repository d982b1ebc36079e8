import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { QueryObserver } from "#server/db/client";
import { loopLagMs } from "#server/platform/background-loop";
import type { InstanceSources } from "./sources";

export type Metrics = {
  recordRequest(method: string, route: string, status: number, seconds: number): void;
  queryObserver: QueryObserver;
  scrape(): Promise<{ contentType: string; body: string }>;
};

/** Methods outside this list are counted as OTHER: a client must not be able to invent label values. */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const OPERATIONS = new Set(["select", "insert", "update", "delete", "with", "begin", "commit", "rollback"]);

/** A counter whose value lives elsewhere (a running total): set on each scrape. */
function totalCounter(registry: Registry, name: string, help: string, read: () => number) {
  new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      this.reset();
      this.inc(read());
    },
  });
}

/**
 * The Prometheus registry of one instance (decision 0099). Labels carry patterns and names the
 * code chose (a route's pattern, a job's name), never a raw path, an id or an address.
 */
export function createMetrics(sources: InstanceSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: "http_request_duration_seconds",
    help: "HTTP requests by route pattern, method and status, with their latency",
    labelNames: ["method", "route", "status"],
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const queries = new Histogram({
    name: "db_query_duration_seconds",
    help: "Database queries by operation (the statement's first word), with their latency",
    labelNames: ["operation", "outcome"],
    buckets: [0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5],
    registers: [registry],
  });
  const cache = () => sources.pageCache();
  totalCounter(registry, "page_cache_hits_total", "Requests answered from the page cache", () => cache().hits);
  totalCounter(registry, "page_cache_misses_total", "Cacheable requests the page cache could not answer", () => cache().misses);
  totalCounter(registry, "page_cache_evictions_total", "Pages dropped to make room", () => cache().evictions);
  gauge(registry, "page_cache_bytes", "Memory the page cache holds", () => cache().bytes);
  gauge(registry, "page_cache_max_bytes", "The page cache's budget (PAGE_CACHE_MB)", () => cache().maxBytes);
  gauge(registry, "page_cache_entries", "Pages in the page cache", () => cache().entries);
  gauge(registry, "db_pool_connections_in_use", "Pool connections running a query or transaction", () => {
    const pool = sources.pool();
    return pool ? pool.total - pool.idle : 0;
  });
  gauge(registry, "db_pool_waiting", "Queries waiting for a pool connection", () => sources.pool()?.waiting ?? 0);
  gauge(registry, "db_pool_max", "The pool's size (DATABASE_POOL_MAX; 1 for PGlite)", () => sources.pool()?.max ?? 1);
  gauge(registry, "db_listen_connected", "1 while the LISTEN connection is up, 0 while it reconnects", () =>
    sources.listenState() === "reconnecting" ? 0 : 1,
  );
  // Both read by one query per scrape: the depth's collect() sets the age too (collected after it).
  const outboxAge = new Gauge({
    name: "mail_outbox_oldest_pending_age_seconds",
    help: "Age of the oldest pending message (0: none)",
    registers: [],
  });
  new Gauge({
    name: "mail_outbox_messages",
    help: "Messages in the outbox by status",
    labelNames: ["status"],
    registers: [registry],
    async collect() {
      const health = await sources.outbox();
      this.set({ status: "pending" }, health.pending);
      this.set({ status: "failed" }, health.failed);
      outboxAge.set(health.oldestPendingAgeSeconds);
    },
  });
  registry.registerMetric(outboxAge);
  gauge(registry, "websocket_connections", "Open WebSocket connections", () => sources.websockets().connections);
  totalCounter(registry, "websocket_messages_received_total", "WebSocket messages received", () => sources.websockets().received);
  totalCounter(
    registry,
    "websocket_messages_sent_total",
    "WebSocket messages sent (rate() gives messages/s)",
    () => sources.websockets().sent,
  );
  const loopGauge = (name: string, help: string, read: (loop: ReturnType<InstanceSources["loops"]>[number]) => number | null) =>
    new Gauge({
      name,
      help,
      labelNames: ["job"],
      registers: [registry],
      collect() {
        this.reset();
        for (const loop of sources.loops()) {
          const value = read(loop);
          if (value !== null) this.set({ job: loop.name }, value);
        }
      },
    });
  loopGauge("job_last_success_timestamp_seconds", "When each background job last succeeded", (loop) =>
    loop.lastSuccessAt === null ? null : loop.lastSuccessAt / 1000,
  );
  loopGauge("job_last_run_timestamp_seconds", "When each background job last started", (loop) =>
    loop.lastRunAt === null ? null : loop.lastRunAt / 1000,
  );
  loopGauge(
    "job_lag_seconds",
    "How late each background job is beyond 1.5 intervals since its last success",
    (loop) => loopLagMs(loop) / 1000,
  );
  loopGauge("job_failed_passes", "Failed passes of each background job since the instance started", (loop) => loop.failures);

  return {
    recordRequest(method, route, status, seconds) {
      requests.observe({ method: METHODS.has(method) ? method : "OTHER", route, status }, seconds);
    },
    queryObserver(statement) {
      const started = performance.now();
      const word = /^\s*(\w+)/.exec(statement)?.[1]?.toLowerCase() ?? "";
      const operation = OPERATIONS.has(word) ? word : "other";
      return (error) => queries.observe({ operation, outcome: error ? "error" : "ok" }, (performance.now() - started) / 1000);
    },
    async scrape() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}

function gauge(registry: Registry, name: string, help: string, read: () => number) {
  new Gauge({
    name,
    help,
    registers: [registry],
    collect() {
      this.set(read());
    },
  });
}
