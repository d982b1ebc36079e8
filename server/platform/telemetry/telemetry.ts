import type { Database } from "#server/db/client";
import { backgroundLoopStatuses } from "#server/platform/background-loop";
import type { Mailer } from "#server/platform/mail/outbox";
import type { PageCache } from "#server/platform/page-cache/page-cache";
import type { RealtimeHub } from "#server/platform/realtime/hub";
import type { Metrics } from "./metrics";
import type { InstanceSources } from "./sources";
import { statementForSpan, type Tracer } from "./tracing";

/**
 * Metrics and traces of one instance (decisions 0099, 0100). Either may be off: then `metrics` is
 * undefined (prom-client never loaded) and `tracer` is NO_TRACER (OpenTelemetry never loaded),
 * and requestDone() costs two checks per request.
 */
export type Telemetry = {
  instanceId: string;
  tracer: Tracer;
  metrics: Metrics | undefined;
  sources: InstanceSources;
  /** Once per answered request, with the route's pattern (never the raw path). */
  requestDone(method: string, route: string, status: number, startedAt: number): void;
};

/** The parts of the context the figures come from (declared here: the context itself holds a Telemetry). */
type Sources = { pageCache: PageCache; database: Database; mailer: Mailer; realtime: RealtimeHub };

export function instanceSources(ctx: Sources): InstanceSources {
  return {
    pageCache: () => ctx.pageCache.stats(),
    pool: () => ctx.database.poolStats(),
    listenState: () => ctx.database.listenState(),
    outbox: () => ctx.mailer.health(),
    websockets: () => ({ connections: ctx.realtime.connectionCount(), ...ctx.realtime.messageCounts() }),
    loops: () => backgroundLoopStatuses(ctx),
  };
}

export function createTelemetry(instanceId: string, tracer: Tracer, metrics: Metrics | undefined, sources: InstanceSources): Telemetry {
  return {
    instanceId,
    tracer,
    metrics,
    sources,
    requestDone(method, route, status, startedAt) {
      metrics?.recordRequest(method, route, status, (performance.now() - startedAt) / 1000);
      if (!tracer.enabled) return;
      const span = tracer.current();
      span?.updateName(`HTTP ${method} ${route}`);
      span?.setAttributes({ "http.request.method": method, "http.route": route, "http.response.status_code": status });
    },
  };
}

/** A span per query: the statement with its placeholders, never the values bound to them. */
export function traceQueries(tracer: Tracer) {
  return (statement: string) => {
    const span = tracer.startSpan("db query", { "db.system.name": "postgresql", "db.query.text": statementForSpan(statement) });
    return (error?: unknown) => span.end(error);
  };
}
