import { context, type Span, SpanKind, SpanStatusCode, TraceFlags, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, TracerProvider } from "@opentelemetry/sdk-trace";
import { parseTraceparent, type SpanAttributes, type SpanRef, type Tracer, type TracingSettings } from "./tracing";

/** Context travels through async calls on AsyncLocalStorage; one manager per process (the API's global). */
let contextManagerSet = false;

function refOf(span: Span): SpanRef {
  return {
    setAttributes: (attributes) => span.setAttributes(attributes),
    updateName: (name) => span.updateName(name),
    end(error) {
      if (error !== undefined) {
        // The class of the error only: a message may quote what a user typed.
        span.setStatus({ code: SpanStatusCode.ERROR });
        span.setAttribute("error.type", error instanceof Error ? error.constructor.name : typeof error);
      }
      span.end();
    },
  };
}

/** OpenTelemetry spans exported over OTLP/HTTP (JSON) to `${endpoint}/v1/traces`, in batches. */
export function createOtelTracer(settings: TracingSettings): Tracer {
  if (!contextManagerSet) {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    contextManagerSet = true;
  }
  const provider = new TracerProvider({
    resource: resourceFromAttributes({
      "service.name": settings.serviceName,
      "service.version": settings.version,
      "service.instance.id": settings.instanceId,
    }),
    spanProcessors: [
      new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url: `${settings.endpoint}/v1/traces` }), scheduledDelayMillis: 1000 }),
    ],
  });
  const tracer = provider.getTracer("farmanexo");
  const kindOf = (name: string) => (name.startsWith("HTTP ") ? SpanKind.SERVER : SpanKind.INTERNAL);
  return {
    enabled: true,
    async inSpan<T>(
      name: string,
      attributes: SpanAttributes,
      run: (span: SpanRef) => Promise<T>,
      options?: { traceparent?: string },
    ): Promise<T> {
      // A caller's span (an incoming traceparent): this span joins its trace as its child; the
      // default sampler follows the caller's sampled flag.
      const remote = parseTraceparent(options?.traceparent);
      const parent = remote
        ? trace.setSpanContext(context.active(), {
            traceId: remote.traceId,
            spanId: remote.spanId,
            traceFlags: remote.sampled ? TraceFlags.SAMPLED : TraceFlags.NONE,
            isRemote: true,
          })
        : context.active();
      const span = tracer.startSpan(name, { attributes, kind: kindOf(name) }, parent);
      const ref = refOf(span);
      try {
        const result = await context.with(trace.setSpan(parent, span), () => run(ref));
        ref.end();
        return result;
      } catch (error) {
        ref.end(error);
        throw error;
      }
    },
    startSpan: (name, attributes) => refOf(tracer.startSpan(name, { attributes, kind: SpanKind.CLIENT })),
    current() {
      const span = trace.getActiveSpan();
      return span ? refOf(span) : undefined;
    },
    logFields(): { trace_id: string; span_id: string } | Record<string, never> {
      const span = trace.getActiveSpan();
      if (!span) return {};
      const { traceId, spanId } = span.spanContext();
      return { trace_id: traceId, span_id: spanId };
    },
    shutdown: () => provider.shutdown(),
  };
}
