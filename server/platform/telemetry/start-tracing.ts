import { NO_TRACER, type Tracer, type TracingSettings } from "./tracing";

/**
 * The tracer for the settings: NO_TRACER without an OTLP endpoint, else the OpenTelemetry one,
 * loaded only then. Apart from tracing.ts, which otel.ts imports, so that the two form no cycle.
 */
export async function startTracing(settings: TracingSettings | undefined): Promise<Tracer> {
  if (!settings) return NO_TRACER;
  const { createOtelTracer } = await import("./otel");
  return createOtelTracer(settings);
}
