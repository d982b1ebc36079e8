/** Span attributes: never personal data (no e-mail, no name, no id of a user, no query value). */
export type SpanAttributes = Record<string, string | number | boolean>;

export type SpanRef = {
  setAttributes(attributes: SpanAttributes): void;
  updateName(name: string): void;
  /** Ends the span; an error marks it failed (its class, not its message: messages may quote input). */
  end(error?: unknown): void;
};

/**
 * The app's view of tracing (decision 0100): spans for requests, page renders, queries and mail.
 * NO_TRACER does nothing; the OpenTelemetry one (./otel.ts) is imported (./start-tracing.ts) only when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set, so that without it no tracing module is even loaded.
 */
export type Tracer = {
  readonly enabled: boolean;
  /**
   * Runs `run` inside a new span, active for everything `run` awaits: a child of the active one, or
   * with `traceparent` (a request's W3C Trace Context header) a child of the caller's span in the
   * caller's trace (decision 0115). A malformed header is ignored: the span starts a trace.
   */
  inSpan<T>(name: string, attributes: SpanAttributes, run: (span: SpanRef) => Promise<T>, options?: { traceparent?: string }): Promise<T>;
  /** A child span of the active one that does not become active itself (a query). */
  startSpan(name: string, attributes: SpanAttributes): SpanRef;
  /** The active span, to rename it once the route is known. */
  current(): SpanRef | undefined;
  /** The active trace's ids for a log line (pino mixin). */
  logFields(): { trace_id: string; span_id: string } | Record<string, never>;
  /** Sends what is buffered and stops. */
  shutdown(): Promise<void>;
};

const NO_SPAN: SpanRef = { setAttributes() {}, updateName() {}, end() {} };

export const NO_TRACER: Tracer = {
  enabled: false,
  inSpan: (_name, _attributes, run) => run(NO_SPAN),
  startSpan: () => NO_SPAN,
  current: () => undefined,
  logFields: () => ({}),
  shutdown: async () => {},
};

export type TracingSettings = { endpoint: string; serviceName: string; version: string; instanceId: string };

/** A W3C `traceparent` header's parts (https://www.w3.org/TR/trace-context/#traceparent-header), or undefined. */
export type RemoteParent = { traceId: string; spanId: string; sampled: boolean };

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
const ZEROS = /^0+$/;

/**
 * Reads a `traceparent` header: version 00 exactly as specified; a later version by its first four
 * fields (the spec's rule for versions this code does not know); version ff, all-zero ids or
 * anything else is refused.
 */
export function parseTraceparent(header: string | undefined): RemoteParent | undefined {
  const match = header ? TRACEPARENT.exec(header.trim()) : null;
  if (!match) return undefined;
  const [, version, traceId, spanId, flags, rest] = match as unknown as [string, string, string, string, string, string | undefined];
  if (version === "ff" || (version === "00" && rest !== undefined) || ZEROS.test(traceId) || ZEROS.test(spanId)) return undefined;
  return { traceId, spanId, sampled: (Number.parseInt(flags, 16) & 1) === 1 };
}

/** The SQL text a span keeps: drizzle sends placeholders ($1), never values; long statements are cut. */
export const statementForSpan = (statement: string) => (statement.length > 2000 ? `${statement.slice(0, 2000)}…` : statement);
